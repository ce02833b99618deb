package io.rocklake.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.engine.EngineSession;
import io.rocklake.facade.CatalogQueryEngine;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.GarbageCollector;
import io.rocklake.kv.store.LocalFolderObjectStore;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replica whose SSTs the writer's collector deleted under it (here: a replica that does not poll
 * within the test, and a collection without grace) recovers by itself: the statement that finds a
 * file gone either answers from the newest manifest or fails with 40001, and the next one reads the
 * writer's newest commit — without the replica's poll ever running.
 */
class ReplicaAfterGarbageCollectionTest {
  private static final int ROWS = 1500;

  @TempDir Path dir;

  private static void run(EngineSession s, String sql) {
    for (SqlNode n : s.parse(sql)) {
      s.execute(n, List.of());
    }
  }

  private static void insertSnapshots(EngineSession s, int from, int to) {
    run(s, "BEGIN");
    for (int i = from; i < to; i++) {
      run(s, "INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (" + i + ", NOW(), " + i + ", 1, 0)");
    }
    run(s, "COMMIT");
  }

  private static long count(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery("SELECT count(*) FROM ducklake_snapshot")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void aReadThatFindsItsFilesCollectedMovesToTheNewestManifestAndTheNextStatementSeesTheLatestCommit() throws Exception {
    Path folder = dir.resolve("catalog");
    try (Db db = Db.open(new LocalFolderObjectStore(folder), DbOptions.defaults().withGcInterval(Duration.ZERO)
        .withBackgroundCompaction(false))) {
      Catalog catalog = Catalog.open(db);
      EngineSession writer = new CatalogQueryEngine(catalog).open(Map.of("user", "writer", "database", "rocklake"));
      run(writer, "BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ");
      for (RelationDef r : DuckLakeRelations.ALL) {
        run(writer, r.createTableSql());
      }
      run(writer, "COMMIT");
      insertSnapshots(writer, 0, ROWS);
      db.flush();
      db.compact();
      ServerConfig config = ServerConfig.local(CatalogLocation.parse(folder.toString()), 0);
      try (RockLakeServer replica = RockLakeServer.startReplica(config, new LocalFolderObjectStore(folder),
          Duration.ofHours(1))) {
        long before = replica.replica().commit();
        // The writer moves on: more rows, flushed and compacted into a new sorted run, and the old
        // run collected at once, while the replica's view still names it.
        insertSnapshots(writer, ROWS, ROWS + 10);
        db.flush();
        db.compact();
        GarbageCollector.Report report = new GarbageCollector(new LocalFolderObjectStore(folder), Clock.systemUTC(),
            Duration.ZERO).collect();
        assertThat(report.sstsDeleted()).as("SSTs the replica's view names, deleted").isPositive();
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + replica.port()
            + "/rocklake?user=reader&preferQueryMode=simple"); Statement s = c.createStatement()) {
          try {
            assertThat(count(s)).isIn((long) ROWS, (long) ROWS + 10);
          } catch (SQLException e) {
            assertThat(e.getSQLState()).as(e.getMessage()).isEqualTo("40001");
          }
          assertThat(count(s)).isEqualTo(ROWS + 10);
        }
        assertThat(replica.replica().commit()).isGreaterThan(before);
      }
    }
  }
}
