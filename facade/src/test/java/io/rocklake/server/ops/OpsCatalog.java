package io.rocklake.server.ops;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.ColumnType;
import io.rocklake.catalog.CommitInfo;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.DbReader;
import io.rocklake.kv.store.LocalFolderObjectStore;
import io.rocklake.server.cli.RockLakeCli;
import io.rocklake.kv.store.MeteredObjectStore;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A real catalog in a folder, written through the Catalog API the way DuckDB's commits write it: six
 * DuckLake snapshots (commits 2 to 7 after the CREATE TABLEs of commit 1), their commits dated 10.5 to
 * 5.5 days ago, with rows that change and one that is deleted, so there is history to gc and excise.
 * And the command line run on it, its output captured.
 *
 * <pre>
 * snapshot commit  what
 *   0       2      schema main
 *   1       3      table orders (1), its table_stats row            author alice, message "orders table"
 *   2       4      data file 1 of orders; table_stats updated
 *   3       5      data file 2; data file 1 ended (end_snapshot 3); table_stats updated   [the memtable is flushed]
 *   4       6      table events (2) with 3 inlined rows in ducklake_inlined_data_2_1
 *   5       7      data file 1 deleted; a delete file on data file 2 (5 rows); an inlined row ended; table_stats updated
 * </pre>
 */
final class OpsCatalog {
  static final RelationDef SNAPSHOT = lake("ducklake_snapshot");
  static final RelationDef CHANGES = lake("ducklake_snapshot_changes");
  static final RelationDef SCHEMA = lake("ducklake_schema");
  static final RelationDef TABLE = lake("ducklake_table");
  static final RelationDef DATA_FILE = lake("ducklake_data_file");
  static final RelationDef DELETE_FILE = lake("ducklake_delete_file");
  static final RelationDef TABLE_STATS = lake("ducklake_table_stats");
  static final RelationDef INLINED_TABLES = lake("ducklake_inlined_data_tables");
  static final String INLINED = "ducklake_inlined_data_2_1";

  final Path folder;
  final Instant now = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
  private final AtomicReference<Instant> time = new AtomicReference<>();
  private Db db;
  private Catalog catalog;

  OpsCatalog(Path folder) {
    this.folder = folder;
  }

  static RelationDef lake(String name) {
    return DuckLakeRelations.ALL.stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
  }

  /** When snapshot {@code s}'s commit was made: 10.5 days ago for snapshot 0, a day later for each next one. */
  Instant commitTime(long s) {
    return now.minus(Duration.ofHours(252)).plus(Duration.ofDays(s));
  }

  /** Writes the six snapshots; the writer stays open (a running server) until {@link #closeWriter}. */
  OpsCatalog build() {
    Clock clock = new Clock() {
      @Override public ZoneOffset getZone() {
        return ZoneOffset.UTC;
      }

      @Override public Clock withZone(java.time.ZoneId zone) {
        return this;
      }

      @Override public Instant instant() {
        return time.get();
      }
    };
    db = Db.open(new LocalFolderObjectStore(folder), DbOptions.defaults().withBackgroundCompaction(false));
    catalog = Catalog.open(db, clock);
    time.set(commitTime(0).minus(Duration.ofHours(1)));
    CatalogTransaction create = catalog.begin(new CommitInfo("duck", "duckdb", 28));
    DuckLakeRelations.createTables(create);
    create.commit();

    snapshot(0, 1, "created_schema:\"main\"", null, null, tx ->
        tx.insert(SCHEMA, new Object[] {0L, uuid(0), 0L, null, "main", "main/", true}));
    snapshot(1, 2, "created_table:\"main\".\"orders\"", "alice", "orders table", tx -> {
      tx.insert(TABLE, new Object[] {1L, uuid(1), 1L, null, 0L, "orders", "orders/", true});
      tx.insert(TABLE_STATS, new Object[] {1L, 0L, 0L, 0L});
    });
    snapshot(2, 2, "inserted_into_table:1", null, null, tx -> {
      tx.insert(DATA_FILE, dataFile(1, 2, 10, 1000));
      stats(tx, 10, 1000);
    });
    snapshot(3, 2, "inserted_into_table:1,deleted_from_table:1", null, null, tx -> {
      tx.insert(DATA_FILE, dataFile(2, 3, 20, 2000));
      CatalogRow file1 = tx.getByKey(DATA_FILE, new Object[] {1L}).orElseThrow();
      Object[] ended = file1.values();
      ended[3] = 3L;
      tx.update(DATA_FILE, file1, ended);
      stats(tx, 20, 2000);
    });
    db.flush(); // some of it in an L0 SST, the rest in the WAL after it
    snapshot(4, 3, "created_table:\"main\".\"events\",inlined_insert:2", null, null, tx -> {
      tx.insert(TABLE, new Object[] {2L, uuid(2), 4L, null, 0L, "events", "events/", true});
      tx.insert(INLINED_TABLES, new Object[] {2L, INLINED, 1L});
      RelationDef inlined = tx.createRelation(DuckLakeRelations.SCHEMA, INLINED, List.of(
          ColumnDef.of("row_id", ColumnType.BIGINT), ColumnDef.of("begin_snapshot", ColumnType.BIGINT),
          ColumnDef.of("end_snapshot", ColumnType.BIGINT), ColumnDef.of("v", ColumnType.VARCHAR)),
          RelationDef.Kind.DYNAMIC, false);
      for (long r = 0; r < 3; r++) {
        tx.insert(inlined, new Object[] {r, 4L, null, "event " + r});
      }
    });
    snapshot(5, 3, "deleted_from_table:1", null, null, tx -> {
      tx.delete(DATA_FILE, tx.getByKey(DATA_FILE, new Object[] {1L}).orElseThrow());
      tx.insert(DELETE_FILE, new Object[] {1L, 1L, 5L, null, 2L, "orders/d1.parquet", true, "parquet", 5L, 300L, 40L,
          null, null});
      RelationDef inlined = tx.requireRelation(DuckLakeRelations.SCHEMA, INLINED);
      CatalogRow first = tx.scan(inlined).get(0);
      Object[] ended = first.values();
      ended[2] = 5L;
      tx.update(inlined, first, ended);
      stats(tx, 15, 2000);
    });
    return this;
  }

