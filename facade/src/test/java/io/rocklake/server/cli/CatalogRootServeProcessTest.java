package io.rocklake.server.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * The warehouse layers of one bucket as processes: {@code serve --catalog-root} is the writer of the
 * raw and mart catalogs, {@code serve --catalog-root --read-only} a replica of both. An ingest job
 * commits to raw on the writer without pause; a transform reads raw on the replica and materializes
 * what it read into mart on the writer; a dashboard LISTENs on the replica's mart and reads it live.
 */
class CatalogRootServeProcessTest {
  private static final int BATCHES = 20;

  @TempDir Path dir;

  private static Connection connect(int port, String database) throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/" + database
        + "?user=duck&preferQueryMode=simple");
  }

  private static void attachNewLake(Statement s) throws SQLException {
    s.execute("BEGIN TRANSACTION");
    for (RelationDef r : DuckLakeRelations.ALL) {
      s.execute(r.createTableSql());
    }
    s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (0, NOW(), 0, 1, 0)");
    s.execute("COMMIT");
  }

  private static void snapshot(Statement s, long id, String changes) throws SQLException {
    s.execute("BEGIN TRANSACTION");
    s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (" + id + ", NOW(), 0, 1, 0)");
    s.execute("INSERT INTO \"public\".\"ducklake_snapshot_changes\" VALUES (" + id + ", '" + changes + "', NULL, NULL, NULL)");
    s.execute("COMMIT");
  }

  private static long latest(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery("SELECT max(snapshot_id) FROM ducklake_snapshot")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void ingestWritesRawATransformReadsRawOnAReplicaAndWritesMartADashboardFollowsMart() throws Exception {
    Path root = dir.resolve("bucket");
    try (ServeProcess writer = ServeProcess.serveRoot(root);
        ServeProcess replica = ServeProcess.serveRoot(root, "--read-only", "--replica-poll-ms", "50")) {
      writer.awaitLine(l -> l.contains("any PostgreSQL client"), 10); // the banner's last line
      replica.awaitLine(l -> l.contains("any PostgreSQL client"), 10);
      assertThat(writer.transcript()).contains("rocklake: catalogs under " + root + ": dbname=NAME is the catalog in "
          + root + "/NAME/").contains("dbname=raw' AS raw (DATA_PATH '" + root + "/raw/data/');")
          .contains("dbname=mart' AS mart (DATA_PATH '" + root + "/mart/data/');");
      assertThat(replica.transcript()).contains("read-only replicas").contains("AS mart (DATA_PATH '" + root
          + "/mart/data/', READ_ONLY);");
      assertThatThrownBy(() -> connect(replica.port(), "raw").close()).as("no raw catalog yet")
          .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("3D000"));
      try (Connection raw = connect(writer.port(), "raw"); Connection mart = connect(writer.port(), "mart");
          Statement rs = raw.createStatement(); Statement ms = mart.createStatement()) {
        attachNewLake(rs);
        attachNewLake(ms);
      }

      AtomicBoolean ingesting = new AtomicBoolean(true);
      AtomicReference<Throwable> failure = new AtomicReference<>();
      Thread ingest = new Thread(() -> {
        try (Connection raw = connect(writer.port(), "raw"); Statement s = raw.createStatement()) {
          for (int b = 1; b <= BATCHES; b++) {
            snapshot(s, b, "inserted_into_table:1");
            Thread.sleep(20);
          }
        } catch (Throwable e) {
          failure.set(e);
        } finally {
          ingesting.set(false);
        }
      }, "ingest");
      List<String> dashboard = new ArrayList<>();
      try (Connection board = connect(replica.port(), "mart"); Statement bs = board.createStatement()) {
        bs.execute("LISTEN rocklake_commits");
        ingest.start();
        // The transform: what it reads of raw on the replica becomes one mart snapshot per new raw snapshot.
        long materialized = 0;
        try (Connection rawRead = connect(replica.port(), "raw"); Statement rr = rawRead.createStatement();
            Connection martWrite = connect(writer.port(), "mart"); Statement mw = martWrite.createStatement()) {
          long deadline = System.nanoTime() + 30_000_000_000L;
          while (materialized < BATCHES && System.nanoTime() < deadline) {
            long seen = latest(rr);
            assertThat(seen).as("the replica never goes back").isGreaterThanOrEqualTo(materialized);
            for (long id = materialized + 1; id <= seen; id++) {
              snapshot(mw, id, "inserted_into_table:2");
            }
            materialized = seen;
            Thread.sleep(10);
          }
          assertThatThrownBy(() -> rr.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (999, NOW(), 0, 1, 0)"))
              .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("25006"));
        }
        ingest.join();
        assertThat(failure.get()).isNull();
        assertThat(materialized).isEqualTo(BATCHES);
        long deadline = System.currentTimeMillis() + 5000;
        while (dashboard.size() < BATCHES && System.currentTimeMillis() < deadline) {
          PGNotification[] n = board.unwrap(PGConnection.class).getNotifications(200);
          if (n != null) {
            for (PGNotification x : n) {
              dashboard.add(x.getParameter());
            }
          }
        }
        assertThat(latest(bs)).isEqualTo(BATCHES);
      }
      assertThat(dashboard).hasSize(BATCHES).allSatisfy(p -> assertThat(p).contains("inserted_into_table:2"));
      assertThat(dashboard.get(BATCHES - 1)).startsWith("{\"snapshot_id\":" + BATCHES + ",");
      assertThat(writer.process().isAlive()).isTrue();
      assertThat(replica.process().isAlive()).isTrue();
    }
  }
}
