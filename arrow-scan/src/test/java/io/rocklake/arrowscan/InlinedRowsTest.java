package io.rocklake.arrowscan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Rows DuckLake keeps in the catalog: each value, as the catalog database returns it (the PostgreSQL
 * type DuckLake gives the column, or VARCHAR text where it has none), reads as DuckDB's value of the
 * column's type; the rows come in rowid order among the files' rows.
 */
class InlinedRowsTest {
  @RegisterExtension static final DuckDb duck = new DuckDb();
  @TempDir static Path dir;

  /** DuckLake type, the value as the catalog holds it, the DuckDB literal of the same value. */
  static Stream<Arguments> values() {
    return Stream.of(
        Arguments.of("boolean", true, "true"),
        Arguments.of("int8", (short) -128, "CAST(-128 AS TINYINT)"),                 // SMALLINT in the catalog
        Arguments.of("int16", (short) 32767, "CAST(32767 AS SMALLINT)"),
        Arguments.of("int32", Integer.MIN_VALUE, "CAST(-2147483648 AS INTEGER)"),
        Arguments.of("int64", Long.MIN_VALUE, "CAST(-9223372036854775808 AS BIGINT)"),
        Arguments.of("int64", (short) -5, "CAST(-5 AS BIGINT)"),                    // written before a widening
        Arguments.of("uint8", 255, "CAST(255 AS UTINYINT)"),                          // INTEGER
        Arguments.of("uint16", 65535, "CAST(65535 AS USMALLINT)"),                    // INTEGER
        Arguments.of("uint32", 4294967295L, "CAST(4294967295 AS UINTEGER)"),          // BIGINT
        Arguments.of("uint64", "18446744073709551615", "CAST('18446744073709551615' AS UBIGINT)"), // VARCHAR
        Arguments.of("float32", -0.0f, "CAST('-0.0' AS FLOAT)"),
        Arguments.of("float32", Float.NaN, "CAST('nan' AS FLOAT)"),
        Arguments.of("float64", 1e300, "CAST(1e300 AS DOUBLE)"),
        Arguments.of("float64", Double.NEGATIVE_INFINITY, "CAST('-inf' AS DOUBLE)"),
        Arguments.of("decimal(10,2)", new BigDecimal("1.5"), "CAST('1.5' AS DECIMAL(10,2))"),
        Arguments.of("decimal(38,5)", new BigDecimal("-1234567890123456789012345.12345"),
            "CAST('-1234567890123456789012345.12345' AS DECIMAL(38,5))"),
        Arguments.of("date", "2024-02-29", "DATE '2024-02-29'"),                      // VARCHAR
        Arguments.of("date", java.time.LocalDate.of(1, 1, 1), "DATE '0001-01-01'"),   // a DATE column
        Arguments.of("timestamp", "2024-02-29 12:34:56.789012", "TIMESTAMP '2024-02-29 12:34:56.789012'"),
        Arguments.of("timestamptz", "2024-02-29 12:34:56.789012+00",
            "CAST('2024-02-29 12:34:56.789012+00' AS TIMESTAMPTZ)"),
        Arguments.of("varchar", "tab\tand newline\n héllo".getBytes(StandardCharsets.UTF_8),
            "'tab' || chr(9) || 'and newline' || chr(10) || ' héllo'"),              // BYTEA
        Arguments.of("blob", new byte[] {0, (byte) 0xFF, 'a'}, "'\\x00\\xFFa'::BLOB"),
        Arguments.of("uuid", UUID.fromString("8f14e45f-ceea-467f-a0e6-3c3f1a2b4c5d"),
            "CAST('8f14e45f-ceea-467f-a0e6-3c3f1a2b4c5d' AS UUID)"),
        Arguments.of("time", LocalTime.of(12, 34, 56, 789_000_000), "TIME '12:34:56.789'"),           // TIME
        Arguments.of("time", LocalTime.of(23, 59, 59, 999_999_000), "TIME '23:59:59.999999'"),
        Arguments.of("timetz", OffsetTime.of(0, 0, 0, 1000, ZoneOffset.ofHoursMinutes(5, 30)),        // TIME WITH TIME ZONE
            "TIMETZ '00:00:00.000001+05:30'"),
        Arguments.of("timetz", "12:00:00-15:59", "TIMETZ '12:00:00-15:59'"),
        // INTERVAL: the catalog's value is a record of months, days and microseconds (PostgreSQL's fields).
        Arguments.of("interval", new CatalogInterval(14, 3, 14_706_007_000L),
            "CAST('14 months 3 days 14706007000 microseconds' AS INTERVAL)"),
        Arguments.of("interval", new CatalogInterval(-14, -3, -1L), "CAST('-14 months -3 days -1 microseconds' AS INTERVAL)"),
        Arguments.of("interval", new CatalogInterval(0, 0, 9_223_372_036_854_775L),
            "CAST('9223372036854775 microseconds' AS INTERVAL)"),
        Arguments.of("interval", "-1 day 02:00:00", "INTERVAL '-1 day 02:00:00'"),
        Arguments.of("timestamp_s", "2024-02-29 12:34:56", "TIMESTAMP_S '2024-02-29 12:34:56'"),      // VARCHAR
        Arguments.of("timestamp_ms", "1969-12-31 23:59:59.999", "TIMESTAMP_MS '1969-12-31 23:59:59.999'"),
        Arguments.of("timestamp_ns", "1969-12-31 23:59:59.999999999", "TIMESTAMP_NS '1969-12-31 23:59:59.999999999'"),
        Arguments.of("int128", "-9223372036854775809", "CAST('-9223372036854775809' AS HUGEINT)"),   // VARCHAR
        Arguments.of("int128", new BigInteger("-170141183460469231731687303715884105728"),
            "CAST('-170141183460469231731687303715884105728' AS HUGEINT)"),
        Arguments.of("uint128", "340282366920938463463374607431768211455",
            "CAST('340282366920938463463374607431768211455' AS UHUGEINT)"),
        Arguments.of("json", "{\"k\": [1, null]}".getBytes(StandardCharsets.UTF_8), "CAST('{\"k\": [1, null]}' AS JSON)")); // BYTEA
  }

