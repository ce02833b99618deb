package io.rocklake.arrowscan;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DuckDbText}: every list, struct and map value arrow-scan reads from a file DuckDB wrote, printed
 * as text, is exactly DuckDB's {@code CAST(v AS VARCHAR)} of the same value in the same file — strings
 * that need quotes and those that do not, NULLs at every level, struct field names, map keys, and
 * each scalar type's spelling inside a nested value.
 */
class NestedValuesPrintedAsDuckDbPrintsThemTest {
  static DuckDb duck;
  static Path file;

  /** Generated values for each column, for 3000 rows. */
  static final String ROWS = "SELECT i AS k,"
      + " list_transform(range(i % 5), x -> CASE WHEN (i + x) % 11 = 0 THEN NULL ELSE"
      + "  substr(' a,b''c\"d(e)f:g=h[i]j{k}l\\m NULL null\tx ', ((i * 7 + x * 13) % 36) + 1, (i + x) % 6) END) AS ls,"
      + " list_transform(range(i % 4), x -> ((i - 1500) * pow(10, ((i + x) % 44) - 22) / 7.0)::DOUBLE) AS ld,"
      + " list_transform(range(i % 3), x -> ((i - 1500) * pow(10, ((i * 3 + x) % 40) - 20) / 3.0)::FLOAT) AS lf,"
      + " [TIMESTAMP '1970-01-01' + to_microseconds(i * 987654321001 - 1000000000000000), NULL] AS lt,"
      + " [TIMESTAMPTZ '2000-01-01 00:00:00+00' + to_microseconds(i * 12345678901)] AS ltz,"
      + " [TIME '00:00:00' + to_microseconds((i * 28800037) % 86400000000), TIME '23:59:59.999999'] AS lti,"
      + " [DATE '1970-01-01' + (i * 37 - 30000)::INTEGER] AS lda,"
      + " [to_months(i % 30) + to_days(i % 40) + to_milliseconds(i * 98765), INTERVAL 0 SECOND] AS liv,"
      + " [('\\x' || lpad(to_hex(i % 256), 2, '0'))::BLOB, 'a,b'::BLOB, NULL] AS lb,"
      + " [i % 3 = 0, NULL, i % 2 = 0] AS lbo,"
      + " [((i - 1500) * 1234.567)::DECIMAL(18,3), NULL] AS ldec,"
      + " [18446744073709551615::UBIGINT - i::UBIGINT * 3074457345618258] AS lub,"
      + " CASE WHEN i % 9 = 0 THEN NULL ELSE {'it''s': i::INTEGER, 'a b': [CASE WHEN i % 2 = 0 THEN 'NULL' ELSE 'x=y' END],"
      + "  'm': MAP {'k' || (i % 3): i::INTEGER, ' sp': NULL}} END AS st,"
      + " CASE WHEN i % 7 = 0 THEN NULL ELSE map_from_entries(list_transform(range(i % 3),"
      + "  x -> {'k': ' key' || x, 'v': CASE WHEN x = 1 THEN NULL ELSE {'x': x / 3.0, 'u': '8f14e45f-ceea-467f-a0e6-3c3f1a2b4c5d'::UUID} END})) END AS mp"
      + " FROM range(3000) r(i)";

  static final String FIELD_IDS = "FIELD_IDS {ls: {__duckdb_field_id: 2, element: 3}, ld: {__duckdb_field_id: 4, element: 5},"
      + " lf: {__duckdb_field_id: 6, element: 7}, lt: {__duckdb_field_id: 8, element: 9}, ltz: {__duckdb_field_id: 10, element: 11},"
      + " lti: {__duckdb_field_id: 12, element: 13}, lda: {__duckdb_field_id: 14, element: 15}, liv: {__duckdb_field_id: 16, element: 17},"
      + " lb: {__duckdb_field_id: 18, element: 19}, lbo: {__duckdb_field_id: 20, element: 21}, ldec: {__duckdb_field_id: 22, element: 23},"
      + " lub: {__duckdb_field_id: 24, element: 25},"
      + " st: {__duckdb_field_id: 26, \"it's\": 27, \"a b\": {__duckdb_field_id: 28, element: 29}, m: {__duckdb_field_id: 30, key: 31, value: 32}},"
      + " mp: {__duckdb_field_id: 33, key: 34, value: {__duckdb_field_id: 35, x: 36, u: 37}}}";

