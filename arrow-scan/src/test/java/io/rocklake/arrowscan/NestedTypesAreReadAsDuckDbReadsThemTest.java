package io.rocklake.arrowscan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Lists, structs and maps (DuckLake column types {@code list}, {@code struct}, {@code map} with their
 * fields as child columns) read from files DuckDB writes, compared with what DuckDB reads from them:
 * NULL struct vs struct of NULLs, empty vs NULL list, lists of lists and of structs, maps with NULL
 * values, across row groups, deletes and batch sizes.
 */
class NestedTypesAreReadAsDuckDbReadsThemTest {
  static DuckDb duck;
  static Path dir;
  static Path file;

  static final String FIELD_IDS = "FIELD_IDS {li: {__duckdb_field_id: 2, element: 3},"
      + " sr: {__duckdb_field_id: 4, p: 5, q: {__duckdb_field_id: 6, element: 7}}, mp: {__duckdb_field_id: 8, key: 9, value: 10},"
      + " ll: {__duckdb_field_id: 11, element: {__duckdb_field_id: 12, element: 13}},"
      + " ls: {__duckdb_field_id: 14, element: {__duckdb_field_id: 15, x: 16, y: 17}},"
      + " ss: {__duckdb_field_id: 18, deep: {__duckdb_field_id: 19, z: 20}}}";

  /** Five hand-picked rows, then 5000 generated ones (several row groups of 2048). */
  static final String ROWS = "SELECT * FROM (VALUES"
      + " (0, [1, 2, NULL], {'p': 1, 'q': ['a', NULL]}, MAP {1: 'one', 2: NULL}, [[1], [], NULL, [NULL, 2]],"
      + "  [{'x': 1, 'y': 'a'}, NULL, {'x': NULL, 'y': NULL}], {'deep': {'z': 5}}),"
      + " (1, [], {'p': NULL, 'q': []}, MAP {}, [], [], {'deep': NULL}),"
      + " (2, NULL, NULL, NULL, NULL, NULL, NULL),"
      + " (3, [NULL], {'p': NULL, 'q': NULL}, MAP {3: NULL}, [NULL], [NULL], {'deep': {'z': NULL}}),"
      + " (4, [-9223372036854775808, 9223372036854775807], {'p': -2147483648, 'q': ['héllo ✓', '']}, MAP {-1: ''},"
      + "  [[], []], [{'x': 2147483647, 'y': repeat('y', 5000)}], {'deep': {'z': -1}})"
      + ") t(k, li, sr, mp, ll, ls, ss)"
      + " UNION ALL SELECT 5 + i,"
      + "  CASE WHEN i % 7 = 0 THEN NULL ELSE list_transform(range(i % 5), x -> CASE WHEN x = 2 THEN NULL ELSE x * i END) END,"
      + "  CASE WHEN i % 11 = 0 THEN NULL ELSE {'p': CASE WHEN i % 3 = 0 THEN NULL ELSE i::INTEGER END,"
      + "   'q': CASE WHEN i % 13 = 0 THEN NULL ELSE list_transform(range(i % 4), x -> 'v' || x) END} END,"
      + "  CASE WHEN i % 5 = 0 THEN NULL ELSE map_from_entries(list_transform(range(i % 6), x -> {'k': x::INTEGER,"
      + "   'v': CASE WHEN x % 2 = 1 THEN NULL ELSE 'm' || x END})) END,"
      + "  CASE WHEN i % 9 = 0 THEN NULL ELSE list_transform(range(i % 3), x -> CASE WHEN x = 1 THEN NULL ELSE range(x + i % 2)::INTEGER[] END) END,"
      + "  CASE WHEN i % 4 = 0 THEN [] ELSE [{'x': i::INTEGER, 'y': NULL}, NULL] END,"
      + "  CASE WHEN i % 6 = 0 THEN NULL ELSE {'deep': CASE WHEN i % 4 = 0 THEN NULL ELSE {'z': i::INTEGER} END} END"
      + " FROM range(5000) r(i)";

  @BeforeAll
  static void write(@TempDir Path tmp) {
    dir = tmp;
    duck = new DuckDb();
    duck.execute("CREATE TABLE nested AS SELECT k, CAST(li AS BIGINT[]) AS li, CAST(sr AS STRUCT(p INTEGER, q VARCHAR[])) AS sr,"
        + " CAST(mp AS MAP(INTEGER, VARCHAR)) AS mp, CAST(ll AS INTEGER[][]) AS ll, CAST(ls AS STRUCT(x INTEGER, y VARCHAR)[]) AS ls,"
        + " CAST(ss AS STRUCT(deep STRUCT(z INTEGER))) AS ss FROM (" + ROWS + ")");
    file = duck.copy("SELECT * EXCLUDE (k) FROM nested ORDER BY k", dir.resolve("nested.parquet"), FIELD_IDS + ", ROW_GROUP_SIZE 2048");
  }

