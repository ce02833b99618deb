package io.rocklake.conformance.lake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.rocklake.arrowscan.ArrowRows;
import io.rocklake.arrowscan.DataFile;
import io.rocklake.arrowscan.LakeScan;
import io.rocklake.arrowscan.NameMapping;
import io.rocklake.arrowscan.PlanColumn;
import io.rocklake.arrowscan.Projected;
import io.rocklake.arrowscan.ScanOptions;
import io.rocklake.arrowscan.ScanPlan;
import io.rocklake.arrowscan.UnsupportedLakeTypeException;
import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.lake.LakeTablePlanner;
import io.rocklake.catalog.lake.LakeTableRefusedException;
import io.rocklake.catalog.lake.LakeTableRefusedException.Reason;
import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import io.rocklake.conformance.replay.Replayer;
import io.rocklake.conformance.replay.RockLakeTarget;
import io.rocklake.conformance.replay.ScenarioResult;
import io.rocklake.kv.DbReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * DuckDB's own Parquet exports of lake tables ({@code expected/<scenario>/<table>[@vN].parquet}, written
 * by {@code COPY (FROM t AT (VERSION => N))} in the captured sessions) against the same tables read the
 * RockLake way: the capture replayed into a fresh RockLake, the scan plan built from its catalog at that
 * snapshot (data_path pointed at the corpus' copy of the lake's files, since the captures ran
 * elsewhere), the files read by arrow-scan. Rows are compared as multisets, value by value in one
 * canonical form; where the plan cannot express the table yet, the precise refusal is the expectation.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LakeExportsAgainstDuckDbTest {
  private static final String BASIC = "01_basic";
  private static final String DDL = "02_ddl";
  private static final String TIME_TRAVEL = "03_dml_timetravel";
  private static final String INLINING = "04_inlining";
  private static final String ADDED_FILES = "06_partition_addfiles";
  private static final String ENCRYPTED = "07_readonly_encrypted";
  private static final String MAINTENANCE = "05_maintenance";
  private static final String TYPES = "08_types_views";
  private static final String EVOLUTION = "09_evolution_maintenance";
  private static final String PARTITIONS = "10_transactions_partitions";

  private final Corpus corpus = Corpus.locate();
  private final DuckDbExports duckdb = new DuckDbExports();
  private final Map<String, Replayed> replayed = new HashMap<>();

  /** One scenario replayed into its own RockLake, and a read-only catalog on the catalog folder. */
  private record Replayed(RockLakeTarget target, DbReader reader, Catalog catalog) {}

  @AfterAll
  void close() {
    duckdb.close();
    for (Replayed r : replayed.values()) {
      r.reader().close();
      r.target().close();
    }
  }

  private CatalogTransaction catalogAfter(String name) {
    return replayed.computeIfAbsent(name, n -> {
      Scenario scenario = corpus.scenario(n);
      RockLakeTarget target = new RockLakeTarget();
      ScenarioResult result = new Replayer().replay(scenario, target.prepare(scenario.database()));
      assertThat(result.passed()).as("replay of %s: %s", n, result.divergence().map(d -> d.describe()).orElse(""))
          .isTrue();
      DbReader reader = DbReader.open(target.currentLocation().open());
      return new Replayed(target, reader, Catalog.openReadOnly(reader));
    }).catalog().begin();
  }

  private LakeTablePlanner planner(String scenario) {
    return LakeTablePlanner.on(catalogAfter(scenario))
        .withDataPath(corpus.dir().resolve("data").resolve(scenario).toAbsolutePath().toString());
  }

  private Path export(String scenario, String file) {
    return corpus.dir().resolve("expected").resolve(scenario).resolve(file).toAbsolutePath();
  }

  private long latestSnapshot(String scenario) {
    CatalogTransaction tx = catalogAfter(scenario);
    return (Long) tx.lastRow(tx.requireRelation(DuckLakeRelations.SCHEMA, "ducklake_snapshot")).orElseThrow().get(0);
  }

  /**
   * The plan's columns are the export's (names and order of the table at the snapshot), and its rows,
   * in every column but {@code unread}, are the export's.
   */
  private void assertReadsAsExported(ScanPlan plan, Path export, List<String> unread, int expectedRows) {
    assertThat(plan.columns()).extracting(PlanColumn::name).containsExactlyElementsOf(duckdb.columnNames(export));
    List<PlanColumn> read = plan.columns().stream().filter(c -> !unread.contains(c.name())).toList();
    ScanPlan readable = plan.withProjection(read.stream().map(c -> Projected.column(c.columnId())).toList());
    List<List<Object>> expected = duckdb.rows(export, read);
    List<List<Object>> actual = ArrowRows.scan(readable, ScanOptions.defaults().withOpener(this::openInCorpus));
    assertThat(expected).hasSize(expectedRows);
    assertThat(actual).containsExactlyInAnyOrderElementsOf(expected);
  }

  /**
   * Opens a plan's file; a path that is neither absolute nor a URL is where DuckDB's working directory
   * put it, which in the captures is the corpus folder: {@code ducklake_add_data_files} registered
   * {@code data/<scenario>/…} files there with {@code path_is_relative} false, so no data_path applies.
   */
  private org.apache.parquet.io.InputFile openInCorpus(String path) {
    Path p = Path.of(path);
    return new org.apache.parquet.io.LocalInputFile(p.isAbsolute() ? p : corpus.dir().resolve(p));
  }

  /** Exactly these columns of the plan are refused by arrow-scan, each by name, when projected alone. */
  private static void assertUnreadColumnsRefused(ScanPlan plan, List<String> unread) {
    List<String> refused = new ArrayList<>();
    for (PlanColumn c : plan.columns()) {
      try {
        open(plan.withProjection(List.of(Projected.column(c.columnId()))));
      } catch (UnsupportedLakeTypeException e) {
        assertThat(e).hasMessageStartingWith("column \"" + c.name() + "\" has type " + c.columnType() + ",");
        refused.add(c.name());
      }
    }
    assertThat(refused).containsExactlyElementsOf(unread);
  }

  private static void open(ScanPlan plan) {
    try (RootAllocator allocator = new RootAllocator(1L << 20);
        LakeScan scan = LakeScan.open(plan, allocator, ScanOptions.defaults())) {
      assertThat(scan.schema().getFields()).isNotEmpty();
    }
  }

  private static void assertRefused(Runnable plan, Reason reason, String message) {
    assertThatThrownBy(plan::run).isInstanceOfSatisfying(LakeTableRefusedException.class, e -> {
      assertThat(e.reason()).isEqualTo(reason);
      assertThat(e.sqlState()).isEqualTo("0A000");
    }).hasMessage(message);
  }

  // ---- 01_basic: events, default inlining (10 rows): its first row inlined at snapshot 2, 1998 in a file at 3

  @Test
  void eventsAtTheLatestSnapshotReadItsInlinedFirstRowWithItsFileRows() {
    ScanPlan plan = planner(BASIC).plan("main", "events", latestSnapshot(BASIC));
    assertThat(plan.inlinedRows()).hasSize(1);
    assertReadsAsExported(plan, export(BASIC, "events.csv"), List.of(), 1999);
  }

  // ---- 02_ddl: sales.orders, one row (inlined), altered and renamed to orders2

  @Test
  void renamedTableIsFoundByItsNewNameAndReadsItsInlinedRow() {
    ScanPlan plan = planner(DDL).plan("sales", "orders2", latestSnapshot(DDL));
    assertThat(plan.files()).isEmpty();
    assertThat(plan.inlinedRows()).hasSize(1);
    // The nested values of the inlined row are DuckDB's text of them (VARCHAR), as in the CSV export.
    assertUnreadColumnsRefused(plan, List.of());
    assertReadsAsExported(plan, export(DDL, "sales.orders2.csv"), List.of(), 1);
  }

  // ---- 03_dml_timetravel: t in files only; an UPDATE and DELETEs write delete files over snapshots 4-6

  @Test
  void timeTravelTableAtTheLatestSnapshotAppliesTheLatestDeleteFileOfEachDataFile() {
    assertThat(latestSnapshot(TIME_TRAVEL)).isEqualTo(6);
    ScanPlan plan = planner(TIME_TRAVEL).plan("main", "t", 6);
    // Files 0, 1 (the UPDATE's and the DELETEs' rows) and 2 (the updated rows, id 0 deleted at 6).
    assertThat(plan.files()).filteredOn(f -> f.deleteFilePath().isPresent()).hasSize(3);
    assertReadsAsExported(plan, export(TIME_TRAVEL, "t.csv"), List.of(), 1490);
  }

  @Test
  void timeTravelTableAtSnapshot2HasOnlyItsFirstFileAndNoDeletes() {
    ScanPlan plan = planner(TIME_TRAVEL).plan("main", "t", 2);
    assertThat(plan.files()).hasSize(1);
    assertThat(plan.files().get(0).deleteFilePath()).isEmpty();
    assertReadsAsExported(plan, export(TIME_TRAVEL, "t@v2.csv"), List.of(), 1000);
  }

  @Test
  void timeTravelTableAtSnapshot4AppliesOnlySnapshot4sDeletionsOfTheDeleteFileMergedWithThoseOf5() {
    // The DELETE at 5 replaced delete file 3 (the UPDATE's, begun at 4) by file 5, begun at 4 too, holding
    // both snapshots' deletions (partial_max 5), each tagged with its snapshot: at 4 only 4's apply.
    ScanPlan plan = planner(TIME_TRAVEL).plan("main", "t", 4);
    assertThat(plan.files()).anySatisfy(f -> assertThat(f.deletesUpToSnapshot()).hasValue(4));
    assertReadsAsExported(plan, export(TIME_TRAVEL, "t@v4.csv"), List.of(), 1500);
  }

  // ---- 05_maintenance: m after a delete, merge_adjacent_files, rewrite_data_files (row ids in the file), expiry, cleanup

  @Test
  void maintainedTableAtTheLatestSnapshotReadsTheRewrittenFileThatStoresItsRowIds() {
    assertThat(latestSnapshot(MAINTENANCE)).isEqualTo(7);
    ScanPlan plan = planner(MAINTENANCE).plan("main", "m", 7);
    // The merged file of snapshot 6 (ids 100-299, row_id_start 100), then data file 5, which
    // ducklake_rewrite_data_files wrote at 7 with the first file's 50 survivors and their row ids, and no
    // row_id_start.
    assertThat(plan.files()).extracting(f -> f.path().substring(f.path().lastIndexOf('/') + 1), DataFile::rowIdsInFile)
        .containsExactly(tuple("ducklake-01a227ce-a39f-794b-85d1-6cef9111a8ac.parquet", false),
            tuple("ducklake-01a227ce-a3c5-7523-b93f-19ee64822bab.parquet", true));
    assertReadsAsExported(plan, export(MAINTENANCE, "m.csv"), List.of(), 250);
  }

  @Test
  void maintainedTablesRowIdsAndSnapshotIdsAreThoseDuckDbStoredOrRecordedForEachFile() {
    ScanPlan plan = planner(MAINTENANCE).plan("main", "m", 7);
    String merged = plan.files().get(0).path();
    String rewritten = plan.files().get(1).path();
    assertThat(plan.files()).extracting(f -> f.beginSnapshot().getAsLong()).containsExactly(3L, 7L);
    // The merged file stores each row's snapshot, not its id (row_id_start + position applies); the rewritten one
    // stores each row's id, not its snapshot (its begin_snapshot applies).
    List<List<Object>> expected = duckdb.query("SELECT id, 100 + file_row_number,"
        + " _ducklake_internal_snapshot_id FROM read_parquet('" + merged + "', file_row_number = true)"
        + " UNION ALL SELECT id, _ducklake_internal_row_id, 7::BIGINT FROM read_parquet('" + rewritten + "')");
    assertThat(duckdb.query("SELECT name FROM parquet_schema('" + rewritten + "') WHERE name LIKE '\\_ducklake%' ESCAPE '\\'"))
        .containsExactly(List.of("_ducklake_internal_row_id"));
    List<List<Object>> actual = ArrowRows.scan(plan.withProjection(List.of(Projected.column(1), Projected.rowId(),
        Projected.snapshotId())));
    assertThat(actual).hasSize(250).containsExactlyInAnyOrderElementsOf(expected);
    // The scenario inserted ids 0-299 in order from row id 0: a row keeps the rowid it was inserted with.
    assertThat(actual).allSatisfy(r -> assertThat(((Number) r.get(1)).longValue()).isEqualTo(((Number) r.get(0)).longValue()));
    assertThat(actual).extracting(r -> ((Number) r.get(2)).longValue()).containsOnly(3L, 4L, 7L);
  }

  // ---- 04_inlining: small, inlined rows updated, deleted, flushed, then 6 more inlined at snapshot 9

  @Test
  void inlinedTableAtTheLatestSnapshotReadsTheRowsInlinedAfterTheFlushWithTheFlushedFile() {
    ScanPlan plan = planner(INLINING).plan("main", "small", latestSnapshot(INLINING));
    assertThat(plan.inlinedRows()).hasSize(50);
    assertReadsAsExported(plan, export(INLINING, "small.csv"), List.of(), 53);
  }

  @Test
  void inlinedTableAtSnapshot3ReadsOnlyItsRowsOfTheFileFlushedWithTheUpdateOfSnapshot4() {
    ScanPlan plan = planner(INLINING).plan("main", "small", 3);
    assertThat(plan.files()).anySatisfy(f -> assertThat(f.rowsUpToSnapshot()).hasValue(3));
    assertReadsAsExported(plan, export(INLINING, "small@v3.csv"), List.of(), 3);
  }

  // ---- 06_partition_addfiles: p partitioned by year(ts), region; ext from ducklake_add_data_files; sorted_t

  @Test
  void partitionedTableAtTheLatestSnapshotEqualsDuckDbsExport() {
    long latest = latestSnapshot(ADDED_FILES);
    ScanPlan plan = planner(ADDED_FILES).plan("main", "p", latest);
    assertThat(plan.files()).extracting(f -> f.path()).anyMatch(p -> p.contains("/main/p/year=2024/region=eu/"));
    assertReadsAsExported(plan, export(ADDED_FILES, "p.csv"), List.of(), 801);
  }

  @Test
  void sortedTableAtTheLatestSnapshotEqualsDuckDbsExport() {
    long latest = latestSnapshot(ADDED_FILES);
    assertReadsAsExported(planner(ADDED_FILES).plan("main", "sorted_t", latest), export(ADDED_FILES, "sorted_t.csv"),
        List.of(), 100);
  }

  @Test
  void tableOfAFileAddedWithoutFieldIdsIsReadThroughItsNameMappingAndEqualsDuckDbsExport() {
    long latest = latestSnapshot(ADDED_FILES);
    ScanPlan plan = planner(ADDED_FILES).plan("main", "ext", latest);
    // Data file 8, mapping 7: id -> column 1, name -> column 2, bound by name (the file has no field ids).
    assertThat(plan.files()).singleElement().satisfies(f -> {
      assertThat(f.path()).isEqualTo("data/06_partition_addfiles//external.parquet");
      assertThat(f.nameMapping()).contains(NameMapping.of(NameMapping.Entry.column("id", 1),
          NameMapping.Entry.column("name", 2)));
    });
    assertReadsAsExported(plan, export(ADDED_FILES, "ext.csv"), List.of(), 100);
  }

  // ---- 07_readonly_encrypted: secret in an ENCRYPTED lake

  @Test
  void tableOfAnEncryptedLakeIsRefusedForItsEncryptedFile() {
    long latest = latestSnapshot(ENCRYPTED);
    assertRefused(() -> planner(ENCRYPTED).plan("main", "secret", latest), Reason.ENCRYPTED_FILE,
        "DuckLake table \"main.secret\" at snapshot " + latest + " cannot be scanned yet: data file 0"
            + " (ducklake-01a227ce-b406-7b81-85cd-a447c1dc514d.parquet) is encrypted (it has an encryption_key); the"
            + " scan plan reads unencrypted files only");
  }

  // ---- 08_types_views: the type matrix ty, 3 rows inlined at 2 and 3, 50 in a file at 4, flushed at 9

  @Test
  void typeMatrixAtTheLatestSnapshotEqualsDuckDbsExportInEveryColumnArrowScanReads() {
    assertThat(latestSnapshot(TYPES)).isEqualTo(9);
    ScanPlan plan = planner(TYPES).plan("main", "ty", 9);
    // The 50-row file of snapshot 4 and the file the flush wrote at 9 with the 3 inlined rows (partial_max 3).
    assertThat(plan.files()).hasSize(2);
    assertReadsAsExported(plan, export(TYPES, "ty.parquet"), List.of(), 53);
    assertUnreadColumnsRefused(plan, List.of());
  }

  @Test
  void typeMatrixAtSnapshot4ReadsTheFlushedFileWholeSinceAllItsRowsAreFromSnapshotsUpTo3() {
    ScanPlan plan = planner(TYPES).plan("main", "ty", 4);
    assertReadsAsExported(plan, export(TYPES, "ty@v4.parquet"), List.of(), 53);
    assertUnreadColumnsRefused(plan, List.of());
  }

  @Test
  void typeMatrixAtSnapshot2ReadsOnlyItsOneRowOfTheFileFlushedWithRowsOfSnapshot3() {
    ScanPlan plan = planner(TYPES).plan("main", "ty", 2);
    assertThat(plan.files()).anySatisfy(f -> assertThat(f.rowsUpToSnapshot()).hasValue(2));
    assertReadsAsExported(plan, export(TYPES, "ty@v2.parquet"), List.of(), 1);
  }

  // ---- 09_evolution_maintenance: ev, inlining limit 3; row id 500 (id 1000) inlined at 3, never deleted

  @Test
  void evolvedTableAtSnapshot5ReadsTheRowInlinedAtSnapshot3ThroughItsSchemaVersion() {
    ScanPlan plan = planner(EVOLUTION).plan("main", "ev", 5);
    assertThat(plan.inlinedRows()).hasSize(1);
    assertReadsAsExported(plan, export(EVOLUTION, "ev@v5.parquet"), List.of(), 501);
  }

  @Test
  void evolvedTableAtSnapshot9ReadsTheRowInlinedAtSnapshot3ThroughItsSchemaVersion() {
    assertReadsAsExported(planner(EVOLUTION).plan("main", "ev", 9), export(EVOLUTION, "ev@v9.parquet"), List.of(), 802);
  }

  @Test
  void evolvedTableAtTheLatestSnapshotReadsTheRowInlinedAtSnapshot3ThroughItsSchemaVersion() {
    assertThat(latestSnapshot(EVOLUTION)).isEqualTo(11);
    assertReadsAsExported(planner(EVOLUTION).plan("main", "ev", 11), export(EVOLUTION, "ev.parquet"), List.of(), 786);
  }

  // ---- 10_transactions_partitions: shop.orders (table 3) and shop.items (table 2), no inlining

  @Test
  void ordersAtSnapshot3IncludeTheFileInHivePartitionFoldersAndEqualDuckDbsExport() {
    ScanPlan plan = planner(PARTITIONS).plan("shop", "orders", 3);
    Path data = corpus.dir().resolve("data").resolve(PARTITIONS).toAbsolutePath();
    assertThat(plan.files()).extracting(f -> f.path()).containsExactly(
        data + "/shop/orders/ducklake-01a2310b-188d-7afc-8fb3-0c840f414993.parquet",
        data + "/shop/orders/country=fi/year=2026/ducklake-01a2310b-197e-7aa1-9992-f5bfcbba0544.parquet");
    assertReadsAsExported(plan, export(PARTITIONS, "orders@v3.parquet"), List.of(), 240);
  }

  @Test
  void itemsAtSnapshot6ReadTheFileAddedThroughItsNameMappingBesideItsOwnAndBucketPartitionedFiles() {
    ScanPlan plan = planner(PARTITIONS).plan("shop", "items", 6);
    // File 1 (600 rows), file 4 added with mapping 3 (10 rows, row_id_start 600), files 5 and 6 in bucket=… folders.
    assertThat(plan.files()).hasSize(4).filteredOn(f -> f.nameMapping().isPresent()).singleElement()
        .satisfies(f -> assertThat(f.path()).isEqualTo("data/10_transactions_partitions/ext_items.parquet"));
    assertReadsAsExported(plan, export(PARTITIONS, "items@v6.parquet"), List.of(), 700);
  }
}
