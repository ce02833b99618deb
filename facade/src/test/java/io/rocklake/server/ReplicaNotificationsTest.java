package io.rocklake.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.kv.store.LocalFolderObjectStore;
import io.rocklake.kv.store.MeteredObjectStore;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * {@code LISTEN rocklake_commits} on a read-only replica: the snapshots the writer commits reach a
 * replica's listener once the replica has caught up with them, in order, each with its own payload,
 * so that a dashboard connected to a replica refreshes on new data as one on the writer does.
 */
class ReplicaNotificationsTest {
  @TempDir Path dir;
  private final List<AutoCloseable> open = new ArrayList<>();

  @AfterEach
  void stop() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) {
      open.get(i).close();
    }
  }

  private static Connection connect(RockLakeServer s) throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + s.port() + "/rocklake?user=duck&preferQueryMode=simple");
  }

  @Test
  void aReplicasListenersHearEverySnapshotTheWriterCommitsInOrder() throws Exception {
    CatalogLocation location = CatalogLocation.parse(dir.resolve("catalog").toString());
    RockLakeServer writer = RockLakeServer.start(ServerConfig.local(location, 0), new LocalFolderObjectStore(dir.resolve("catalog")));
    open.add(writer);
    RockLakeServer replica = RockLakeServer.startReplica(ServerConfig.local(location, 0),
        new MeteredObjectStore(new LocalFolderObjectStore(dir.resolve("catalog"))), Duration.ofMillis(100));
    open.add(replica);
    try (Connection listener = connect(replica); Statement l = listener.createStatement();
         Connection w = connect(writer); Statement s = w.createStatement()) {
      s.execute("BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ");
      for (io.rocklake.catalog.RelationDef r : io.rocklake.catalog.DuckLakeRelations.ALL) {
        s.execute(r.createTableSql()); // DuckDB's ATTACH of a new lake
      }
      s.execute("COMMIT");
      l.execute("LISTEN rocklake_commits");
      for (long id = 0; id < 3; id++) {
        s.execute("BEGIN TRANSACTION");
        s.execute("INSERT INTO \"public\".ducklake_snapshot VALUES (" + id + ", NOW(), " + id + ", 1, 0)");
        s.execute("INSERT INTO \"public\".ducklake_snapshot_changes VALUES (" + id + ", 'created_table:\"t" + id + "\"', NULL, NULL, NULL)");
        s.execute("COMMIT");
      }
      List<String> payloads = new ArrayList<>();
      long deadline = System.currentTimeMillis() + 10_000;
      while (payloads.size() < 3 && System.currentTimeMillis() < deadline) {
        PGNotification[] n = listener.unwrap(PGConnection.class).getNotifications(200);
        if (n != null) {
          for (PGNotification x : n) {
            assertThat(x.getName()).isEqualTo("rocklake_commits");
            payloads.add(x.getParameter());
          }
        }
      }
      assertThat(payloads).containsExactly(
          "{\"snapshot_id\":0,\"schema_version\":0,\"changes_made\":\"created_table:\\\"t0\\\"\"}",
          "{\"snapshot_id\":1,\"schema_version\":1,\"changes_made\":\"created_table:\\\"t1\\\"\"}",
          "{\"snapshot_id\":2,\"schema_version\":2,\"changes_made\":\"created_table:\\\"t2\\\"\"}");
    }
  }
}
