package io.rocklake.arrowscan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DuckLake's virtual columns as DuckDB's ducklake extension binds them: {@code rowid} is the file's
 * {@code _ducklake_internal_row_id} (field id 2147483540) when the file has one — DuckDB writes it when
 * it rewrites a file's surviving rows, whose ids are no longer contiguous, and records no row_id_start —
 * else row_id_start plus the position; {@code snapshot_id} is the file's
 * {@code _ducklake_internal_snapshot_id} (field id 2147483539) when it has one, else the file's
 * begin_snapshot, and an inlined row's begin_snapshot.
 */
class RowIdsAndSnapshotIdsStoredInFilesTest {
  static DuckDb duck;
  static Path rewritten;
  static Path plain;
  static Path tagged;
  static final List<PlanColumn> COLUMNS = List.of(new PlanColumn(1, "id", "int64", null));

  @BeforeAll
  static void write(@TempDir Path dir) {
    duck = new DuckDb();
    // The survivors of a rewrite: ids not contiguous and not in file order, over several row groups.
    rewritten = duck.copy("SELECT i AS id, (100000 - 7 * i)::BIGINT AS _ducklake_internal_row_id FROM range(5000) t(i)",
        dir.resolve("rewritten.parquet"), "FIELD_IDS {id: 1, _ducklake_internal_row_id: 2147483540}, ROW_GROUP_SIZE 2048");
    plain = duck.copy("SELECT i AS id FROM range(300) t(i)", dir.resolve("plain.parquet"), "FIELD_IDS {id: 1}");
    // Rows of snapshots 2, 3 and 4 merged into one file.
    tagged = duck.copy("SELECT i AS id, (2 + i % 3)::BIGINT AS _ducklake_internal_snapshot_id FROM range(3000) t(i)",
        dir.resolve("tagged.parquet"), "FIELD_IDS {id: 1, _ducklake_internal_snapshot_id: 2147483539}, ROW_GROUP_SIZE 1024");
  }

  @AfterAll
  static void close() throws Exception {
    duck.close();
  }

  private static long rows(Path file) {
    return ((BigInteger) duck.scalar("SELECT count(*) FROM read_parquet('" + file + "')")).longValue();
  }

  private static DataFile rowIdsInFile(Path file) {
    return DataFile.withRowIdsInFile(file.toString(), rows(file), file.toFile().length());
  }

  private static List<List<Object>> scan(DataFile file, Projected... projection) {
    return ArrowRows.scan(new ScanPlan(COLUMNS, List.of(file), List.of(projection)));
  }

  @Test
  void aFileWithoutRowIdStartReadsEachRowsIdFromTheFile() {
    List<List<Object>> expected = duck.rows("SELECT id, _ducklake_internal_row_id FROM read_parquet('" + rewritten + "')");
    assertThat(scan(rowIdsInFile(rewritten), Projected.column(1), Projected.rowId()))
        .hasSize(5000).containsExactlyElementsOf(expected);
  }

  @Test
  void rowIdAloneIsReadFromTheFileToo() {
    List<List<Object>> expected = duck.rows("SELECT _ducklake_internal_row_id FROM read_parquet('" + rewritten + "')");
    assertThat(scan(rowIdsInFile(rewritten), Projected.rowId())).containsExactlyElementsOf(expected);
  }

  @Test
  void deletedPositionsOfAFileThatStoresItsRowIdsSkipTheirStoredIds() {
    Path deletes = rewritten.resolveSibling("rewritten-delete.parquet");
    duck.copy("SELECT '" + rewritten + "' AS file_path, i::BIGINT AS pos FROM range(0, 5000, 3) t(i)", deletes,
        "FIELD_IDS {file_path: 2147483546, pos: 2147483545}");
    List<List<Object>> expected = duck.rows("SELECT id, _ducklake_internal_row_id FROM read_parquet('" + rewritten
        + "', file_row_number = true) WHERE file_row_number % 3 <> 0");
    assertThat(scan(rowIdsInFile(rewritten).withDeletes(deletes.toString()), Projected.column(1), Projected.rowId()))
        .hasSize(3333).containsExactlyElementsOf(expected);
  }

