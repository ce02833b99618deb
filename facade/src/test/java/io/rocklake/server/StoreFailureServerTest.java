package io.rocklake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.kv.store.FaultInjectingObjectStore;
import io.rocklake.kv.store.LocalFolderObjectStore;
import io.rocklake.kv.store.StoreFailureReason;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A serving RockLake whose catalog folder stops taking writes (full, remounted read-only, permission
 * revoked) says why with PostgreSQL's SQLSTATE, keeps every session and every read, takes new
 * connections, and writes again once the cause is gone, without a restart.
 */
class StoreFailureServerTest {
  @TempDir Path dir;
  private FaultInjectingObjectStore store;
  private RockLakeServer server;

  @BeforeEach
  void start() throws Exception {
    store = new FaultInjectingObjectStore(new LocalFolderObjectStore(dir.resolve("catalog")));
    server = RockLakeServer.start(ServerConfig.local(CatalogLocation.parse(dir.resolve("catalog").toString()), 0), store);
    try (Connection c = connect(); Statement s = c.createStatement()) {
      s.execute("BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ");
      for (RelationDef r : DuckLakeRelations.ALL) {
        s.execute(r.createTableSql());
      }
      s.execute("COMMIT");
      s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (0, NOW(), 0, 1, 0)");
    }
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private Connection connect() throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port()
        + "/rocklake?user=duck&preferQueryMode=simple");
  }

  /** The DuckLake snapshots the server shows. */
  private static List<Long> snapshots(Connection c) throws SQLException {
    List<Long> ids = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT snapshot_id FROM ducklake_snapshot ORDER BY snapshot_id")) {
      while (rs.next()) {
        ids.add(rs.getLong(1));
      }
    }
    return ids;
  }

  /** DuckDB's own statement for a new snapshot. */
  private static void insert(Connection c, long snapshot) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (" + snapshot + ", NOW(), 0, 1, 0)");
    }
  }

  @Test
  void aWriteThatFindsTheServerFencedStopsItAtOnceNotAtTheNextFenceCheck() throws Exception {
    try (Connection session = connect()) {
      try (io.rocklake.kv.Db newer = io.rocklake.kv.Db.open(new LocalFolderObjectStore(dir.resolve("catalog")))) {
        long failedAt = System.nanoTime();
        assertThatThrownBy(() -> insert(session, 1)).isInstanceOfSatisfying(SQLException.class,
            e -> assertThat(e.getSQLState()).isEqualTo("57P01"));
        // The periodic check runs every FENCE_CHECK_INTERVAL; a write that found the fence must not wait for it.
        RockLakeServer.Termination why = server.terminated().get(
            RockLakeServer.FENCE_CHECK_INTERVAL.toMillis() / 2, java.util.concurrent.TimeUnit.MILLISECONDS);
        assertThat(why).isEqualTo(RockLakeServer.Termination.FENCED);
        System.out.println("stopped " + (System.nanoTime() - failedAt) / 1_000_000 + " ms after the fenced write");
      }
    }
  }

  @Test
  void aFullDiskFails53100WithTheOsCauseReadsGoOnAndWritesWorkOnceSpaceIsBack() throws Exception {
    try (Connection session = connect()) {
      store.startOutage(StoreFailureReason.NO_SPACE);
      assertThatThrownBy(() -> insert(session, 1))
          .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("53100"))
          .hasMessageContaining("could not write wal/")
          .hasMessageContaining(".wal: No space left on device");
      assertThat(snapshots(session)).as("the same session reads the last acknowledged commit").containsExactly(0L);
      try (Connection fresh = connect()) {
        assertThat(snapshots(fresh)).as("a new connection is served too").containsExactly(0L);
      }
      store.endOutage();
      insert(session, 1);
      assertThat(snapshots(session)).containsExactly(0L, 1L);
    }
  }

  @Test
  void aReadOnlyStoreFails25006AndAPermissionDeniedOne42501() throws Exception {
    try (Connection session = connect()) {
      store.startOutage(StoreFailureReason.READ_ONLY);
      assertThatThrownBy(() -> insert(session, 1))
          .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("25006"))
          .hasMessageContaining(": Read-only file system");
      store.startOutage(StoreFailureReason.PERMISSION_DENIED);
      Thread.sleep(1_100); // past the pause between two reopen attempts
      assertThatThrownBy(() -> insert(session, 1))
          .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("42501"))
          .hasMessageContaining(": Permission denied");
      assertThat(snapshots(session)).containsExactly(0L);
      store.endOutage();
      Thread.sleep(1_100);
      insert(session, 1);
      assertThat(snapshots(session)).containsExactly(0L, 1L);
      assertThat(server.terminated()).as("a store failure is no reason to stop").isNotDone();
    }
  }
}
