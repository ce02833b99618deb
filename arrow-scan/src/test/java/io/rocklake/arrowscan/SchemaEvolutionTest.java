package io.rocklake.arrowscan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A table whose columns changed after its files were written: columns are found by field id whatever
 * their name and position in the file, added columns read as their initial default, dropped columns
 * are ignored, and narrower file types are widened to the table's type.
 */
class SchemaEvolutionTest {
  @RegisterExtension static final DuckDb duck = new DuckDb();
  @TempDir static Path dir;

  @Test
  void columnsAreBoundByFieldIdNotByNameOrPosition() {
    // The file's names are swapped relative to the table's: a by-name reader would read b as a.
    Path f = duck.copy("SELECT i::BIGINT AS b, 'v' || i AS a FROM range(5) t(i)", dir.resolve("swapped.parquet"),
        "FIELD_IDS {b: 1, a: 2}");
    ScanPlan plan = ScanPlan.allColumns(
        List.of(new PlanColumn(2, "b", "varchar", null), new PlanColumn(1, "a", "int64", null)),
        List.of(duck.dataFile(f, 0)));

    assertThat(ArrowRows.scan(plan)).containsExactlyElementsOf(
        duck.rows("SELECT a, b FROM read_parquet('" + f + "', file_row_number = true) ORDER BY file_row_number"));
  }

  @Test
  void renamedAddedDroppedAndWidenedColumnsAcrossTwoFilesOfOneTable() {
    // Before: (id int64 #1, old_name varchar #2, small int8 #3, f float32 #4, dropped varchar #5).
    Path before = duck.copy(
        "SELECT i::BIGINT AS id, 'n' || i AS old_name, (i - 3)::TINYINT AS small, (i / 3)::FLOAT AS f, 'x' AS dropped"
            + " FROM range(6) t(i)", dir.resolve("before.parquet"),
        "FIELD_IDS {id: 1, old_name: 2, small: 3, f: 4, dropped: 5}");
    // After: #2 renamed to name, #3 widened to int64, #4 to float64, #5 dropped, #6 and #7 added.
    Path after = duck.copy(
        "SELECT i::BIGINT AS id, 'm' || i AS name, i * 1000000000000 AS small, i / 7 AS f, i::INTEGER AS with_default,"
            + " 'w' || i AS without_default FROM range(100, 103) t(i)", dir.resolve("after.parquet"),
        "FIELD_IDS {id: 1, name: 2, small: 3, f: 4, with_default: 6, without_default: 7}");
    List<PlanColumn> columns = List.of(
        new PlanColumn(7, "without_default", "varchar", null),
        new PlanColumn(4, "f", "float64", null),
        new PlanColumn(1, "id", "int64", null),
        new PlanColumn(2, "name", "varchar", null),
        new PlanColumn(3, "small", "int64", null),
        new PlanColumn(6, "with_default", "int32", "42"));
    ScanPlan plan = ScanPlan.allColumns(columns, List.of(duck.dataFile(before, 0), duck.dataFile(after, 6)));

    List<List<Object>> expected = new ArrayList<>(duck.rows(
        "SELECT NULL, CAST(f AS DOUBLE), id, old_name, CAST(small AS BIGINT), 42"
            + " FROM read_parquet('" + before + "', file_row_number = true) ORDER BY file_row_number"));
    expected.addAll(duck.rows("SELECT without_default, f, id, name, small, with_default"
        + " FROM read_parquet('" + after + "', file_row_number = true) ORDER BY file_row_number"));
    assertThat(expected).hasSize(9);
    assertThat(ArrowRows.scan(plan)).containsExactlyElementsOf(expected);
  }

