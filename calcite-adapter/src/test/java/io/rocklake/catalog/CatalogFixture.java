package io.rocklake.catalog;

import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.kv.store.ObjectStore;
import java.time.Instant;
import java.util.UUID;

/** Builds catalogs on in-memory stores and DuckLake-shaped rows for the specs. */
final class CatalogFixture {
  static final RelationDef SNAPSHOT = DuckLakeRelations.ALL.get(1);
  static final RelationDef TABLE = DuckLakeRelations.ALL.get(4);
  static final RelationDef DATA_FILE = DuckLakeRelations.ALL.get(8);

  private CatalogFixture() {}

  static DbOptions options() {
    return DbOptions.defaults().withBackgroundCompaction(false);
  }

  static Db openDb(ObjectStore store) {
    return Db.open(store, options());
  }

  static Catalog newCatalog() {
    return Catalog.open(openDb(new InMemoryObjectStore()));
  }

  static Object[] snapshot(long id) {
    return new Object[] {id, Instant.parse("2026-11-29T14:56:12.900942Z").plusSeconds(id), id, id + 1, 0L};
  }

  static Object[] table(long id, String name, long begin) {
    return new Object[] {id, UUID.nameUUIDFromBytes(name.getBytes()), begin, null, 0L, name, name + "/", true};
  }

  static Object[] dataFile(long id, long tableId, long begin) {
    return new Object[] {id, tableId, begin, null, null, "f" + id + ".parquet", true, "parquet", 10L, 1000L, 100L,
        0L, null, null, null, null};
  }
}
