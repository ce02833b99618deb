package io.rocklake.pgwire.server;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.facade.CatalogQueryEngine;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.store.InMemoryObjectStore;

/** The real engine over a fresh in-memory catalog, for tests about getting in rather than querying. */
final class TestCatalogs {
  private TestCatalogs() {}

  static QueryEngine engine() {
    Catalog catalog = Catalog.open(Db.open(new InMemoryObjectStore(), DbOptions.defaults().withBackgroundCompaction(false)));
    CatalogTransaction tx = catalog.begin();
    DuckLakeRelations.createTables(tx);
    tx.commit();
    return new CatalogQueryEngine(catalog);
  }
}