  static final List<PlanColumn> COLUMNS = List.of(
      list(2, "ls", "varchar"), list(4, "ld", "float64"), list(6, "lf", "float32"), list(8, "lt", "timestamp"),
      list(10, "ltz", "timestamptz"), list(12, "lti", "time"), list(14, "lda", "date"), list(16, "liv", "interval"),
      list(18, "lb", "blob"), list(20, "lbo", "boolean"), list(22, "ldec", "decimal(18,3)"), list(24, "lub", "uint64"),
      nested(26, "st", "struct", leaf(27, "it's", "int32"), list(28, "a b", "varchar"),
          nested(30, "m", "map", leaf(31, "key", "varchar"), leaf(32, "value", "int32"))),
      nested(33, "mp", "map", leaf(34, "key", "varchar"),
          nested(35, "value", "struct", leaf(36, "x", "float64"), leaf(37, "u", "uuid"))));

  static final String NAMES = "ls, ld, lf, lt, ltz, lti, lda, liv, lb, lbo, ldec, lub, st, mp";

  static PlanColumn leaf(long id, String name, String type) {
    return new PlanColumn(id, name, type, null);
  }

  static PlanColumn list(long id, String name, String elementType) {
    return new PlanColumn(id, name, "list", null, List.of(leaf(id + 1, "element", elementType)));
  }

  static PlanColumn nested(long id, String name, String type, PlanColumn... children) {
    return new PlanColumn(id, name, type, null, List.of(children));
  }

  @BeforeAll
  static void write(@TempDir Path dir) {
    duck = new DuckDb();
    duck.execute("SET TimeZone = 'UTC'");
    duck.execute("CREATE TABLE nested AS " + ROWS);
    file = duck.copy("SELECT " + NAMES + " FROM nested ORDER BY k", dir.resolve("printed.parquet"),
        FIELD_IDS + ", ROW_GROUP_SIZE 1024");
  }

  @AfterAll
  static void close() throws Exception {
    duck.close();
  }

  @Test
  void everyNestedValueIsPrintedExactlyAsDuckDbCastsItToVarchar() {
    String casts = String.join(", ", java.util.Arrays.stream(NAMES.split(", "))
        .map(c -> "CAST(" + c + " AS VARCHAR)").toList());
    List<List<Object>> expected = duck.rows("SELECT " + casts + " FROM read_parquet('" + file
        + "', file_row_number = true) ORDER BY file_row_number");
    assertThat(expected).hasSize(3000);
    List<List<Object>> printed = printed();
    assertThat(printed).hasSameSizeAs(expected);
    for (int row = 0; row < expected.size(); row++) {
      for (int c = 0; c < expected.get(row).size(); c++) {
        assertThat(printed.get(row).get(c)).as("row %d, column %s", row, NAMES.split(", ")[c])
            .isEqualTo(expected.get(row).get(c));
      }
    }
  }

  @Test
  void duckDbsQuotingRulesForStringsInsideNestedValues() {
    // The texts DuckDB 1.5 prints (checked with CAST(... AS VARCHAR)): quoted when empty, padded,
    // NULL-like, or holding a delimiter; a backslash alone stays bare.
    for (String[] c : new String[][] {
        {"[' a', 'a ', 'NuLl', '', 'it''s', 'a\\b', 'x,y']", "[' a', 'a ', 'NuLl', '', 'it\\'s', a\\b, 'x,y']"},
        {"{'it''s': 1, 'a b': 'c:d'}", "{'it\\'s': 1, 'a b': 'c:d'}"},
        {"MAP {'k=': [NULL, 'q']}", "{'k='=[NULL, q]}"}}) {
      assertThat(duck.scalar("SELECT CAST(" + c[0] + " AS VARCHAR)")).isEqualTo(c[1]);
    }
    List<List<Object>> rows = printed();
    assertThat(rows.get(0).get(12)).isNull();
    assertThat(rows.get(1).get(12)).isEqualTo("{'it\\'s': 1, 'a b': ['x=y'], 'm': {k1=1, ' sp'=NULL}}");
  }

  /** arrow-scan's reading of the file, each value as {@link DuckDbText} prints it. */
  private static List<List<Object>> printed() {
    ScanPlan plan = ScanPlan.allColumns(COLUMNS, List.of(duck.dataFile(file, 0)));
    List<List<Object>> out = new ArrayList<>();
    try (RootAllocator allocator = new RootAllocator();
        LakeScan scan = LakeScan.open(plan, allocator, ScanOptions.defaults().withBatchRows(700))) {
      while (scan.loadNextBatch()) {
        for (int i = 0; i < scan.root().getRowCount(); i++) {
          List<Object> row = new ArrayList<>();
          for (FieldVector v : scan.root().getFieldVectors()) {
            row.add(DuckDbText.of(v, i));
          }
          out.add(row);
        }
      }
    }
    return out;
  }
}