  @AfterAll
  static void close() throws Exception {
    duck.close();
  }

  static PlanColumn leaf(long id, String name, String type) {
    return new PlanColumn(id, name, type, null);
  }

  static PlanColumn nested(long id, String name, String type, PlanColumn... children) {
    return new PlanColumn(id, name, type, null, List.of(children));
  }

  static final List<PlanColumn> COLUMNS = List.of(
      nested(2, "li", "list", leaf(3, "element", "int64")),
      nested(4, "sr", "struct", leaf(5, "p", "int32"), nested(6, "q", "list", leaf(7, "element", "varchar"))),
      nested(8, "mp", "map", leaf(9, "key", "int32"), leaf(10, "value", "varchar")),
      nested(11, "ll", "list", nested(12, "element", "list", leaf(13, "element", "int32"))),
      nested(14, "ls", "list", nested(15, "element", "struct", leaf(16, "x", "int32"), leaf(17, "y", "varchar"))),
      nested(18, "ss", "struct", nested(19, "deep", "struct", leaf(20, "z", "int32"))));

  static List<List<Object>> duckDbReads(String select, Path f, String where) {
    return duck.rows("SELECT " + select + " FROM read_parquet('" + f + "', file_row_number = true)" + where + " ORDER BY file_row_number");
  }

  @Test
  void everyNestedValueEqualsWhatDuckDbReadsFromTheSameFile() {
    List<List<Object>> expected = duckDbReads("li, sr, mp, ll, ls, ss", file, "");
    assertThat(expected).hasSize(5005);
    // The hand-picked rows as DuckDB reads them: a NULL struct is not a struct of NULLs, [] is not NULL.
    Map<String, Object> structOfNulls = new java.util.LinkedHashMap<>();
    structOfNulls.put("p", null);
    structOfNulls.put("q", null);
    assertThat(expected.get(3).get(1)).isEqualTo(structOfNulls);
    assertThat(expected.get(2).get(1)).isNull();
    assertThat(expected.get(1).get(0)).isEqualTo(List.of());
    assertThat(expected.get(2).get(0)).isNull();

    ScanPlan plan = ScanPlan.allColumns(COLUMNS, List.of(duck.dataFile(file, 0)));
    for (int batch : new int[] {8192, 1000, 1}) {
      assertThat(ArrowRows.scan(plan, ScanOptions.defaults().withBatchRows(batch))).as("batch %d", batch)
          .containsExactlyElementsOf(expected);
    }
  }

  @Test
  void deletedRowsAreSkippedWithAllTheirNestedValues() {
    List<Integer> deleted = new ArrayList<>();
    for (int p = 0; p < 5005; p += 3) {
      deleted.add(p);
    }
    deleted.add(5004);
    Path del = duck.copy("SELECT '" + file + "' AS file_path, unnest(" + deleted + ")::BIGINT AS pos", dir.resolve("nested-delete.parquet"),
        "FIELD_IDS {file_path: 2147483546, pos: 2147483545}");
    ScanPlan plan = new ScanPlan(COLUMNS, List.of(duck.dataFile(file, 100).withDeletes(del.toString())),
        List.of(Projected.column(11), Projected.rowId(), Projected.column(8), Projected.column(4)));

    assertThat(ArrowRows.scan(plan, ScanOptions.defaults().withBatchRows(777)))
        .containsExactlyElementsOf(duckDbReads("ll, 100 + file_row_number, mp, sr", file,
            " WHERE file_row_number NOT IN (SELECT unnest(" + deleted + "))"));
  }

