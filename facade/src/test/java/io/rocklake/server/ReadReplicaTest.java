package io.rocklake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.kv.store.LocalFolderObjectStore;
import io.rocklake.kv.store.MeteredObjectStore;
import io.rocklake.server.telemetry.Telemetry;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One writer and three read-only replicas on one catalog folder, over pgjdbc: the writer commits
 * DuckLake snapshots two at a time while readers query the replicas without pause. A reader that
 * ever saw an odd count, or a gap, saw half a commit; every replica must reach the writer's last
 * commit, write nothing to the store (its own metered store counts every PUT and DELETE) and refuse
 * writes with 25006. The time from a commit's acknowledgement on the writer to its first sight on a
 * replica is the staleness, printed as p50/p99.
 */
class ReadReplicaTest {
  private static final int PAIRS = 150;
  private static final Duration POLL = Duration.ofMillis(100);

  @TempDir Path dir;
  private final List<AutoCloseable> open = new ArrayList<>();

  @AfterEach
  void stop() throws Exception {
    Collections.reverse(open);
    for (AutoCloseable c : open) {
      c.close();
    }
  }

  private CatalogLocation location() {
    return CatalogLocation.parse(dir.resolve("catalog").toString());
  }

  private RockLakeServer writer() throws Exception {
    RockLakeServer w = RockLakeServer.start(ServerConfig.local(location(), 0),
        new LocalFolderObjectStore(dir.resolve("catalog")));
    open.add(w);
    return w;
  }

  private RockLakeServer replica(MeteredObjectStore store, boolean metrics) throws Exception {
    ServerConfig config = ServerConfig.local(location(), 0);
    if (metrics) {
      config = config.withTelemetry(Telemetry.defaults().withMetricsBind(new InetSocketAddress("127.0.0.1", 0)));
    }
    RockLakeServer r = RockLakeServer.startReplica(config, store, POLL);
    open.add(r);
    return r;
  }