  /** How the catalog holds an INTERVAL value: a record of PostgreSQL's three fields. */
  record CatalogInterval(int months, int days, long micros) {}

  @ParameterizedTest(name = "{0} from {1}")
  @MethodSource("values")
  void anInlinedValueReadsAsDuckDbsValueOfTheColumnsType(String lakeType, Object stored, String duckLiteral) {
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(7, "c", lakeType, null)), List.of(),
        List.of(row(0, Map.of(7L, stored))));
    Object expected = duck.rows("SELECT " + DuckDb.canonicalExpression(duckLiteral, lakeType)).get(0).get(0);

    assertThat(ArrowRows.scan(plan)).containsExactly(single(expected));
  }

  @Test
  void inlinedRowsComeInRowIdOrderEachBeforeTheFirstFileWhoseRowIdsAreAboveIt() {
    Path f = duck.copy("SELECT i AS id FROM range(5) t(i)", dir.resolve("ids.parquet"), "FIELD_IDS {id: 1}");
    ScanPlan plan = new ScanPlan(List.of(new PlanColumn(1, "id", "int64", null)),
        List.of(duck.dataFile(f, 0), duck.dataFile(f, 10)),
        List.of(row(20, Map.of(1L, 200L)), row(7, Map.of(1L, 70L)), row(5, Map.of(1L, 50L))),
        List.of(Projected.rowId(), Projected.column(1)));
    List<List<Object>> expected = new ArrayList<>();
    for (long id : new long[] {0, 1, 2, 3, 4}) {
      expected.add(List.of(BigInteger.valueOf(id), BigInteger.valueOf(id)));
    }
    expected.add(List.of(BigInteger.valueOf(5), BigInteger.valueOf(50)));
    expected.add(List.of(BigInteger.valueOf(7), BigInteger.valueOf(70)));
    for (long id : new long[] {0, 1, 2, 3, 4}) {
      expected.add(List.of(BigInteger.valueOf(10 + id), BigInteger.valueOf(id)));
    }
    expected.add(List.of(BigInteger.valueOf(20), BigInteger.valueOf(200)));

    assertThat(ArrowRows.scan(plan)).containsExactlyElementsOf(expected);
    assertThat(ArrowRows.scan(plan, ScanOptions.defaults().withBatchRows(1))).containsExactlyElementsOf(expected);
  }

  @Test
  void inlinedRowsAreBatchedByTheBatchSize() {
    List<InlinedRow> rows = new ArrayList<>();
    for (long id = 0; id < 10; id++) {
      rows.add(row(id, Map.of(1L, (int) id)));
    }
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(1, "k", "int32", null)), List.of(), rows);
    List<Integer> sizes = new ArrayList<>();
    try (var allocator = new org.apache.arrow.memory.RootAllocator();
        LakeScan scan = LakeScan.open(plan, allocator, ScanOptions.defaults().withBatchRows(4))) {
      while (scan.loadNextBatch()) {
        sizes.add(scan.root().getRowCount());
      }
    }
    assertThat(sizes).containsExactly(4, 4, 2);
  }

  @Test
  void aColumnTheRowsSchemaVersionLackedReadsAsItsInitialDefaultAndANullValueAsNull() {
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(1, "id", "int32", null),
            new PlanColumn(2, "added", "varchar", "n/a"), new PlanColumn(3, "added_no_default", "int32", null)),
        List.of(), List.of(row(0, Map.of(1L, 1)), row(1, nullFor(1L))));

    assertThat(ArrowRows.scan(plan)).containsExactly(
        Arrays.asList(BigInteger.ONE, "n/a", null), Arrays.asList(null, "n/a", null));
  }

  @Test
  void aValueOfAColumnNotInThePlanIsIgnored() {
    // A column dropped since the row's schema version: nothing of it is read.
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(1, "id", "int32", null)), List.of(),
        List.of(row(0, Map.of(1L, 1, 99L, "anything"))));
    assertThat(ArrowRows.scan(plan)).containsExactly(List.of(BigInteger.ONE));
  }

  @Test
  void anInlinedValueThatIsNotOfItsColumnsTypeIsRefusedAtOpenNamingTheColumnAndTheRow() {
    assertRefused("int16", 70000, "inlined value '70000' (Integer) of column \"c\" at row_id 3 is not a int16 value:"
        + " out of range for int16");
    assertRefused("uint8", -1, "inlined value '-1' (Integer) of column \"c\" at row_id 3 is not a uint8 value:"
        + " out of range for uint8");
    assertRefused("decimal(4,2)", new BigDecimal("1.234"), "inlined value '1.234' (BigDecimal) of column \"c\" at"
        + " row_id 3 is not a decimal(4,2) value: Rounding necessary");
    assertRefused("decimal(4,2)", new BigDecimal("123.4"), "inlined value '123.4' (BigDecimal) of column \"c\" at"
        + " row_id 3 is not a decimal(4,2) value: more than 4 digits");
    assertRefused("varchar", new byte[] {(byte) 0xC3}, "inlined value '1 bytes' (byte[]) of column \"c\" at row_id 3"
        + " is not a varchar value: its bytes are not UTF-8");
    assertRefused("timestamp", 5L, "inlined value '5' (Long) of column \"c\" at row_id 3 is not a timestamp value:"
        + " expected DuckDB's text form of the value");
    assertRefused("date", "2024-02-30", "inlined value '2024-02-30' (String) of column \"c\" at row_id 3 is not a"
        + " date value: Text '2024-02-30' could not be parsed: Invalid date 'FEBRUARY 30'");
    assertRefused("interval", new CatalogInterval(0, 0, Long.MAX_VALUE), "inlined value 'CatalogInterval[months=0, days=0,"
        + " micros=9223372036854775807]' (CatalogInterval) of column \"c\" at row_id 3 is not a interval value: out of range"
        + " for Arrow's interval (nanoseconds in a signed 64-bit integer)");
    assertRefused("interval", java.time.Duration.ofSeconds(1), "inlined value 'PT1S' (Duration) of column \"c\" at row_id 3"
        + " is not a interval value: expected a record of months, days and micros, or DuckDB's text of an interval");
    assertRefused("time", LocalTime.of(1, 2, 3, 4), "inlined value '01:02:03.000000004' (LocalTime) of column \"c\" at"
        + " row_id 3 is not a time value: finer than a microsecond");
    assertRefused("int128", 1.5, "inlined value '1.5' (Double) of column \"c\" at row_id 3 is not a int128 value:"
        + " expected an integer");
    assertRefused("json", new byte[] {(byte) 0xC3}, "inlined value '1 bytes' (byte[]) of column \"c\" at row_id 3"
        + " is not a json value: its bytes are not UTF-8");
    assertRefused("int64", 1.5, "inlined value '1.5' (Double) of column \"c\" at row_id 3 is not a int64 value:"
        + " expected an integer");
  }

  @Test
  void aRowIdTwiceAmongTheInlinedRowsIsRefusedWhenThePlanIsBuilt() {
    assertThatThrownBy(() -> ScanPlan.allColumns(List.of(new PlanColumn(1, "id", "int32", null)), List.of(),
        List.of(row(4, Map.of(1L, 1)), row(4, Map.of(1L, 2)))))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("row_id 4 appears twice among the inlined rows");
  }

  private static void assertRefused(String lakeType, Object stored, String message) {
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(7, "c", lakeType, null)), List.of(),
        List.of(row(3, Map.of(7L, stored))));
    assertThatThrownBy(() -> ArrowRows.scan(plan)).isInstanceOf(LakeReadException.class).hasMessage(message);
  }

  private static InlinedRow row(long rowId, Map<Long, Object> values) {
    return new InlinedRow(rowId, values);
  }

  private static Map<Long, Object> nullFor(Long columnId) {
    Map<Long, Object> m = new HashMap<>();
    m.put(columnId, null);
    return m;
  }

  private static List<Object> single(Object value) {
    List<Object> row = new ArrayList<>();
    row.add(value);
    return row;
  }

}
