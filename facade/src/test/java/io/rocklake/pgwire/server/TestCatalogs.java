package io.rocklake.pgwire.server;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.facade.CatalogQueryEngine;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.store.InMemoryObjectStore;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Instant;

/** Fresh in-memory catalogs and pgjdbc connections, the fixtures the wire tests share. */
final class TestCatalogs {
  private TestCatalogs() {}

  /** The real engine over a fresh catalog holding DuckLake's 28 tables, for tests about getting in rather than querying. */
  static QueryEngine engine() {
    return new CatalogQueryEngine(withDuckLakeTables(0));
  }

  /** A catalog with nothing in it, as a server starts on a new folder. */
  static Catalog empty() {
    return Catalog.open(Db.open(new InMemoryObjectStore(), DbOptions.defaults().withBackgroundCompaction(false)));
  }

  /** DuckLake's 28 tables and {@code snapshots} rows of {@code ducklake_snapshot}, ids from 0, each its own commit. */
  static Catalog withDuckLakeTables(int snapshots) {
    Catalog catalog = empty();
    CatalogTransaction tx = catalog.begin();
    DuckLakeRelations.createTables(tx);
    tx.commit();
    RelationDef snapshot = DuckLakeRelations.ALL.get(1);
    for (long s = 0; s < snapshots; s++) {
      CatalogTransaction t = catalog.begin();
      t.insert(snapshot, new Object[] {s, Instant.parse("2026-11-29T14:56:12Z").plusSeconds(s), s, s + 1, 0L});
      t.commit();
    }
    return catalog;
  }

  /** pgjdbc in simple-query mode, DuckDB's way of talking, to {@code server}. */
  static Connection connect(PgWireServer server) throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port()
        + "/rocklake?user=duck&preferQueryMode=simple");
  }
}
