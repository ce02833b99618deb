package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.ScanBounds;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.kv.store.MeteredObjectStore;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.kv.store.OpKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A query about one table costs what that table's rows cost, whatever else the catalog holds. The
 * same table (30 data files, a third of them ended, with their column stats) is read from a catalog
 * holding 5 other tables and from one holding 2,000 other tables with 20,000 files, most of them ended,
 * and 2,000 more snapshots. Each catalog is flushed and compacted, then opened afresh on a metered
 * store; a read of another table warms the SSTs' indexes, and then the reads of the table are counted
 * in object-store requests and bytes — counted, not timed. They must not grow with the other tables'
 * history: not DuckDB's per-table scans (direct path), not a Calcite-planned read of the same rows,
 * not DuckDB's lookup of the latest snapshot.
 */
class PerTableReadsStayFlatTest {
  private static final RelationDef SNAPSHOT = DuckLakeRelations.ALL.get(1);
  private static final RelationDef DATA_FILE = DuckLakeRelations.ALL.get(8);
  private static final RelationDef FILE_COLUMN_STATS = DuckLakeRelations.ALL.get(9);
  private static final long TABLE = 1;

  /** What DuckDB sends for one table, and a read of the same rows that Calcite plans. */
  private static final List<String> READS_OF_THE_TABLE = List.of(
      "SELECT \"data_file_id\", \"path\", \"end_snapshot\" FROM \"public\".\"ducklake_data_file\" "
          + "WHERE \"table_id\" = '1' AND \"begin_snapshot\" <= '100000'",
      "SELECT \"data_file_id\", \"value_count\" FROM (SELECT data_file_id, value_count "
          + "FROM \"public\".ducklake_file_column_stats WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery",
      "SELECT count(*), max(f.record_count) FROM \"public\".ducklake_data_file f WHERE f.table_id = 1 "
          + "AND f.end_snapshot IS NULL",
      "SELECT \"snapshot_id\", \"next_file_id\" FROM (SELECT snapshot_id, next_file_id FROM \"public\".ducklake_snapshot "
          + "WHERE snapshot_id = (SELECT MAX(snapshot_id) FROM \"public\".ducklake_snapshot)) AS __unnamed_subquery");

  record Cost(long requests, long bytes, List<List<String>> answers) {}

  @Test
  void readingOneTableCostsTheSameWhateverHistoryTheRestOfTheCatalogHas() {
    Cost small = readsOfTheTable(5, 10);
    Cost large = readsOfTheTable(2_000, 10);
    System.out.printf("reads of one table: %d GETs / %d bytes beside 5 other tables, %d GETs / %d bytes beside 2,000%n",
        small.requests(), small.bytes(), large.requests(), large.bytes());

    assertThat(large.answers().subList(0, 3)).as("the same table answers the same").isEqualTo(small.answers().subList(0, 3));
    assertThat(small.answers().get(3)).as("the latest snapshot and its next file id").containsExactly("6|81");
    assertThat(large.answers().get(3)).as("the latest snapshot and its next file id").containsExactly("2001|20031");
    assertThat(small.answers().get(0)).as("the table's files").hasSize(30);
    assertThat(small.answers().get(2)).as("its live files").containsExactly("20|1029");
    assertThat(large.bytes()).as("bytes read for the table: %s against %s", large, small)
        .isLessThanOrEqualTo(small.bytes() * 3 / 2 + 8_192);
    assertThat(large.requests()).as("requests for the table: %s against %s", large, small)
        .isLessThanOrEqualTo(small.requests() * 3 / 2 + 2);
  }

