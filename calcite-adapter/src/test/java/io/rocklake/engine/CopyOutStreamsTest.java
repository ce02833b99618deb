package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.kv.store.MeteredObjectStore;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.kv.store.OpKind;
import java.util.Iterator;
import org.junit.jupiter.api.Test;

/**
 * A COPY TO STDOUT of a whole relation is read as it is sent: the answer DuckDB asks for at every
 * ATTACH (every data file at the snapshot) can be as large as the catalog's history, and is never
 * held whole. A row that fails while it is read fails the statement with its own SQLSTATE, after the
 * rows before it, and fails the transaction block it is in — as in PostgreSQL.
 */
class CopyOutStreamsTest {
  private static final RelationDef DATA_FILE = DuckLakeRelations.ALL.get(8);
  private static final int FILES = 20_000;
  private static final String ALL_FILES = "COPY (SELECT \"data_file_id\", \"table_id\", \"path\" FROM \"public\".\"ducklake_data_file\" "
      + "WHERE \"begin_snapshot\" <= '1') TO STDOUT (FORMAT \"binary\")";

  @Test
  void aCopyOfAWholeRelationReadsTheStoreAsItsRowsAreTaken() {
    ObjectStore store = catalogOfFiles(i -> "ducklake-" + i + ".parquet");
    MeteredObjectStore metered = new MeteredObjectStore(store);
    try (Db db = Db.open(metered, DbOptions.defaults().withBackgroundCompaction(false).withBlockCacheBytes(0));
         EngineSession session = new SqlEngine(Catalog.open(db)).openSession("tester", "copy-streams")) {
      EngineFixture.run(session, "SELECT 1 FROM \"public\".\"ducklake_data_file\" WHERE \"data_file_id\" = 1"); // warms indexes
      long before = readBytes(metered);
      Outcome.CopyOut copy = (Outcome.CopyOut) EngineFixture.run(session, ALL_FILES);
      long atStart = readBytes(metered) - before;
      long rows = 0;
      for (Iterator<Object[]> it = copy.rows(); it.hasNext(); it.next()) {
        rows++;
      }
      long whole = readBytes(metered) - before;
      System.out.printf("COPY of %,d rows: %,d bytes read before the first row is taken, %,d in all%n", rows, atStart, whole);
      assertThat(rows).isEqualTo(FILES);
      assertThat(atStart).as("bytes read before any row is taken, of %d", whole).isLessThan(whole / 20);
    }
  }

  @Test
  void aRowThatFailsWhileTheCopyIsSentFailsTheStatementAndItsTransactionBlock() {
    ObjectStore store = catalogOfFiles(i -> i == 15_000 ? "not a number" : Long.toString(i));
    try (Db db = Db.open(store, DbOptions.defaults().withBackgroundCompaction(false));
         EngineSession session = new SqlEngine(Catalog.open(db)).openSession("tester", "copy-streams")) {
      EngineFixture.run(session, "BEGIN");
      Outcome.CopyOut copy = (Outcome.CopyOut) EngineFixture.run(session,
          "COPY (SELECT \"data_file_id\" FROM \"public\".\"ducklake_data_file\" WHERE CAST(\"path\" AS BIGINT) > 0) TO STDOUT");
      Iterator<Object[]> it = copy.rows();
      long sent = 0;
      while (sent < 14_999) {
        it.next();
        sent++;
      }
      assertThatThrownBy(it::hasNext).isInstanceOfSatisfying(EngineException.class,
          e -> assertThat(e.sqlState()).as(e.getMessage()).isEqualTo("22P02"));
      assertThatThrownBy(() -> EngineFixture.run(session, "SELECT 1")).isInstanceOfSatisfying(EngineException.class,
          e -> assertThat(e.sqlState()).as(e.getMessage()).isEqualTo("25P02"));
      EngineFixture.run(session, "ROLLBACK");
      assertThat(EngineFixture.run(session, "SELECT 1")).isInstanceOf(Outcome.Rows.class);
    }
  }

  /** Files 1..FILES of one table at snapshot 1, flushed and compacted into small blocks. */
  private static ObjectStore catalogOfFiles(java.util.function.LongFunction<String> path) {
    ObjectStore store = new InMemoryObjectStore();
    try (Db db = Db.open(store, DbOptions.defaults().withBackgroundCompaction(false).withBlockSize(4096))) {
      Catalog catalog = Catalog.open(db);
      try (EngineSession ddl = new SqlEngine(catalog).openSession("tester", "copy-streams")) {
        DuckLakeRelations.ALL.forEach(r -> EngineFixture.run(ddl, r.createTableSql()));
      }
      for (long first = 1; first <= FILES; first += 5_000) {
        CatalogTransaction tx = catalog.begin();
        for (long id = first; id < first + 5_000; id++) {
          Object[] row = new Object[DATA_FILE.columns().size()];
          row[DATA_FILE.columnIndex("data_file_id").getAsInt()] = id;
          row[DATA_FILE.columnIndex("table_id").getAsInt()] = 1L;
          row[DATA_FILE.columnIndex("begin_snapshot").getAsInt()] = 1L;
          row[DATA_FILE.columnIndex("path").getAsInt()] = path.apply(id);
          tx.insert(DATA_FILE, row);
        }
        tx.commit();
      }
      db.flush();
      db.compact();
    }
    return store;
  }

  private static long readBytes(MeteredObjectStore store) {
    return store.metrics().bytes(OpKind.GET) + store.metrics().bytes(OpKind.GET_RANGE);
  }
}