  @Test
  void eachNestedTypeBecomesItsArrowTypeWithItsFieldsNamedAndNumberedAsInThePlan() {
    try (RootAllocator allocator = new RootAllocator();
        LakeScan scan = LakeScan.open(ScanPlan.allColumns(COLUMNS, List.of()), allocator, ScanOptions.defaults())) {
      Field sr = scan.schema().getFields().get(1);
      assertThat(sr.getType()).isEqualTo(ArrowType.Struct.INSTANCE);
      assertThat(sr.getChildren()).extracting(Field::getName).containsExactly("p", "q");
      assertThat(sr.getChildren().get(1).getType()).isEqualTo(ArrowType.List.INSTANCE);
      assertThat(sr.getChildren().get(1).getMetadata()).containsEntry("ducklake.column_id", "6");
      Field mp = scan.schema().getFields().get(2);
      assertThat(mp.getType()).isEqualTo(new ArrowType.Map(false));
      Field entries = mp.getChildren().get(0);
      assertThat(entries.isNullable()).isFalse();
      assertThat(entries.getChildren()).extracting(Field::getName).containsExactly("key", "value");
      assertThat(entries.getChildren()).extracting(Field::isNullable).containsExactly(false, true);
      assertThat(scan.schema().getFields().get(0).getChildren()).extracting(f -> f.getType())
          .containsExactly(new ArrowType.Int(64, true));
    }
  }

  @Test
  void aStructFieldAddedAfterTheFileReadsAsItsDefaultInEveryNonNullStructAndDroppedOrRenamedFieldsFollowTheirIds() {
    // At the snapshot: sr's p was renamed "renamed_p" and widened to int64, q dropped, "added" (id 50, default 7) added.
    PlanColumn sr = new PlanColumn(4, "sr", "struct", null,
        List.of(leaf(5, "renamed_p", "int64"), new PlanColumn(50, "added", "int32", "7")));
    ScanPlan plan = ScanPlan.allColumns(List.of(sr), List.of(duck.dataFile(file, 0)));

    assertThat(ArrowRows.scan(plan)).containsExactlyElementsOf(duckDbReads(
        "CASE WHEN sr IS NULL THEN NULL ELSE {'renamed_p': CAST(sr.p AS BIGINT), 'added': 7} END", file, ""));
  }

  @Test
  void aNestedColumnAddedAfterTheFileIsNull() {
    ScanPlan plan = new ScanPlan(List.of(nested(60, "later", "list", leaf(61, "element", "int32")), leaf(1, "k", "int32")),
        List.of(duck.dataFile(file, 0)), List.of(Projected.column(60)));
    assertThat(ArrowRows.scan(plan)).hasSize(5005).allSatisfy(row -> assertThat(row).containsExactly((Object) null));
  }

  @Test
  void aListElementOfANarrowerFileTypeIsWidened() {
    ScanPlan plan = ScanPlan.allColumns(List.of(nested(11, "ll", "list", nested(12, "element", "list", leaf(13, "element", "int64")))),
        List.of(duck.dataFile(file, 0)));
    assertThat(ArrowRows.scan(plan)).containsExactlyElementsOf(duckDbReads("CAST(ll AS BIGINT[][])", file, ""));
  }

  @ParameterizedTest(name = "a {0} column without its child columns is refused")
  @ValueSource(strings = {"list", "struct", "map"})
  void aNestedColumnWithoutItsChildColumnsIsRefusedNamingIt(String type) {
    ScanPlan plan = ScanPlan.allColumns(List.of(leaf(2, "odd_col", type)), List.of());
    assertThatThrownBy(() -> ArrowRows.scan(plan)).isInstanceOf(UnsupportedLakeTypeException.class)
        .hasMessageStartingWith("column \"odd_col\" has type " + type + ", which arrow-scan does not read yet without its"
            + " child columns (ducklake_column rows with parent_column 2)");
  }

  @Test
  void aListWithTwoChildrenOrAMapWithoutKeyAndValueIsRefused() {
    assertThatThrownBy(() -> ArrowRows.scan(ScanPlan.allColumns(
        List.of(nested(2, "li", "list", leaf(3, "element", "int64"), leaf(4, "other", "int64"))), List.of())))
        .isInstanceOf(LakeReadException.class)
        .hasMessage("column \"li\" has type list, which needs exactly one child column (its element), not 2");
    assertThatThrownBy(() -> ArrowRows.scan(ScanPlan.allColumns(
        List.of(nested(8, "mp", "map", leaf(9, "k", "int32"), leaf(10, "value", "varchar"))), List.of())))
        .isInstanceOf(LakeReadException.class)
        .hasMessage("column \"mp\" has type map, which needs exactly two child columns named key and value, not [k, value]");
  }

