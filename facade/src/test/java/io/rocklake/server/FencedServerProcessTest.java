package io.rocklake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.kv.Db;
import io.rocklake.kv.store.LocalFolderObjectStore;
import io.rocklake.server.cli.ServeProcess;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rocklake serve} as its own process loses its catalog to a newer writer: its sessions end with
 * FATAL 57P01 naming the newer epoch, it serves no read after noticing, logs why, and exits with 75.
 */
class FencedServerProcessTest {
  private static final RelationDef SNAPSHOT = DuckLakeRelations.ALL.get(1);

  @TempDir Path dir;

  @Test
  void aServerFencedByANewerWriterEndsItsSessionsWith57P01AndExitsWith75() throws Exception {
    Path catalog = dir.resolve("catalog");
    try (ServeProcess server = ServeProcess.serve(List.of(), catalog)) {
      int port = server.port();
      String url = "jdbc:postgresql://127.0.0.1:" + port + "/rocklake?user=duck&preferQueryMode=simple";
      Connection session = DriverManager.getConnection(url);
      try (Statement s = session.createStatement()) {
        s.execute("BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ");
        for (RelationDef r : DuckLakeRelations.ALL) {
          s.execute(r.createTableSql());
        }
        s.execute("COMMIT");
        s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (0, NOW(), 0, 1, 0)");
      }
      assertThat(latestSnapshot(session)).isEqualTo(0);

      // A second process (this one) opens the catalog for writing, and changes it.
      long fencedAt = System.nanoTime();
      try (Db newer = Db.open(new LocalFolderObjectStore(catalog))) {
        Catalog taken = Catalog.open(newer);
        CatalogTransaction tx = taken.begin();
        tx.insert(SNAPSHOT, new Object[] {1L, Instant.now(), 0L, 1L, 0L});
        tx.commit();

        SQLException ended = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (ended == null && System.nanoTime() < deadline) {
          try {
            assertThat(latestSnapshot(session)).as("until it notices, the old server can only know the old state")
                .isEqualTo(0);
            Thread.sleep(50);
          } catch (SQLException e) {
            ended = e;
          }
        }
        long noticedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - fencedAt);
        assertThat((Throwable) ended).as("the fenced server ended the session within 10 s").isNotNull();
        assertThat(ended.getSQLState()).isEqualTo("57P01");
        assertThat(ended.getMessage()).contains("terminating connection: this server was fenced by a newer writer (epoch "
            + newer.epoch() + "; this server's was " + (newer.epoch() - 1) + ")");
        assertThat(noticedMillis).as("noticed within two fence checks")
            .isLessThan(2 * RockLakeServer.FENCE_CHECK_INTERVAL.toMillis() + 1_000);
        System.out.println("fenced server noticed after " + noticedMillis + " ms");

        int status = server.awaitExit(30);
        String transcript = server.transcript();
        assertThat(status).as(transcript).isEqualTo(75);
        assertThat(transcript).contains("rocklake: ERROR: catalog writer epoch " + (newer.epoch() - 1)
            + " was fenced by a newer writer (epoch " + newer.epoch() + ")")
            .contains("rocklake: fenced by a newer writer of the catalog; exiting with status 75");
        final String u = url;
        assertThatThrownBy(() -> DriverManager.getConnection(u).close()).as("no new connections either")
            .isInstanceOf(SQLException.class);
      }
    }
  }

  private static long latestSnapshot(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT max(snapshot_id) FROM ducklake_snapshot")) {
      assertThat(rs.next()).isTrue();
      return rs.getLong(1);
    }
  }
}