  private static Connection connect(RockLakeServer s, String db) throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + s.port() + "/" + db
        + "?user=duck&preferQueryMode=simple");
  }

  /** count(*) and max(snapshot_id) of ducklake_snapshot. */
  private static long[] snapshots(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery("SELECT count(*), max(snapshot_id) FROM ducklake_snapshot")) {
      rs.next();
      long max = rs.getLong(2);
      return new long[] {rs.getLong(1), rs.wasNull() ? -1 : max};
    }
  }

  @Test
  void threeReplicasFollowAWriterUnderLoadSeeNoHalfCommitWriteNothingAndRefuseWrites() throws Exception {
    RockLakeServer writer = writer();
    try (Connection w = connect(writer, "rocklake"); Statement s = w.createStatement()) {
      s.execute("BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ");
      for (io.rocklake.catalog.RelationDef r : io.rocklake.catalog.DuckLakeRelations.ALL) {
        s.execute(r.createTableSql()); // DuckDB's ATTACH of a new lake
      }
      s.execute("COMMIT");
      s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (0, NOW(), 0, 1, 0)");
      s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (1, NOW(), 0, 1, 0)");
      w.setAutoCommit(false);
      snapshots(s); // compiles the readers' plan once, so that their first sightings measure the replica, not Calcite
      w.commit();
    }
    List<MeteredObjectStore> stores = new ArrayList<>();
    List<RockLakeServer> replicas = new ArrayList<>();
    AtomicBoolean writing = new AtomicBoolean(true);
    // acknowledged[k]: when pair k (snapshots 2k, 2k+1; pair 0 was before) was acknowledged on the writer
    AtomicLongArray acknowledged = new AtomicLongArray(PAIRS + 1);
    AtomicReference<Throwable> writerFailure = new AtomicReference<>();
    Thread load = new Thread(() -> {
      try (Connection w = connect(writer, "rocklake"); Statement s = w.createStatement()) {
        w.setAutoCommit(false);
        for (int k = 1; k <= PAIRS; k++) {
          s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (" + 2 * k + ", NOW(), 0, 1, 0)");
          s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (" + (2 * k + 1) + ", NOW(), 0, 1, 0)");
          w.commit();
          acknowledged.set(k, System.nanoTime());
          Thread.sleep(5);
        }
      } catch (Throwable e) {
        writerFailure.set(e);
      } finally {
        writing.set(false);
      }
    }, "replica-test-writer");
    load.start();
    // The replicas start while the writer commits: none may fence it.
    for (int i = 0; i < 3; i++) {
      MeteredObjectStore store = new MeteredObjectStore(new LocalFolderObjectStore(dir.resolve("catalog")));
      stores.add(store);
      replicas.add(replica(store, i == 0));
    }
    long replicasUp = System.nanoTime(); // staleness counts commits acknowledged after this, not start-up time
    ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();
    ConcurrentLinkedQueue<Long> staleness = new ConcurrentLinkedQueue<>();
    List<Thread> readers = new ArrayList<>();
    for (RockLakeServer r : replicas) {
      Thread t = new Thread(() -> {
        try (Connection c = connect(r, "rocklake"); Statement s = c.createStatement()) {
          long seenPairs = 0;
          long loops = 0;
          long began = System.nanoTime();
          while (true) {
            loops++;
            boolean last = !writing.get();
            c.setAutoCommit(false);
            long[] first = snapshots(s);
            long[] second = snapshots(s);
            c.commit();
            c.setAutoCommit(true);
            long now = System.nanoTime();
            if (first[0] % 2 != 0 || first[1] != first[0] - 1) {
              violations.add("half a commit: " + first[0] + " snapshots, the highest " + first[1]);
            }
            if (second[0] != first[0]) {
              violations.add("a transaction saw two commits: " + first[0] + " then " + second[0]);
            }
            long pairs = first[0] / 2 - 1;
            if (pairs < seenPairs) {
              violations.add("went back from " + seenPairs + " to " + pairs);
            }
            for (long k = Math.max(seenPairs + 1, 1); k <= pairs; k++) {
              long ack = acknowledged.get((int) k);
              if (ack > replicasUp) { // seen before this reader learnt of the acknowledgement: staleness 0 or less
                staleness.add(Math.max(0, now - ack));
              }
            }
            seenPairs = Math.max(seenPairs, pairs);
            if (last && seenPairs == PAIRS) {
              System.out.println("reader: " + loops + " transactions in " + (System.nanoTime() - began) / 1_000_000
                  + " ms; follower refresh lag " + r.replica().lagMillis() + " ms");
              return;
            }
            if (last && System.nanoTime() - acknowledged.get(PAIRS) > 5_000_000_000L) {
              violations.add("did not converge: at " + seenPairs + " of " + PAIRS + " pairs 5 s after the last commit");
              return;
            }
          }
        } catch (Throwable e) {
          violations.add("reader failed: " + e);
        }
      }, "replica-test-reader");
      readers.add(t);
      t.start();
    }
    load.join();
    for (Thread t : readers) {
      t.join(30_000);
    }
    assertThat(writerFailure.get()).isNull();
    assertThat(violations).isEmpty();
    for (RockLakeServer r : replicas) {
      assertThat(writer.replica()).isNull();
      try (Connection c = connect(r, "rocklake"); Statement s = c.createStatement()) {
        assertThat(snapshots(s)).containsExactly(2L * PAIRS + 2, 2L * PAIRS + 1);
        assertThatThrownBy(() -> s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (100000, NOW(), 0, 1, 0)"))
            .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("25006"))
            .hasMessageContaining("read-only replica of the catalog at " + location())
            .hasMessageContaining("write through the writer");
        assertThatThrownBy(() -> s.execute("CREATE TABLE t (a integer)"))
            .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("25006"));
      }
      // The lake database is served too.
      try (Connection c = connect(r, "lake"); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT 1")) {
        assertThat(rs.next()).isTrue();
      }
    }
    for (MeteredObjectStore store : stores) {
      assertThat(store.metrics().writeRequests()).as("PUT and DELETE requests of a replica").isZero();
    }
    // The writer was never fenced: it still commits.
    try (Connection w = connect(writer, "rocklake"); Statement s = w.createStatement()) {
      s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (" + (2 * PAIRS + 2) + ", NOW(), 0, 1, 0)");
    }
    assertThat(writer.terminated()).isNotDone();
    HttpResponse<String> metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
        + replicas.get(0).metricsAddress().getPort() + "/metrics")).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(metrics.body()).contains("rocklake_replica_lag_seconds ").contains("rocklake_replica_commit ");
    double lag = Double.parseDouble(metrics.body().lines().filter(l -> l.startsWith("rocklake_replica_lag_seconds "))
        .findFirst().orElseThrow().split(" ")[1]);
    assertThat(lag).isLessThan(2.0);
    List<Long> sorted = new ArrayList<>(staleness);
    Collections.sort(sorted);
    assertThat(sorted).hasSizeGreaterThan(PAIRS);
    long p50 = sorted.get(sorted.size() / 2) / 1_000_000;
    long p99 = sorted.get(sorted.size() * 99 / 100) / 1_000_000;
    long max = sorted.get(sorted.size() - 1) / 1_000_000;
    System.out.println("replica staleness over " + sorted.size() + " commit sightings on 3 replicas (poll "
        + POLL.toMillis() + " ms): p50 " + p50 + " ms, p99 " + p99 + " ms, max " + max + " ms");
    assertThat(p99).isLessThan(POLL.toMillis() * 10);
  }
}
