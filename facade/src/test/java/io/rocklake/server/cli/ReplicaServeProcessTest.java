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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rocklake serve --read-only} as a process beside a writer process on one catalog folder:
 * its banner says it is a replica, it follows the writer's commits, refuses writes with 25006, and
 * the writer goes on committing (a replica fences nothing).
 */
class ReplicaServeProcessTest {
  @TempDir Path dir;

  private static Connection connect(int port) throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/rocklake?user=duck&preferQueryMode=simple");
  }

  private static long latestSnapshot(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery("SELECT max(snapshot_id) FROM ducklake_snapshot")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void aReplicaProcessFollowsTheWriterProcessAndRefusesWrites() throws Exception {
    Path catalog = dir.resolve("catalog");
    try (ServeProcess writer = ServeProcess.serve(List.of(), catalog);
        Connection w = connect(writer.port()); Statement ws = w.createStatement()) {
      ws.execute("BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ");
      for (RelationDef r : DuckLakeRelations.ALL) {
        ws.execute(r.createTableSql());
      }
      ws.execute("COMMIT");
      ws.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (0, NOW(), 0, 1, 0)");
      try (ServeProcess replica = ServeProcess.serve(List.of(), Map.of(), catalog, "--read-only",
          "--replica-poll-ms", "100"); Connection r = connect(replica.port()); Statement rs = r.createStatement()) {
        assertThat(replica.transcript()).contains("rocklake: read-only replica: follows the writer's commits every 100 ms")
            .contains("READ_ONLY);");
        assertThat(latestSnapshot(rs)).isEqualTo(0);
        ws.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (1, NOW(), 0, 1, 0)");
        long acknowledged = System.nanoTime();
        while (latestSnapshot(rs) != 1) {
          assertThat(System.nanoTime() - acknowledged).as("seen on the replica within 5 s").isLessThan(5_000_000_000L);
          Thread.sleep(10);
        }
        System.out.println("replica process saw the commit " + (System.nanoTime() - acknowledged) / 1_000_000
            + " ms after the writer acknowledged it");
        assertThatThrownBy(() -> rs.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (2, NOW(), 0, 1, 0)"))
            .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("25006"))
            .hasMessageContaining("this server is a read-only replica of the catalog at " + catalog);
      }
      ws.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (2, NOW(), 0, 1, 0)");
      assertThat(latestSnapshot(ws)).isEqualTo(2);
      assertThat(writer.process().isAlive()).isTrue();
    }
  }
}