  private void snapshot(long s, long schemaVersion, String changes, String author, String message,
      java.util.function.Consumer<CatalogTransaction> body) {
    time.set(commitTime(s));
    CatalogTransaction tx = catalog.begin(new CommitInfo("duck", "duckdb", 3));
    tx.insert(SNAPSHOT, new Object[] {s, commitTime(s), schemaVersion, s + 2, s});
    tx.insert(CHANGES, new Object[] {s, changes, author, message, null});
    body.accept(tx);
    long commit = tx.commit();
    if (commit != s + 2) {
      throw new IllegalStateException("snapshot " + s + " made commit " + commit + ", not " + (s + 2));
    }
  }

  private static void stats(CatalogTransaction tx, long records, long bytes) {
    CatalogRow row = tx.scan(TABLE_STATS).get(0);
    tx.update(TABLE_STATS, row, new Object[] {1L, records, records, bytes});
  }

  private static Object[] dataFile(long id, long begin, long records, long bytes) {
    return new Object[] {id, 1L, begin, null, null, "orders/f" + id + ".parquet", true, "parquet", records, bytes, 100L,
        0L, null, null, null, null};
  }

  private static UUID uuid(long n) {
    return new UUID(0x5eed, n);
  }

  /** The writer, as a server holds it. */
  Catalog writer() {
    return catalog;
  }

  /** Stops writing, as a server stops before an operator opens the writer. */
  void closeWriter() {
    db.close();
  }

  /** One run of bin/rocklake: exit code, stdout, stderr. */
  record Run(int code, String out, String err) {}

  /** Runs the command line with every catalog store opened through {@code metered} (null: the plain folder store). */
  static Run run(MeteredObjectStore[] metered, String... args) {
    picocli.CommandLine cl = RockLakeCli.commandLine(Map.of(), new ByteArrayInputStream(new byte[0]), location -> {
      if (metered == null) {
        return location.open();
      }
      metered[0] = new MeteredObjectStore(location.open());
      return metered[0];
    });
    return run(cl, args);
  }

  /** Runs {@code cl} on {@code args}, its output captured. */
  static Run run(picocli.CommandLine cl, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  static Run run(String... args) {
    return run((MeteredObjectStore[]) null, args);
  }

  /** Every row of every relation at every readable commit of the catalog in {@code dir}, as text. */
  static Map<Long, Map<String, List<String>>> readable(Path dir) {
    try (DbReader reader = DbReader.open(new LocalFolderObjectStore(dir))) {
      Catalog catalog = Catalog.openReadOnly(reader);
      Map<Long, Map<String, List<String>>> out = new TreeMap<>();
      for (long c = catalog.floor(); c <= catalog.latestCommit(); c++) {
        CatalogTransaction at = catalog.beginAt(c);
        Map<String, List<String>> relations = new TreeMap<>();
        for (RelationDef r : catalog.registry().existingRelations(at)) {
          List<String> rows = new ArrayList<>();
          for (CatalogRow row : at.scan(r)) {
            rows.add(row.rowId() + " " + Arrays.deepToString(row.values()));
          }
          relations.put(r.name(), rows);
        }
        out.put(c, relations);
      }
      return out;
    }
  }
}