  @ParameterizedTest(name = "{0} file column read as {2}")
  @CsvSource(delimiter = '|', value = {
      "TINYINT   | -128, 127, 0       | int16  | SMALLINT",
      "TINYINT   | -128, 127, -1      | int32  | INTEGER",
      "TINYINT   | -128, 127, -1      | int64  | BIGINT",
      "SMALLINT  | -32768, 32767, -1  | int32  | INTEGER",
      "SMALLINT  | -32768, 32767, -1  | int64  | BIGINT",
      "INTEGER   | -2147483648, 2147483647, -1 | int64 | BIGINT",
      "UTINYINT  | 0, 255, 128        | uint16 | USMALLINT",
      "UTINYINT  | 0, 255, 128        | uint64 | UBIGINT",
      "UTINYINT  | 0, 255, 128        | int16  | SMALLINT",
      "USMALLINT | 0, 65535, 32768    | uint32 | UINTEGER",
      "USMALLINT | 0, 65535, 32768    | int32  | INTEGER",
      "UINTEGER  | 0, 4294967295, 2147483648 | uint64 | UBIGINT",
      "UINTEGER  | 0, 4294967295, 2147483648 | int64  | BIGINT",
      "FLOAT     | 'nan', '-inf', '3.4028235e38', '1.4e-45', '-0.1' | float64 | DOUBLE",
  })
  void aNarrowerFileTypeIsWidenedToTheTablesType(String fileType, String values, String lakeType, String duckType) {
    String rows = String.join(" UNION ALL ", java.util.Arrays.stream(values.split(","))
        .map(v -> "SELECT CAST(" + v.trim() + " AS " + fileType + ") AS c").toList()) + " UNION ALL SELECT NULL";
    Path f = duck.copy(rows, dir.resolve("widen-" + fileType + "-" + lakeType + ".parquet"), "FIELD_IDS {c: 9}");
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(9, "c", lakeType, null)), List.of(duck.dataFile(f, 0)));

    assertThat(ArrowRows.scan(plan)).containsExactlyElementsOf(duck.rows(
        "SELECT CAST(c AS " + duckType + ") FROM read_parquet('" + f + "', file_row_number = true) ORDER BY file_row_number"));
  }

  @ParameterizedTest(name = "{0} file column is not read as {1}")
  @CsvSource({"BIGINT, int32, 1", "INTEGER, uint64, 1", "DOUBLE, float32, 1", "BIGINT, float64, 1", "VARCHAR, blob, 1",
      "'DECIMAL(18,3)', 'decimal(18,2)', 1", "'DECIMAL(18,3)', 'decimal(9,3)', 1",
      "TIMESTAMP, timestamptz, make_timestamp(0)"})
  void aNarrowingOrForeignTypeChangeIsRefusedNamingTheColumnAndBothTypes(String fileType, String lakeType, String value) {
    Path f = duck.copy("SELECT CAST(" + value + " AS " + fileType + ") AS stored", dir.resolve("narrow-" + lakeType.replaceAll("\\W", "") + fileType.replaceAll("\\W", "") + ".parquet"),
        "FIELD_IDS {stored: 3}");
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(3, "tbl_col", lakeType, null)), List.of(duck.dataFile(f, 0)));

    assertThatThrownBy(() -> ArrowRows.scan(plan)).isInstanceOf(LakeReadException.class)
        .hasMessageContaining("\"tbl_col\"").hasMessageContaining("column_id 3").hasMessageContaining(f.toString())
        .hasMessageContaining("cannot be read as the table's type " + lakeType);
  }

  @ParameterizedTest(name = "initial_default {2} of a {0} column")
  @CsvSource(delimiter = '|', value = {
      "boolean     | BOOLEAN      | true",
      "int8        | TINYINT      | -128",
      "int16       | SMALLINT     | 32767",
      "int64       | BIGINT       | -9223372036854775808",
      "uint8       | UTINYINT     | 255",
      "uint16      | USMALLINT    | 65535",
      "uint32      | UINTEGER     | 4294967295",
      "uint64      | UBIGINT      | 18446744073709551615",
      "float32     | FLOAT        | 1.5",
      "float64     | DOUBLE       | -inf",
      "float64     | DOUBLE       | nan",
      "decimal(9,2) | DECIMAL(9,2) | -1234.5",
      "decimal(38,10) | DECIMAL(38,10) | 9999999999999999999999999999.9999999999",
      "date        | DATE         | 2024-02-29",
      "timestamp   | TIMESTAMP    | 2024-02-29 12:34:56.789",
      "timestamptz | TIMESTAMPTZ  | 2024-02-29 12:34:56.789012+00",
      "timestamptz | TIMESTAMPTZ  | 2024-02-29 12:34:56+05:30",
      "varchar     | VARCHAR      | héllo, 'world'",
      "blob        | BLOB         | a\\x00\\xFFz",
      "uuid        | UUID         | 123e4567-e89b-12d3-a456-426614174000",
      "time        | TIME         | 24:00:00",
      "time        | TIME         | 12:34:56.789",
      "timetz      | TIMETZ       | 12:00:00+05:30",
      "timetz      | TIMETZ       | 00:00:00.000001-15:59",
      "timetz      | TIMETZ       | 23:59:59+00",
      "interval    | INTERVAL     | 1 year 2 months 3 days 04:05:06.007",
      "interval    | INTERVAL     | -1 year -2 months -3 days -04:05:06.007",
      "interval    | INTERVAL     | -1 day 02:00:00",
      "interval    | INTERVAL     | -00:00:00.000001",
      "interval    | INTERVAL     | 178000000 years",
      "interval    | INTERVAL     | 2562047:47:16.854775",
      "interval    | INTERVAL     | 00:00:00",
      "timestamp_s | TIMESTAMP_S  | 1969-12-31 23:59:59",
      "timestamp_ms | TIMESTAMP_MS | 0001-01-01 00:00:00.001",
      "timestamp_ms | TIMESTAMP_MS | 9999-12-31 23:59:59.999",
      "timestamp_ns | TIMESTAMP_NS | 1969-12-31 23:59:59.999999999",
      "timestamp_ns | TIMESTAMP_NS | 2024-01-01 00:00:00.1",
      "int128      | HUGEINT      | -170141183460469231731687303715884105728",
      "int128      | HUGEINT      | 170141183460469231731687303715884105727",
      "uint128     | UHUGEINT     | 340282366920938463463374607431768211455",
      "json        | JSON         | {\"a\": [1, null, \"é\"]}",
  })
  void anAddedColumnReadsAsDuckDbsCastOfItsInitialDefault(String lakeType, String duckType, String text) {
    Path f = duck.copy("SELECT i AS id FROM range(3) t(i)", dir.resolve("old.parquet"), "FIELD_IDS {id: 1}");
    ScanPlan plan = ScanPlan.allColumns(
        List.of(new PlanColumn(1, "id", "int64", null), new PlanColumn(2, "added", lakeType, text)),
        List.of(duck.dataFile(f, 0)));
    String literal = "CAST('" + text.replace("'", "''") + "' AS " + duckType + ")";
    List<Object> expected = duck.rows("SELECT " + DuckDb.canonicalExpression(literal, lakeType)).get(0);

    assertThat(ArrowRows.scan(plan)).extracting(row -> row.get(1)).containsOnly(expected.get(0)).hasSize(3);
  }

  @Test
  void anInitialDefaultThatIsNotAValueOfTheTypeIsRefusedBeforeAnyRead() {
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(2, "added", "int16", "70000")), List.of());

    assertThatThrownBy(() -> ArrowRows.scan(plan)).isInstanceOf(LakeReadException.class)
        .hasMessageContaining("initial_default '70000' of column \"added\" is not a int16 value");
  }

  @ParameterizedTest(name = "initial_default {1} of a {0} column is refused")
  @CsvSource(delimiter = '|', value = {
      "interval     | 2562048 hours            | out of range for Arrow's interval (nanoseconds in a signed 64-bit integer)",
      "interval     | 3 fortnights             | expected DuckDB's text of an interval",
      "time         | 24:00:00.000001          | not a time of day",
      "timestamp_ms | 2024-01-01 00:00:00.1234 | more fractional digits than timestamp_ms keeps",
      "timestamp_s  | 2024-01-01 00:00:00.5    | more fractional digits than timestamp_s keeps",
      "int128       | 170141183460469231731687303715884105728 | out of range for int128",
      "uint128      | -1                       | out of range for uint128",
  })
  void anInitialDefaultOutsideWhatTheArrowTypeHoldsIsRefusedNamingWhy(String lakeType, String text, String why) {
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(2, "added", lakeType, text)), List.of());

    assertThatThrownBy(() -> ArrowRows.scan(plan)).isInstanceOf(LakeReadException.class)
        .hasMessage("initial_default '" + text + "' of column \"added\" is not a " + lakeType + " value: " + why);
  }

  @Test
  void aFileWithoutFieldIdsIsRefusedRatherThanReadAsAllDefaults() {
    Path f = duck.copy("SELECT 1 AS id", dir.resolve("noids.parquet"), "");
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(1, "id", "int32", null)), List.of(duck.dataFile(f, 0)));

    assertThatThrownBy(() -> ArrowRows.scan(plan)).isInstanceOf(LakeReadException.class)
        .hasMessageContaining(f + " has no Parquet field ids");
  }
}