  private static Cost readsOfTheTable(int otherTables, int filesPerOtherTable) {
    ObjectStore store = new InMemoryObjectStore();
    DbOptions options = DbOptions.defaults().withBackgroundCompaction(false).withBlockSize(4096);
    try (Db db = Db.open(store, options)) {
      Catalog catalog = Catalog.open(db);
      try (EngineSession ddl = new SqlEngine(catalog).openSession("tester", "flat-reads")) {
        DuckLakeRelations.ALL.forEach(r -> EngineFixture.run(ddl, r.createTableSql()));
      }
      long snapshot = 1;
      long file = 1;
      // The table read, in three commits: files added, then a third of them ended.
      CatalogTransaction tx = catalog.begin();
      for (int i = 0; i < 30; i++) {
        insertFile(tx, file++, TABLE, snapshot, 1000 + i);
      }
      snapshot = insertSnapshot(tx, snapshot, file);
      tx.commit();
      endFiles(catalog, TABLE, 10, snapshot);
      // Everything else: other tables' files, most of them ended later, and one snapshot per table.
      for (int t = 0; t < otherTables; t += 100) {
        tx = catalog.begin();
        for (int k = t; k < Math.min(otherTables, t + 100); k++) {
          for (int i = 0; i < filesPerOtherTable; i++) {
            insertFile(tx, file++, 2 + k, snapshot, i);
          }
          snapshot = insertSnapshot(tx, snapshot, file);
        }
        tx.commit();
        for (int k = t; k < Math.min(otherTables, t + 100); k++) {
          endFiles(catalog, 2 + k, filesPerOtherTable * 8 / 10, snapshot);
        }
      }
      db.flush();
      db.compact();
    }
    MeteredObjectStore metered = new MeteredObjectStore(store);
    // No block cache: every block a read needs is a request, as on a cold server.
    try (Db db = Db.open(metered, DbOptions.defaults().withBackgroundCompaction(false).withBlockCacheBytes(0));
         EngineSession session = new SqlEngine(Catalog.open(db)).openSession("tester", "flat-reads")) {
      for (String read : READS_OF_THE_TABLE) {
        answers(session, read.replace("= '1'", "= '2'").replace("= 1", "= 2")); // another table's reads: warms indexes
      }
      long requests = reads(metered);
      long bytes = readBytes(metered);
      List<List<String>> answers = new ArrayList<>();
      for (String read : READS_OF_THE_TABLE) {
        answers.add(answers(session, read));
      }
      return new Cost(reads(metered) - requests, readBytes(metered) - bytes, answers);
    }
  }

  private static long reads(MeteredObjectStore store) {
    return store.metrics().requests(OpKind.GET) + store.metrics().requests(OpKind.GET_RANGE);
  }

  private static long readBytes(MeteredObjectStore store) {
    return store.metrics().bytes(OpKind.GET) + store.metrics().bytes(OpKind.GET_RANGE);
  }

  private static List<String> answers(EngineSession session, String sql) {
    Outcome o = EngineFixture.run(session, sql);
    assertThat(o).as(sql).isInstanceOf(Outcome.Rows.class);
    List<String> out = new ArrayList<>();
    for (Object[] row : ((Outcome.Rows) o).rows()) {
      StringBuilder sb = new StringBuilder();
      for (Object v : row) {
        sb.append(sb.length() == 0 ? "" : "|").append(v);
      }
      out.add(sb.toString());
    }
    return out;
  }

  private static void insertFile(CatalogTransaction tx, long id, long table, long snapshot, long records) {
    tx.insert(DATA_FILE, row(DATA_FILE, Map.of("data_file_id", id, "table_id", table, "begin_snapshot", snapshot,
        "path", "ducklake-" + id + ".parquet", "record_count", records)));
    tx.insert(FILE_COLUMN_STATS, row(FILE_COLUMN_STATS, Map.of("data_file_id", id, "table_id", table,
        "column_id", 1L, "value_count", records)));
  }

  private static long insertSnapshot(CatalogTransaction tx, long snapshot, long nextFile) {
    tx.insert(SNAPSHOT, row(SNAPSHOT, Map.of("snapshot_id", snapshot, "schema_version", 1L,
        "next_catalog_id", 3L, "next_file_id", nextFile)));
    return snapshot + 1;
  }

  /** Ends the table's first {@code count} live files at {@code snapshot}, as a compaction would. */
  private static void endFiles(Catalog catalog, long table, int count, long snapshot) {
    CatalogTransaction tx = catalog.begin();
    int ended = 0;
    ScanBounds live = ScanBounds.all(DATA_FILE);
    live.compare(1, ScanBounds.Comparison.EQUAL, table);
    live.isNull(3);
    for (CatalogRow r : tx.scan(DATA_FILE, live)) {
      if (ended < count) {
        Object[] v = r.values();
        v[3] = snapshot;
        tx.update(DATA_FILE, r, v);
        ended++;
      }
    }
    tx.commit();
  }

  private static Object[] row(RelationDef relation, Map<String, Object> values) {
    Object[] row = new Object[relation.columns().size()];
    values.forEach((column, value) -> row[relation.columnIndex(column).getAsInt()] = value);
    return row;
  }
}