  @Test
  void aStoredRowIdWinsOverTheCatalogsRowIdStartAsInDuckDb() {
    List<List<Object>> expected = duck.rows("SELECT _ducklake_internal_row_id FROM read_parquet('" + rewritten + "')");
    assertThat(scan(duck.dataFile(rewritten, 42), Projected.rowId())).containsExactlyElementsOf(expected);
  }

  @Test
  void aFileWithoutRowIdStartOrStoredRowIdsIsRefusedWhenRowIdIsRead() {
    assertThatThrownBy(() -> scan(rowIdsInFile(plain), Projected.rowId()))
        .isInstanceOf(LakeReadException.class)
        .hasMessage("data file " + plain + " has no row_id_start in the catalog and no INT64 _ducklake_internal_row_id"
            + " column, so its rows have no rowid");
    // Its columns still read: only rowid needs the ids.
    assertThat(scan(rowIdsInFile(plain), Projected.column(1))).hasSize(300);
  }

  @Test
  void snapshotIdOfAFileThatStoresNoneIsItsBeginSnapshot() {
    List<List<Object>> expected = duck.rows("SELECT id, 7::BIGINT FROM read_parquet('" + plain + "')");
    assertThat(scan(duck.dataFile(plain, 0).withBeginSnapshot(7), Projected.column(1), Projected.snapshotId()))
        .containsExactlyElementsOf(expected);
  }

  @Test
  void snapshotIdOfAFileThatStoresItIsEachRowsOwnUpToTheSnapshotRead() {
    for (long s = 2; s <= 4; s++) {
      List<List<Object>> expected = duck.rows("SELECT id, _ducklake_internal_snapshot_id, 10 + file_row_number FROM"
          + " read_parquet('" + tagged + "', file_row_number = true) WHERE _ducklake_internal_snapshot_id <= " + s);
      assertThat(scan(duck.dataFile(tagged, 10).withBeginSnapshot(9).withRowsUpTo(s), Projected.column(1),
          Projected.snapshotId(), Projected.rowId())).as("snapshot %d", s).containsExactlyElementsOf(expected);
    }
  }

  @Test
  void snapshotIdOfAnInlinedRowIsItsBeginSnapshot() {
    List<InlinedRow> inlined = List.of(new InlinedRow(400, Map.of(1L, 400L), 5), new InlinedRow(401, Map.of(1L, 401L), 6));
    ScanPlan plan = new ScanPlan(COLUMNS, List.of(duck.dataFile(plain, 0).withBeginSnapshot(3)), inlined,
        List.of(Projected.rowId(), Projected.snapshotId()));
    List<List<Object>> expected = duck.rows("SELECT file_row_number, 3::BIGINT FROM read_parquet('" + plain
        + "', file_row_number = true) UNION ALL VALUES (400::BIGINT, 5::BIGINT), (401, 6) ORDER BY 1");
    assertThat(ArrowRows.scan(plan)).containsExactlyElementsOf(expected);
  }

  @Test
  void aPlanProjectingSnapshotIdMustGiveEveryFileAndInlinedRowItsBeginSnapshot() {
    assertThatThrownBy(() -> new ScanPlan(COLUMNS, List.of(duck.dataFile(plain, 0)), List.of(Projected.snapshotId())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("projection names snapshot_id, but the plan gives no begin_snapshot for data file " + plain);
    assertThatThrownBy(() -> new ScanPlan(COLUMNS, List.of(), List.of(new InlinedRow(1, Map.of(1L, 1L))),
        List.of(Projected.snapshotId())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("projection names snapshot_id, but the plan gives no begin_snapshot for the inlined row 1");
  }

  @Test
  void aFileWithRowIdsInItTakesNoRowIdStart() {
    assertThatThrownBy(() -> new DataFile("f", 1, 1, 5, java.util.Optional.empty(), java.util.OptionalLong.empty(),
        java.util.OptionalLong.empty(), true, java.util.OptionalLong.empty(), InlinedDeletions.none(),
        java.util.Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("whose row ids are in the file");
  }
}
