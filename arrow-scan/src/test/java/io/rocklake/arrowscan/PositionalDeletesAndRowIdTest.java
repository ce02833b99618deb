package io.rocklake.arrowscan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Positional delete files remove physical row positions of their data file; {@code rowid} is the
 * file's row_id_start plus the physical position, deleted rows included in the count.
 */
class PositionalDeletesAndRowIdTest {
  static DuckDb duck;
  static Path dir;
  static Path data;
  static Path deletes;
  static Path second;

  /** Positions across row-group boundaries, the first and last rows, and a long run. */
  static final String DELETED = "SELECT unnest([0, 1, 2047, 2048, 2049, 7777, 9999, 19999, 7777]) AS pos"
      + " UNION ALL SELECT range AS pos FROM range(10000, 14500)";

  @BeforeAll
  static void write(@TempDir Path tmp) {
    duck = new DuckDb();
    dir = tmp;
    // Several row groups; s is NULL on every third row, so deleted rows hold both NULLs and values.
    data = duck.copy("SELECT i AS id, CASE WHEN i % 3 = 0 THEN NULL ELSE 's' || i END AS s FROM range(20000) t(i)",
        dir.resolve("data.parquet"), "FIELD_IDS {id: 1, s: 2}, ROW_GROUP_SIZE 2048");
    deletes = duck.copy("SELECT '" + data + "' AS file_path, pos::BIGINT AS pos FROM (" + DELETED + ") ORDER BY pos",
        dir.resolve("data-delete.parquet"), "FIELD_IDS {file_path: 2147483546, pos: 2147483545}");
    second = duck.copy("SELECT i AS id, 't' || i AS s FROM range(5) t(i)", dir.resolve("second.parquet"),
        "FIELD_IDS {id: 1, s: 2}");
  }

  @AfterAll
  static void close() throws Exception {
    duck.close();
  }

  static final List<PlanColumn> COLUMNS = List.of(new PlanColumn(1, "id", "int64", null), new PlanColumn(2, "s", "varchar", null));

  @Test
  void deletedPositionsAreRemovedAndRowIdCountsPhysicalPositionsFromRowIdStart() {
    ScanPlan plan = new ScanPlan(COLUMNS,
        List.of(duck.dataFile(second, 0), duck.dataFile(data, 5).withDeletes(deletes.toString())),
        List.of(Projected.column(2), Projected.rowId(), Projected.column(1)));

    List<List<Object>> expected = new ArrayList<>(duck.rows("SELECT s, file_row_number, id FROM read_parquet('" + second
        + "', file_row_number = true) ORDER BY file_row_number"));
    expected.addAll(duck.rows("SELECT s, 5 + file_row_number, id FROM read_parquet('" + data + "', file_row_number = true)"
        + " WHERE file_row_number NOT IN (SELECT pos FROM read_parquet('" + deletes + "')) ORDER BY file_row_number"));
    assertThat(expected).hasSize(5 + 20000 - 4508);

    assertThat(ArrowRows.scan(plan, ScanOptions.defaults().withBatchRows(1000))).containsExactlyElementsOf(expected);
  }

  @Test
  void batchesHoldAtMostTheConfiguredRowsAndNeverSpanTwoFiles() {
    ScanPlan plan = new ScanPlan(COLUMNS,
        List.of(duck.dataFile(second, 0), duck.dataFile(data, 5).withDeletes(deletes.toString())), List.of(Projected.rowId()));
    List<Integer> sizes = new ArrayList<>();
    try (RootAllocator allocator = new RootAllocator();
        LakeScan scan = LakeScan.open(plan, allocator, ScanOptions.defaults().withBatchRows(1000))) {
      while (scan.loadNextBatch()) {
        sizes.add(scan.root().getRowCount());
      }
    }
    assertThat(sizes.get(0)).isEqualTo(5);
    assertThat(sizes.subList(1, sizes.size())).allSatisfy(n -> assertThat(n).isBetween(1, 1000));
    assertThat(sizes.stream().mapToInt(Integer::intValue).sum()).isEqualTo(5 + 20000 - 4508);
  }

  @Test
  void aFileWhoseRowsAreAllDeletedYieldsNoBatch() {
    Path all = duck.copy("SELECT '" + second + "' AS file_path, range::BIGINT AS pos FROM range(5)",
        dir.resolve("second-delete-all.parquet"), "FIELD_IDS {file_path: 2147483546, pos: 2147483545}");
    ScanPlan plan = ScanPlan.allColumns(COLUMNS, List.of(duck.dataFile(second, 0).withDeletes(all.toString())));
    try (RootAllocator allocator = new RootAllocator(); LakeScan scan = LakeScan.open(plan, allocator, ScanOptions.defaults())) {
      assertThat(scan.loadNextBatch()).isFalse();
      assertThat(scan.root().getRowCount()).isZero();
    }
  }

  @Test
  void aDeletePositionPastTheEndOfTheDataFileIsRefused() {
    Path bad = duck.copy("SELECT '" + second + "' AS file_path, 5::BIGINT AS pos",
        dir.resolve("second-delete-bad.parquet"), "FIELD_IDS {file_path: 2147483546, pos: 2147483545}");
    ScanPlan plan = ScanPlan.allColumns(COLUMNS, List.of(duck.dataFile(second, 0).withDeletes(bad.toString())));

    assertThatThrownBy(() -> ArrowRows.scan(plan)).isInstanceOf(LakeReadException.class)
        .hasMessageContaining("deletes position 5 of data file " + second + ", which has 5 rows");
  }

  @Test
  void aFileSizeThatDisagreesWithTheFileIsRefused() {
    ScanPlan plan = ScanPlan.allColumns(COLUMNS, List.of(DataFile.of(second.toString(), 5, second.toFile().length() - 1, 0)));

    assertThatThrownBy(() -> ArrowRows.scan(plan)).isInstanceOf(LakeReadException.class)
        .hasMessage("data file " + second + " is " + second.toFile().length() + " bytes, the catalog says file_size_bytes "
            + (second.toFile().length() - 1));
  }

  @Test
  void aMissingDataFileIsRefusedNamingIt() {
    ScanPlan plan = ScanPlan.allColumns(COLUMNS, List.of(DataFile.of(dir.resolve("gone.parquet").toString(), 5, 100, 0)));

    assertThatThrownBy(() -> ArrowRows.scan(plan)).isInstanceOf(LakeReadException.class)
        .hasMessageStartingWith("cannot open data file " + dir.resolve("gone.parquet") + ": ")
        .hasMessageContaining("No such file");
  }

  @Test
  void aRecordCountThatDisagreesWithTheFileIsRefused() {
    ScanPlan plan = ScanPlan.allColumns(COLUMNS, List.of(DataFile.of(second.toString(), 6, second.toFile().length(), 0)));

    assertThatThrownBy(() -> ArrowRows.scan(plan)).isInstanceOf(LakeReadException.class)
        .hasMessageContaining(second + " has 5 rows, the catalog says record_count 6");
  }
}
