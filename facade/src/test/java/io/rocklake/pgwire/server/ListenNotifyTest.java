package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.facade.CatalogQueryEngine;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * pgjdbc's LISTEN: a DuckDB-shaped commit from another connection (snapshot row, its changes row,
 * one transaction) reaches every session listening on rocklake_commits, in snapshot order, and
 * nothing reaches other channels or a session after UNLISTEN.
 */
class ListenNotifyTest {
  private PgWireServer server;

  @BeforeEach
  void start() throws Exception {
    server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0),
        new CatalogQueryEngine(TestCatalogs.withDuckLakeTables(1)));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static void commitSnapshot(Statement s, long id, long schemaVersion, String changes) throws Exception {
    s.execute("BEGIN TRANSACTION");
    s.execute("INSERT INTO \"public\".ducklake_snapshot VALUES (" + id + ", NOW(), " + schemaVersion + ", 1, 0)");
    s.execute("INSERT INTO \"public\".ducklake_snapshot_changes VALUES (" + id + ", '" + changes + "', NULL, NULL, NULL)");
    s.execute("COMMIT");
  }

  private static List<String> payloads(Connection c, int timeoutMillis) throws Exception {
    List<String> out = new ArrayList<>();
    long deadline = System.currentTimeMillis() + timeoutMillis;
    while (System.currentTimeMillis() < deadline) {
      PGNotification[] n = c.unwrap(PGConnection.class).getNotifications(200);
      if (n != null) {
        for (PGNotification x : n) {
          assertThat(x.getName()).isEqualTo("rocklake_commits");
          out.add(x.getParameter());
        }
      }
    }
    return out;
  }

  @Test
  void listenersHearEachCommittedSnapshotInOrderAndUnlistenStopsThem() throws Exception {
    try (Connection a = TestCatalogs.connect(server); Connection b = TestCatalogs.connect(server);
        Connection other = TestCatalogs.connect(server); Connection writer = TestCatalogs.connect(server)) {
      try (Statement s = a.createStatement()) {
        s.execute("LISTEN rocklake_commits");
      }
      try (Statement s = b.createStatement()) {
        s.execute("LISTEN rocklake_commits");
      }
      try (Statement s = other.createStatement()) {
        s.execute("LISTEN something_else");
      }
      try (Statement w = writer.createStatement()) {
        commitSnapshot(w, 1, 1, "created_table:\"main\".\"t\"");
        commitSnapshot(w, 2, 1, "inserted_into_table:1");
      }
      List<String> expected = List.of(
          "{\"snapshot_id\":1,\"schema_version\":1,\"changes_made\":\"created_table:\\\"main\\\".\\\"t\\\"\"}",
          "{\"snapshot_id\":2,\"schema_version\":1,\"changes_made\":\"inserted_into_table:1\"}");
      assertThat(payloads(a, 2000)).containsExactlyElementsOf(expected);
      assertThat(payloads(b, 500)).containsExactlyElementsOf(expected);
      assertThat(payloads(other, 500)).isEmpty();

      try (Statement s = a.createStatement()) {
        s.execute("UNLISTEN *");
      }
      try (Statement w = writer.createStatement()) {
        commitSnapshot(w, 3, 2, "dropped_table:1");
      }
      assertThat(payloads(b, 2000)).containsExactly("{\"snapshot_id\":3,\"schema_version\":2,\"changes_made\":\"dropped_table:1\"}");
      assertThat(payloads(a, 500)).isEmpty();
    }
  }
}
