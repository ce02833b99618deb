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
 * Rows of a data file DuckLake deleted in the catalog ({@code ducklake_inlined_delete_<table_id>}, whose
 * {@code row_id} is the row's position in the file) instead of writing a delete file: they are skipped as
 * a delete file's positions are, together with the file's delete file, and rowid still counts them.
 */
class InlinedDeletionsTest {
  static DuckDb duck;
  static Path data;
  static Path deletes;
  static Path partialDeletes;
  static final List<PlanColumn> COLUMNS = List.of(new PlanColumn(1, "id", "int64", null));

  @BeforeAll
  static void write(@TempDir Path dir) {
    duck = new DuckDb();
    data = duck.copy("SELECT i AS id FROM range(5000) t(i)", dir.resolve("data.parquet"), "FIELD_IDS {id: 1}, ROW_GROUP_SIZE 2048");
    deletes = duck.copy("SELECT '" + data + "' AS file_path, i::BIGINT AS pos FROM range(0, 100) t(i)",
        dir.resolve("data-delete.parquet"), "FIELD_IDS {file_path: 2147483546, pos: 2147483545}");
    // Positions 100-199 deleted at snapshot 4, 200-299 at 5.
    partialDeletes = duck.copy("SELECT '" + data + "' AS file_path, i::BIGINT AS pos, (3 + i // 100)::BIGINT AS"
        + " _ducklake_internal_snapshot_id FROM range(100, 300) t(i)", dir.resolve("partial-delete.parquet"),
        "FIELD_IDS {file_path: 2147483546, pos: 2147483545, _ducklake_internal_snapshot_id: 2147483539}");
  }

  @AfterAll
  static void close() throws Exception {
    duck.close();
  }

  private static List<List<Object>> scan(DataFile file) {
    return ArrowRows.scan(new ScanPlan(COLUMNS, List.of(file), List.of(Projected.column(1), Projected.rowId())));
  }

  /** DuckDB's rows of the data file without those at {@code removed} (an SQL condition on file_row_number). */
  private static List<List<Object>> duckDbWithout(String removed) {
    return duck.rows("SELECT id, 20 + file_row_number FROM read_parquet('" + data + "', file_row_number = true)"
        + " WHERE NOT (" + removed + ")");
  }

  @Test
  void rowsDeletedInTheCatalogAreSkippedAcrossRowGroups() {
    InlinedDeletions inlined = InlinedDeletions.of(4999, 0, 2047, 2048, 2049, 7, 7);
    assertThat(scan(duck.dataFile(data, 20).withInlinedDeletions(inlined)))
        .hasSize(4994).containsExactlyElementsOf(duckDbWithout("file_row_number IN (0, 7, 2047, 2048, 2049, 4999)"));
  }

  @Test
  void rowsDeletedInTheCatalogAndByTheDeleteFileAreAllSkippedEachOnce() {
    InlinedDeletions inlined = InlinedDeletions.of(50, 99, 100, 3000);
    assertThat(scan(duck.dataFile(data, 20).withDeletes(deletes.toString()).withInlinedDeletions(inlined)))
        .hasSize(4898).containsExactlyElementsOf(duckDbWithout("file_row_number < 101 OR file_row_number = 3000"));
  }

  @Test
  void rowsDeletedInTheCatalogAddToAPartialDeleteFilesDeletionsUpToTheSnapshot() {
    InlinedDeletions inlined = InlinedDeletions.of(150, 250, 4000);
    assertThat(scan(duck.dataFile(data, 20).withDeletesUpTo(partialDeletes.toString(), 4).withInlinedDeletions(inlined)))
        .containsExactlyElementsOf(duckDbWithout("file_row_number BETWEEN 100 AND 199 OR file_row_number IN (250, 4000)"));
  }

  @Test
  void rowIdAloneSkipsTheRowsDeletedInTheCatalog() {
    List<List<Object>> expected = duck.rows("SELECT 20 + file_row_number FROM read_parquet('" + data
        + "', file_row_number = true) WHERE file_row_number NOT IN (1, 2, 3)");
    assertThat(ArrowRows.scan(new ScanPlan(COLUMNS, List.of(duck.dataFile(data, 20)
        .withInlinedDeletions(InlinedDeletions.of(1, 2, 3))), List.of(Projected.rowId()))))
        .containsExactlyElementsOf(expected);
  }

  @Test
  void aCatalogDeletionPastTheFilesRowsIsRefused() {
    assertThatThrownBy(() -> scan(duck.dataFile(data, 0).withInlinedDeletions(InlinedDeletions.of(5000))))
        .isInstanceOf(LakeReadException.class)
        .hasMessage("the catalog deletes position 5000 of data file " + data + ", which has 5000 rows");
  }

  @Test
  void inlinedDeletionsAreKeptAscendingAndOnceAndNeverNegative() {
    assertThat(InlinedDeletions.of(List.of(5L, 1L, 5L, 3L)).positions()).containsExactly(1, 3, 5);
    assertThat(InlinedDeletions.of(List.of(5L, 1L))).isEqualTo(InlinedDeletions.of(1, 5));
    assertThat(InlinedDeletions.of()).isEqualTo(InlinedDeletions.none());
    assertThatThrownBy(() -> InlinedDeletions.of(-1)).isInstanceOf(IllegalArgumentException.class);
  }
}
