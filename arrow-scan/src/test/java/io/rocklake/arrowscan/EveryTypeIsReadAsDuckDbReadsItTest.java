package io.rocklake.arrowscan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every readable scalar type, with NULLs and extreme and special values, compared value for value with DuckDB. */
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
              "'7fffffff-ffff-ffff-ffff-ffffffffffff'")),
      new Col("c_time", "TIME", "time", new ArrowType.Time(TimeUnit.MICROSECOND, 64),
          List.of("'00:00:00'", "'24:00:00'", "'23:59:59.999999'", "'00:00:00.000001'", "'12:34:56.789'")),
      // DuckDB writes a timetz as its time at UTC (the offset is not kept) and reads it back with offset +00.
      new Col("c_timetz", "TIMETZ", "timetz", new ArrowType.Time(TimeUnit.MICROSECOND, 64),
          List.of("'00:00:00+15:59'", "'23:59:59.999999-15:59'", "'24:00:00-15:59'", "'12:00:00+05:30'", "'00:00:00+00'")),
      // Parquet keeps milliseconds as a uint32 (1999 us read back as 1 ms; 2^31 ms stays positive; 1194 hours wraps).
      new Col("c_interval", "INTERVAL", "interval", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO),
          List.of("'00:00:00'", "'1 day 1999 microseconds'", "'2147483647 months 2147483647 days'",
              "'596 hours 31 minutes 23.648 seconds'", "'1194 hours'")),
      new Col("c_ts_s", "TIMESTAMP_S", "timestamp_s", new ArrowType.Timestamp(TimeUnit.SECOND, null),
          List.of("'0001-01-01 00:00:00'", "'9999-12-31 23:59:59'", "'1970-01-01 00:00:00'", "'1969-12-31 23:59:59'",
              "'2024-02-29 12:34:56'")),
      new Col("c_ts_ms", "TIMESTAMP_MS", "timestamp_ms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null),
          List.of("'0001-01-01 00:00:00'", "'9999-12-31 23:59:59.999'", "'1970-01-01 00:00:00'",
              "'1969-12-31 23:59:59.999'", "'2024-02-29 12:34:56.789'")),
      new Col("c_ts_ns", "TIMESTAMP_NS", "timestamp_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null),
          List.of("'1677-09-22 00:00:00'", "'2262-04-11 23:47:16.854775806'", "'1970-01-01 00:00:00'",
              "'1969-12-31 23:59:59.999999999'", "'1900-01-01 00:00:00.000000001'")),
      // DuckDB writes HUGEINT and UHUGEINT as DOUBLE; a DuckLake read casts the double back (2^53 + 1 comes back
      // as 2^53). These are the widest doubles below 2^127 and 2^128, which the cast still accepts.
      new Col("c_i128", "HUGEINT", "int128", new ArrowType.Decimal(39, 0, 256),
          List.of("-170141183460469212842221372237303250944", "170141183460469212842221372237303250944", "0", "-1",
              "9007199254740993")),
      new Col("c_u128", "UHUGEINT", "uint128", new ArrowType.Decimal(39, 0, 256),
          List.of("0", "340282366920938425684442744474606501888", "18446744073709551616", "1", "9007199254740993")),
      new Col("c_json", "JSON", "json", ArrowType.Utf8.INSTANCE,
          List.of("'{\"a\": [1, 2.5, null]}'", "'[]'", "'null'", "'\"héllo ✓\"'", "'-1.5e300'")));

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
  void theTypesDuckDbWritesLossilyOrUnderAnotherUnitAreStoredAsTheReaderExpects() {
    List<List<Object>> stored = duck.rows("SELECT name, type, coalesce(logical_type, converted_type) FROM parquet_schema('" + file
        + "') WHERE name IN ('c_time', 'c_timetz', 'c_interval', 'c_ts_s', 'c_ts_ms', 'c_ts_ns', 'c_i128', 'c_u128', 'c_json')"
        + " ORDER BY name");
    String unit = "TimeUnit(MILLIS=<null>, MICROS=MicroSeconds(), NANOS=<null>)";
    assertThat(stored).containsExactly(
        Arrays.asList("c_i128", "DOUBLE", null),
        List.of("c_interval", "FIXED_LEN_BYTE_ARRAY", "INTERVAL"),
        List.of("c_json", "BYTE_ARRAY", "JsonType()"),
        List.of("c_time", "INT64", "TimeType(isAdjustedToUTC=0, unit=" + unit + ")"),
        List.of("c_timetz", "INT64", "TimeType(isAdjustedToUTC=1, unit=" + unit + ")"),
        List.of("c_ts_ms", "INT64", "TimestampType(isAdjustedToUTC=0, unit=TimeUnit(MILLIS=MilliSeconds(), MICROS=<null>, NANOS=<null>))"),
        List.of("c_ts_ns", "INT64", "TimestampType(isAdjustedToUTC=0, unit=TimeUnit(MILLIS=<null>, MICROS=<null>, NANOS=NanoSeconds()))"),
        List.of("c_ts_s", "INT64", "TimestampType(isAdjustedToUTC=0, unit=" + unit + ")"),
        Arrays.asList("c_u128", "DOUBLE", null));
  }

  @Test
  void anInt128WhoseStoredDoubleIsOutsideItsRangeIsRefusedAsDuckDbRefusesToCastIt(@TempDir Path dir) {
    // HUGEINT's maximum becomes the double 2^127, one past the maximum: DuckDB's read of the column fails.
    Path f = duck.copy("SELECT CAST(170141183460469231731687303715884105727 AS HUGEINT) AS big", dir.resolve("big.parquet"),
        "FIELD_IDS {big: 4}");
    assertThatThrownBy(() -> duck.rows("SELECT CAST(big AS HUGEINT) FROM read_parquet('" + f + "')"))
        .hasMessageContaining("out of range for the destination type INT128");
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(4, "big", "int128", null)), List.of(duck.dataFile(f, 0)));

    assertThatThrownBy(() -> ArrowRows.scan(plan)).isInstanceOf(LakeReadException.class)
        .hasMessage("column \"big\" (column_id 4) of data file " + f + " (stored as \"big\") holds the double"
            + " 1.7014118346046923E38, which is outside the range of int128 (DuckDB's cast refuses it too)");
  }

  @Test
  void aTimestampSColumnWhoseFileHoldsFractionsOfASecondRoundsThemAsDuckDbsCastDoes(@TempDir Path dir) {
    Path f = duck.copy("SELECT CAST(t AS TIMESTAMP) AS t FROM (VALUES ('1969-12-31 23:59:59.5'), ('2000-01-01 00:00:00.5'),"
        + " ('2000-01-01 00:00:00.499999'), ('1969-12-31 23:59:59.500001'), ('1969-12-31 23:59:59.499999')) v(t)",
        dir.resolve("fractions.parquet"), "FIELD_IDS {t: 1}");
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(1, "t", "timestamp_s", null)), List.of(duck.dataFile(f, 0)));

    assertThat(ArrowRows.scan(plan)).containsExactlyElementsOf(duck.rows("SELECT " + DuckDb.canonicalExpression("t", "timestamp_s")
        + " FROM read_parquet('" + f + "', file_row_number = true) ORDER BY file_row_number"));
  }

  @Test
  void decimalsCoverEveryPhysicalTypeDuckDbWrites() {
    List<List<Object>> physical = duck.rows("SELECT name, type FROM parquet_schema('" + file + "') WHERE name LIKE 'c_dec%' ORDER BY name");
    assertThat(physical).containsExactly(
        List.of("c_dec18", "INT64"), List.of("c_dec38", "FIXED_LEN_BYTE_ARRAY"),
        List.of("c_dec4", "INT32"), List.of("c_dec9", "INT32"));
  }
}
