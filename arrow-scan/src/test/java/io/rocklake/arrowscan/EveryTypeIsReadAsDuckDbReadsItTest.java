package io.rocklake.arrowscan;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every supported type, with NULLs and extreme and special values, compared value for value with DuckDB. */
class EveryTypeIsReadAsDuckDbReadsItTest {

  /** A column of the matrix: DuckDB type, DuckLake type, expected Arrow type, five SQL values. */
  record Col(String name, String duckType, String lakeType, ArrowType arrow, List<String> values) {}

  static final List<Col> COLUMNS = List.of(
      new Col("c_bool", "BOOLEAN", "boolean", ArrowType.Bool.INSTANCE, List.of("true", "false", "true", "false", "true")),
      new Col("c_i8", "TINYINT", "int8", new ArrowType.Int(8, true), List.of("-128", "127", "0", "-1", "1")),
      new Col("c_i16", "SMALLINT", "int16", new ArrowType.Int(16, true), List.of("-32768", "32767", "0", "-1", "1")),
      new Col("c_i32", "INTEGER", "int32", new ArrowType.Int(32, true),
          List.of("-2147483648", "2147483647", "0", "-1", "1")),
      new Col("c_i64", "BIGINT", "int64", new ArrowType.Int(64, true),
          List.of("-9223372036854775808", "9223372036854775807", "0", "-1", "1")),
      new Col("c_u8", "UTINYINT", "uint8", new ArrowType.Int(8, false), List.of("0", "255", "128", "1", "127")),
      new Col("c_u16", "USMALLINT", "uint16", new ArrowType.Int(16, false), List.of("0", "65535", "32768", "1", "32767")),
      new Col("c_u32", "UINTEGER", "uint32", new ArrowType.Int(32, false),
          List.of("0", "4294967295", "2147483648", "1", "2147483647")),
      new Col("c_u64", "UBIGINT", "uint64", new ArrowType.Int(64, false),
          List.of("0", "18446744073709551615", "9223372036854775808", "1", "9223372036854775807")),
      new Col("c_f32", "FLOAT", "float32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE),
          List.of("'nan'", "'inf'", "'-inf'", "'-0.0'", "'3.4028235e38'")),
      new Col("c_f64", "DOUBLE", "float64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE),
          List.of("'nan'", "'inf'", "'-inf'", "'-0.0'", "'4.9e-324'")),
      new Col("c_varchar", "VARCHAR", "varchar", ArrowType.Utf8.INSTANCE,
          List.of("''", "'héllo wörld ✓ 😀'", "'a''b'", "repeat('x', 10000)", "'NULL'")),
      new Col("c_blob", "BLOB", "blob", ArrowType.Binary.INSTANCE,
          List.of("''", "'\\x00\\xFF'", "'abc'", "'\\x80'", "repeat('\\xAA'::BLOB, 3000)")),
      new Col("c_date", "DATE", "date", new ArrowType.Date(DateUnit.DAY),
          List.of("'0001-01-01'", "'9999-12-31'", "'1970-01-01'", "'1969-12-31'", "'2024-02-29'")),
      new Col("c_ts", "TIMESTAMP", "timestamp", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null),
          List.of("'0001-01-01 00:00:00'", "'9999-12-31 23:59:59.999999'", "'1970-01-01 00:00:00'",
              "'1969-12-31 23:59:59.999999'", "'2024-02-29 12:34:56.789012'")),
      new Col("c_tstz", "TIMESTAMPTZ", "timestamptz", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"),
          List.of("'0001-01-01 00:00:00+00'", "'9999-12-31 23:59:59.999999+00'", "'1970-01-01 00:00:00+00'",
              "'1969-12-31 23:59:59.999999+00'", "'2024-02-29 12:34:56.789012+05:30'")),
      new Col("c_dec4", "DECIMAL(4,1)", "decimal(4,1)", new ArrowType.Decimal(4, 1, 128),
          List.of("-999.9", "999.9", "0", "-0.1", "12.3")),
      new Col("c_dec9", "DECIMAL(9,2)", "decimal(9,2)", new ArrowType.Decimal(9, 2, 128),
          List.of("-9999999.99", "9999999.99", "0", "-0.01", "1234.56")),
      new Col("c_dec18", "DECIMAL(18,6)", "decimal(18,6)", new ArrowType.Decimal(18, 6, 128),
          List.of("-999999999999.999999", "999999999999.999999", "0", "-0.000001", "1.5")),
      new Col("c_dec38", "DECIMAL(38,10)", "decimal(38,10)", new ArrowType.Decimal(38, 10, 128),
          List.of("-9999999999999999999999999999.9999999999", "9999999999999999999999999999.9999999999", "0",
              "-0.0000000001", "123456789012345678.5")),
      new Col("c_uuid", "UUID", "uuid", UuidType.INSTANCE,
          List.of("'00000000-0000-0000-0000-000000000000'", "'ffffffff-ffff-ffff-ffff-ffffffffffff'",
              "'123e4567-e89b-12d3-a456-426614174000'", "'80000000-0000-0000-0000-000000000000'",
              "'7fffffff-ffff-ffff-ffff-ffffffffffff'")));

  static DuckDb duck;
  static Path file;

  @BeforeAll
  static void writeTheMatrix(@TempDir Path dir) {
    duck = new DuckDb();
    List<String> rows = new ArrayList<>();
    for (int r = 0; r < 5; r++) {
      int row = r;
      rows.add(COLUMNS.stream().map(c -> "CAST(" + c.values().get(row) + " AS " + c.duckType() + ") AS " + c.name())
          .collect(Collectors.joining(", ", "SELECT " + r + " AS k, ", "")));
    }
    rows.add(COLUMNS.stream().map(c -> "CAST(NULL AS " + c.duckType() + ") AS " + c.name())
        .collect(Collectors.joining(", ", "SELECT 5 AS k, ", "")));
    String fieldIds = IntStream.range(0, COLUMNS.size())
        .mapToObj(k -> COLUMNS.get(k).name() + ": " + (100 + k)).collect(Collectors.joining(", ", "{", "}"));
    file = duck.copy("SELECT * EXCLUDE (k) FROM (" + String.join(" UNION ALL ", rows) + ") ORDER BY k",
        dir.resolve("matrix.parquet"), "FIELD_IDS " + fieldIds);
  }

  @AfterAll
  static void close() throws Exception {
    duck.close();
  }

  static ScanPlan plan() {
    List<PlanColumn> cols = new ArrayList<>();
    for (int k = 0; k < COLUMNS.size(); k++) {
      cols.add(new PlanColumn(100 + k, COLUMNS.get(k).name(), COLUMNS.get(k).lakeType(), null));
    }
    return ScanPlan.allColumns(cols, List.of(duck.dataFile(file, 0)));
  }

  @Test
  void everyValueOfEveryTypeEqualsWhatDuckDbReadsFromTheSameFile() {
    String select = COLUMNS.stream().map(c -> DuckDb.canonicalExpression(c.name(), c.lakeType()))
        .collect(Collectors.joining(", "));
    List<List<Object>> expected =
        duck.rows("SELECT " + select + " FROM read_parquet('" + file + "', file_row_number = true) ORDER BY file_row_number");

    assertThat(expected).hasSize(6);
    assertThat(ArrowRows.scan(plan())).containsExactlyElementsOf(expected);
  }

  @Test
  void eachDuckLakeTypeBecomesItsArrowType() {
    try (RootAllocator allocator = new RootAllocator(); LakeScan scan = LakeScan.open(plan(), allocator, ScanOptions.defaults())) {
      assertThat(scan.schema().getFields()).extracting(Field::getName)
          .containsExactlyElementsOf(COLUMNS.stream().map(Col::name).toList());
      assertThat(scan.schema().getFields()).extracting(Field::getType)
          .containsExactlyElementsOf(COLUMNS.stream().map(Col::arrow).toList());
    }
  }

  @Test
  void decimalsCoverEveryPhysicalTypeDuckDbWrites() {
    List<List<Object>> physical = duck.rows("SELECT name, type FROM parquet_schema('" + file + "') WHERE name LIKE 'c_dec%' ORDER BY name");
    assertThat(physical).containsExactly(
        List.of("c_dec18", "INT64"), List.of("c_dec38", "FIXED_LEN_BYTE_ARRAY"),
        List.of("c_dec4", "INT32"), List.of("c_dec9", "INT32"));
  }
}
