package io.rocklake.conformance.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.arrowscan.s3.S3MockServer;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One writer and three read-only replicas, each its own {@code rocklake serve --catalog-root}
 * process, on one folder and on one S3 bucket (S3Mock): DuckDB's captured sessions replay into fresh
 * catalogs of the writer while a pgjdbc writer commits snapshot pairs to a {@code counter} catalog
 * and readers query every replica without pause. Midway the writer is killed with SIGKILL and
 * restarted on the same root. No reader may see half a pair or time going backwards; every pair the
 * writer acknowledged is on the restarted writer and on every replica; every replayed catalog reads
 * the same on every replica as on the writer; and no replica sent the store a single write.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReplicasUnderWriteLoadTest {
  private static final String BUCKET = "rocklake-replicas";
  private static final List<String> REPLAYED = List.of("03_dml_timetravel", "04_inlining");
  private static final Pattern REQUESTS = Pattern.compile(
      "rocklake_object_store_requests_total\\{kind=\"([a-z_]+)\",?\\} ([0-9.E+]+)");

  private final Corpus corpus = Corpus.locate();
  private S3MockServer s3;

  @BeforeAll
  void startS3() {
    s3 = S3MockServer.start();
    s3.createBucket(BUCKET);
  }

  @AfterAll
  void stopS3() {
    if (s3 != null) {
      s3.close();
    }
  }

  private static Connection connect(int port, String database) throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/" + database
        + "?user=duck&preferQueryMode=simple&connectTimeout=5&socketTimeout=30");
  }

  @ParameterizedTest(name = "catalogs in {0}")
  @ValueSource(strings = {"a folder", "S3"})
  void replicasFollowAWriterKilledAndRestartedUnderLoadSeeNoHalfCommitLoseNothingAndWriteNothing(String where)
      throws Exception {
    Path folder = Files.createTempDirectory("rocklake-replicas-");
    boolean onS3 = where.equals("S3");
    String root = onS3 ? "s3://" + BUCKET + "/run-" + System.nanoTime() : folder.resolve("lakes").toString();
    Map<String, String> env = onS3 ? s3.env() : Map.of();
    List<String> common = new ArrayList<>(List.of("--catalog-root", root, "--bind", "127.0.0.1:0"));
    if (onS3) {
      common.addAll(List.of("--data-path", "s3://" + BUCKET + "/data/"));
    }
    List<ServeChild> replicas = new ArrayList<>();
    ServeChild[] writer = {ServeChild.serve(env, common.toArray(String[]::new))};
    try {
      try (Connection c = connect(writer[0].port(), "counter"); Statement s = c.createStatement()) {
        s.execute("BEGIN TRANSACTION");
        for (RelationDef r : DuckLakeRelations.ALL) {
          s.execute(r.createTableSql());
        }
        s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (0, NOW(), 0, 1, 0)");
        s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (1, NOW(), 0, 1, 0)");
        s.execute("COMMIT");
      }
      for (int i = 0; i < 3; i++) {
        List<String> args = new ArrayList<>(common);
        args.addAll(List.of("--read-only", "--replica-poll-ms", "50", "--metrics-bind", "127.0.0.1:0"));
        replicas.add(ServeChild.serve(env, args.toArray(String[]::new)));
      }

      AtomicBoolean loading = new AtomicBoolean(true);
      ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();
      AtomicLong acknowledgedPairs = new AtomicLong(); // pairs 1..n, snapshots 2k and 2k+1
      AtomicLong writerOutages = new AtomicLong();
      AtomicReference<Throwable> writerFailure = new AtomicReference<>();
      Thread pairs = new Thread(() -> {
        try {
          while (loading.get()) {
            try (Connection c = connect(writer[0].port(), "counter"); Statement s = c.createStatement()) {
              long next = latest(s) / 2 + 1; // after a kill, a pair unacknowledged but durable is kept
              while (loading.get()) {
                s.execute("BEGIN TRANSACTION");
                s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (" + 2 * next + ", NOW(), 0, 1, 0)");
                s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (" + (2 * next + 1) + ", NOW(), 0, 1, 0)");
                s.execute("COMMIT");
                acknowledgedPairs.set(next);
                next++;
                Thread.sleep(5);
              }
            } catch (SQLException writerGone) {
              writerOutages.incrementAndGet(); // the kill: connect again once the writer is back
              Thread.sleep(200);
            }
          }
        } catch (Throwable e) {
          writerFailure.set(e);
        }
      }, "pair-writer");
      List<Thread> readers = new ArrayList<>();
      for (ServeChild replica : replicas) {
        Thread t = new Thread(() -> {
          try (Connection c = connect(replica.port(), "counter"); Statement s = c.createStatement()) {
            long seen = 0;
            while (loading.get()) {
              long[] cm = countAndMax(s);
              if (cm[0] % 2 != 0 || cm[1] != cm[0] - 1) {
                violations.add("half a commit on a replica: " + cm[0] + " snapshots, the highest " + cm[1]);
              }
              if (cm[0] < seen) {
                violations.add("a replica went back from " + seen + " to " + cm[0] + " snapshots");
              }
              seen = Math.max(seen, cm[0]);
            }
          } catch (Throwable e) {
            violations.add("reader failed: " + e);
          }
        }, "replica-reader");
        readers.add(t);
      }
      pairs.start();
      readers.forEach(Thread::start);

      List<String> replayed = new ArrayList<>();
      for (int i = 0; i < REPLAYED.size(); i++) {
        Scenario scenario = corpus.scenario(REPLAYED.get(i)).withDatabase("replay_" + i);
        replayed.add(scenario.database());
        ScenarioResult result = new Replayer().replay(scenario, new Endpoint("127.0.0.1", writer[0].port()));
        ReplayAssertions.assertPassedCompletely(scenario, result);
      }
      // SIGKILL mid-commit of the pair writer, then a supervisor's restart on the same root.
      long beforeKill = acknowledgedPairs.get();
      writer[0].kill();
      long acknowledgedAtKill = acknowledgedPairs.get();
      writer[0] = ServeChild.serve(env, common.toArray(String[]::new));
      long deadline = System.nanoTime() + 60_000_000_000L;
      while (acknowledgedPairs.get() < acknowledgedAtKill + 20 && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      loading.set(false);
      pairs.join(30_000);
      for (Thread t : readers) {
        t.join(30_000);
      }
      assertThat(writerFailure.get()).isNull();
      assertThat(violations).isEmpty();
      assertThat(beforeKill).as("pairs committed before the kill").isPositive();
      assertThat(writerOutages.get()).as("the pair writer met the kill").isPositive();
      long acknowledged = acknowledgedPairs.get();
      assertThat(acknowledged).as("pairs committed after the restart").isGreaterThanOrEqualTo(acknowledgedAtKill + 20);

      try (Connection w = connect(writer[0].port(), "counter"); Statement ws = w.createStatement()) {
        long[] onWriter = countAndMax(ws);
        assertThat(onWriter[1]).as("every acknowledged pair survived the kill").isGreaterThanOrEqualTo(2 * acknowledged + 1);
        assertThat(onWriter[0]).isEqualTo(onWriter[1] + 1);
        for (ServeChild replica : replicas) {
          try (Connection r = connect(replica.port(), "counter"); Statement rs = r.createStatement()) {
            long until = System.nanoTime() + 10_000_000_000L;
            while (countAndMax(rs)[1] < onWriter[1] && System.nanoTime() < until) {
              Thread.sleep(20);
            }
            assertThat(countAndMax(rs)).as("the replica converged").containsExactly(onWriter[0], onWriter[1]);
          }
          for (String database : replayed) {
            try (Connection wr = connect(writer[0].port(), database); Connection r = connect(replica.port(), database)) {
              assertThat(CatalogRows.all(r)).as(database + " on a replica").isEqualTo(CatalogRows.all(wr));
            }
          }
          Map<String, Double> requests = storeRequests(replica.metricsPort());
          assertThat(requests.get("get")).as("the replica read the store").isPositive();
          for (String write : List.of("put", "put_if_absent", "delete")) {
            assertThat(requests.get(write)).as(write + " requests of a replica").isZero();
          }
          assertThat(replica.isAlive()).isTrue();
        }
      }
      System.out.println("replicas under load (" + where + "): " + acknowledged + " pairs acknowledged, "
          + beforeKill + " before the kill, " + writerOutages.get() + " writer outage(s) met, "
          + REPLAYED.size() + " DuckDB sessions replayed");
    } finally {
      for (ServeChild r : replicas) {
        r.close();
      }
      writer[0].close();
      RockLakeTarget.delete(folder);
    }
  }

  private static long latest(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery("SELECT max(snapshot_id) FROM ducklake_snapshot")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static long[] countAndMax(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery("SELECT count(*), max(snapshot_id) FROM ducklake_snapshot")) {
      rs.next();
      return new long[] {rs.getLong(1), rs.getLong(2)};
    }
  }

  /** {@code rocklake_object_store_requests_total} by kind, scraped from a replica's /metrics. */
  private static Map<String, Double> storeRequests(int metricsPort) throws Exception {
    String text = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
        URI.create("http://127.0.0.1:" + metricsPort + "/metrics")).build(), HttpResponse.BodyHandlers.ofString()).body();
    Map<String, Double> out = new java.util.HashMap<>();
    Matcher m = REQUESTS.matcher(text);
    while (m.find()) {
      out.put(m.group(1), Double.parseDouble(m.group(2)));
    }
    assertThat(out).as("store requests in /metrics:%n%s", text).containsKeys("get", "put", "put_if_absent", "delete");
    return out;
  }
}
