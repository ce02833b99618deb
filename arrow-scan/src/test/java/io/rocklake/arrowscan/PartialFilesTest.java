package io.rocklake.arrowscan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Partial files, which DuckDB writes for changes of several snapshots at once, each row tagged with its
 * snapshot in {@code _ducklake_internal_snapshot_id} (field id 2147483539): at snapshot S, a partial
 * delete file removes only the rows deleted up to S, and a partial data file holds only its rows of
 * snapshots up to S — the others are skipped as deleted rows are, and rowid still counts them.
 */
class PartialFilesTest {
  static DuckDb duck;
  static Path data;
  static Path deletes;
  static Path partialData;
  static Path untagged;
  static final List<PlanColumn> COLUMNS = List.of(new PlanColumn(1, "id", "int64", null));

  @BeforeAll
  static void write(@TempDir Path dir) {
    duck = new DuckDb();
    data = duck.copy("SELECT i AS id FROM range(1000) t(i)", dir.resolve("data.parquet"), "FIELD_IDS {id: 1}");
    // Positions 0-99 deleted at snapshot 4, 100-199 at 5, 200-299 at 6.
    deletes = duck.copy("SELECT '" + data + "' AS file_path, i::BIGINT AS pos, (4 + i // 100)::BIGINT AS "
        + "_ducklake_internal_snapshot_id FROM range(300) t(i)", dir.resolve("data-delete.parquet"),
        "FIELD_IDS {file_path: 2147483546, pos: 2147483545, _ducklake_internal_snapshot_id: 2147483539}");
    // Rows of snapshots 2, 3 and 4 flushed into one file, several row groups.
    partialData = duck.copy("SELECT i AS id, (2 + i % 3)::BIGINT AS _ducklake_internal_snapshot_id FROM range(9000) t(i)",
        dir.resolve("partial.parquet"), "FIELD_IDS {id: 1, _ducklake_internal_snapshot_id: 2147483539}, ROW_GROUP_SIZE 2048");
    untagged = duck.copy("SELECT '" + data + "' AS file_path, i::BIGINT AS pos FROM range(10) t(i)",
        dir.resolve("untagged-delete.parquet"), "FIELD_IDS {file_path: 2147483546, pos: 2147483545}");
  }

  @AfterAll
  static void close() throws Exception {
    duck.close();
  }

  private static List<List<Object>> scan(DataFile file) {
    return ArrowRows.scan(new ScanPlan(COLUMNS, List.of(file), List.of(Projected.column(1), Projected.rowId())));
  }

  @Test
  void aPartialDeleteFileRemovesOnlyTheRowsDeletedUpToTheSnapshot() {
    for (long s = 3; s <= 7; s++) {
      List<List<Object>> expected = duck.rows("SELECT id, 10 + file_row_number FROM read_parquet('" + data
          + "', file_row_number = true) WHERE file_row_number NOT IN (SELECT pos FROM read_parquet('" + deletes
          + "') WHERE _ducklake_internal_snapshot_id <= " + s + ")");
      assertThat(scan(duck.dataFile(data, 10).withDeletesUpTo(deletes.toString(), s))).as("snapshot %d", s)
          .containsExactlyInAnyOrderElementsOf(expected);
    }
    assertThat(scan(duck.dataFile(data, 10).withDeletesUpTo(deletes.toString(), 4))).hasSize(900);
    assertThat(scan(duck.dataFile(data, 10).withDeletes(deletes.toString()))).hasSize(700);
  }

  @Test
  void aPartialDataFileHoldsOnlyItsRowsOfSnapshotsUpToTheSnapshotAndRowIdCountsTheOthers() {
    for (long s = 1; s <= 5; s++) {
      List<List<Object>> expected = duck.rows("SELECT id, 7 + file_row_number FROM read_parquet('" + partialData
          + "', file_row_number = true) WHERE _ducklake_internal_snapshot_id <= " + s);
      assertThat(scan(duck.dataFile(partialData, 7).withRowsUpTo(s))).as("snapshot %d", s)
          .containsExactlyInAnyOrderElementsOf(expected);
    }
    assertThat(scan(duck.dataFile(partialData, 7).withRowsUpTo(3))).hasSize(6000);
  }

  @Test
  void aPartialDataFileWithAPartialDeleteFileAppliesBoth() {
    Path d = deletes.resolveSibling("partial-delete.parquet");
    duck.copy("SELECT '" + partialData + "' AS file_path, i::BIGINT AS pos, 4::BIGINT AS _ducklake_internal_snapshot_id"
        + " FROM range(0, 9000, 2) t(i)", d,
        "FIELD_IDS {file_path: 2147483546, pos: 2147483545, _ducklake_internal_snapshot_id: 2147483539}");
    List<List<Object>> expected = duck.rows("SELECT id, file_row_number FROM read_parquet('" + partialData
        + "', file_row_number = true) WHERE _ducklake_internal_snapshot_id <= 4 AND file_row_number % 2 = 1");
    assertThat(scan(duck.dataFile(partialData, 0).withRowsUpTo(4).withDeletesUpTo(d.toString(), 4)))
        .hasSize(4500).containsExactlyInAnyOrderElementsOf(expected);
  }

  @Test
  void aPartialFileWithoutSnapshotTagsIsRefusedNotReadWhole() {
    assertThatThrownBy(() -> scan(duck.dataFile(data, 0).withDeletesUpTo(untagged.toString(), 4)))
        .isInstanceOf(LakeReadException.class)
        .hasMessageContaining("partial delete file " + untagged + " has no INT64 _ducklake_internal_snapshot_id column");
    assertThatThrownBy(() -> scan(duck.dataFile(data, 0).withRowsUpTo(4)))
        .isInstanceOf(LakeReadException.class)
        .hasMessageContaining("partial data file " + data + " has no INT64 _ducklake_internal_snapshot_id column");
  }
}