  @Test
  void aFileColumnWhoseNestingIsNotTheTablesIsRefusedNamingTheFile() {
    // sr is a struct in the file; a list in the plan.
    ScanPlan plan = ScanPlan.allColumns(List.of(nested(4, "sr", "list", leaf(5, "element", "int32"))), List.of(duck.dataFile(file, 0)));
    assertThatThrownBy(() -> ArrowRows.scan(plan)).isInstanceOf(LakeReadException.class)
        .hasMessage("column \"sr\" (column_id 4) of data file " + file + " (stored as \"sr\") is a Parquet struct group,"
            + " which cannot be read as the table's type list");
  }

  @ParameterizedTest(name = "inlined {1}")
  @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
      // The texts DuckLake inlined in the captures (08's ty, 02's orders2), then DuckDB's quoting of awkward strings.
      "2  | [1, 2, NULL]                                   | BIGINT[]",
      "4  | {'p': 1, 'q': [a, NULL]}                       | STRUCT(p INTEGER, q VARCHAR[])",
      "8  | {1=one, 2=NULL}                                | MAP(INTEGER, VARCHAR)",
      "8  | {}                                             | MAP(INTEGER, VARCHAR)",
      "4  | {'p': NULL, 'q': ['NULL', 'x,y', '', ' s', 'it\\'s', '[z]', NULL]} | STRUCT(p INTEGER, q VARCHAR[])",
      "11 | [[1], [], NULL, [NULL, 2]]                     | INTEGER[][]",
      "14 | [{'x': 1, 'y': a}, NULL, {'x': NULL, 'y': NULL}] | STRUCT(x INTEGER, y VARCHAR)[]",
      "18 | {'deep': NULL}                                 | STRUCT(deep STRUCT(z INTEGER))",
  })
  void anInlinedNestedValueIsDuckDbsTextOfItParsedByItsChildTypes(long id, String text, String duckType) {
    PlanColumn column = COLUMNS.stream().filter(c -> c.columnId() == id).findFirst().orElseThrow();
    ScanPlan plan = ScanPlan.allColumns(List.of(column), List.of(), List.of(new InlinedRow(0, Map.of(id, text))));
    String literal = "CAST('" + text.replace("'", "''") + "' AS " + duckType + ")";

    assertThat(ArrowRows.scan(plan)).containsExactlyElementsOf(duck.rows("SELECT " + literal));
    // DuckDB prints the value back as the same text: the text is DuckDB's, not made up here.
    assertThat(duck.scalar("SELECT CAST(" + literal + " AS VARCHAR)")).isEqualTo(text);
  }

  @Test
  void aNullInlinedNestedValueIsNullAndMalformedTextIsRefusedAtOpen() {
    PlanColumn li = nested(2, "li", "list", leaf(3, "element", "int64"));
    java.util.Map<Long, Object> nullValue = new java.util.HashMap<>();
    nullValue.put(2L, null);
    assertThat(ArrowRows.scan(ScanPlan.allColumns(List.of(li), List.of(), List.of(new InlinedRow(0, nullValue)))))
        .containsExactly(java.util.Arrays.asList((Object) null));
    assertThatThrownBy(() -> ArrowRows.scan(ScanPlan.allColumns(List.of(li), List.of(),
        List.of(new InlinedRow(0, Map.of(2L, "[1, 2"))))))
        .isInstanceOf(LakeReadException.class)
        .hasMessage("inlined value '[1, 2' (String) of column \"li\" at row_id 0 is not a list value: expected ']' at"
            + " character 5 of DuckDB's text of the value");
    assertThatThrownBy(() -> ArrowRows.scan(ScanPlan.allColumns(List.of(li), List.of(),
        List.of(new InlinedRow(0, Map.of(2L, "[1, x]"))))))
        .isInstanceOf(LakeReadException.class)
        .hasMessage("inlined value '[1, x]' (String) of column \"li\" at row_id 0 is not a list value: For input string: \"x\"");
  }

  @Test
  void aNestedInitialDefaultIsDuckDbsTextOfTheValue() {
    PlanColumn added = new PlanColumn(70, "added", "struct", "{'a': 1, 'b': [x, NULL]}",
        List.of(leaf(71, "a", "int32"), nested(72, "b", "list", leaf(73, "element", "varchar"))));
    ScanPlan plan = new ScanPlan(List.of(added, nested(2, "li", "list", leaf(3, "element", "int64"))),
        List.of(duck.dataFile(file, 0)), List.of(Projected.column(70)));
    List<List<Object>> expected = duck.rows("SELECT CAST('{''a'': 1, ''b'': [x, NULL]}' AS STRUCT(a INTEGER, b VARCHAR[]))");

    assertThat(ArrowRows.scan(plan)).hasSize(5005).containsOnly(expected.get(0));
  }
}
