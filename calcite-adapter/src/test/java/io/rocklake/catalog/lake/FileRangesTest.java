package io.rocklake.catalog.lake;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.ScanBounds.Comparison;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which files a filter's ranges leave out, given statistics as DuckDB writes them into
 * {@code ducklake_file_column_stats} (its text of the column's values): only files none of whose values
 * can satisfy the filter; anything unreadable, NaN-bearing or missing keeps the file.
 */
class FileRangesTest {
  private static Map<Long, String[]> stats(String min, String max) {
    return Map.of(1L, new String[] {min, max, null});
  }

  private static FileRanges where(String lakeType, Comparison op, Object value) {
    FileRanges.Builder b = FileRanges.builder();
    assertThat(b.compare(1L, lakeType, op, value)).isTrue();
    return b.build();
  }

  @Test
  void integerRangesStillPruneAsBefore() {
    FileRanges r = FileRanges.builder().range(1L, 10, 20).build();
    assertThat(r.bounds(1L)).containsExactly(10, 20);
    assertThat(r.excludes(Map.of(1L, new String[] {"21", "30"}))).isTrue();
    assertThat(r.excludes(Map.of(1L, new String[] {"20", "30"}))).isFalse();
    assertThat(r.excludes(Map.of(1L, new String[] {null, "9"}))).isTrue();
    assertThat(r.excludes(Map.of(2L, new String[] {"0", "1"}))).isFalse();
  }

  @Test
  void stringsAreComparedAsDuckDbOrdersThemAndAQuotedBoundIsTheColumnsText() {
    // DuckDB orders 'row-10000' before 'row-9' (byte order), as PostgreSQL's C collation does.
    FileRanges r = where("varchar", Comparison.GREATER, "row-9");
    assertThat(r.excludes(stats("row-10000", "row-19999"))).isTrue();
    assertThat(r.excludes(stats("row-10000", "row-9"))).isTrue();
    assertThat(r.excludes(stats("row-10000", "row-90"))).isFalse();
    assertThat(where("varchar", Comparison.EQUAL, "b").excludes(stats("a", "c"))).isFalse();
    assertThat(where("varchar", Comparison.LESS_OR_EQUAL, "a").excludes(stats("a", "c"))).isFalse();
    assertThat(where("varchar", Comparison.LESS, "a").excludes(stats("a", "c"))).isTrue();
  }

  @Test
  void aStringBoundWhereUtf16AndCodePointOrderDifferAddsNoRange() {
    assertThat(FileRanges.builder().compare(1L, "varchar", Comparison.GREATER, "\uFF21")).isFalse();
    assertThat(FileRanges.builder().compare(1L, "varchar", Comparison.GREATER, "\uD83D\uDE00")).isFalse();
  }

  @Test
  void datesTimestampsAndDecimalsAreComparedAsValuesAndQuotedBoundsAreCastToTheColumnType() {
    assertThat(where("date", Comparison.GREATER_OR_EQUAL, "2024-03-01").excludes(stats("2024-01-01", "2024-02-29"))).isTrue();
    assertThat(where("date", Comparison.GREATER_OR_EQUAL, LocalDate.of(2024, 2, 29))
        .excludes(stats("2024-01-01", "2024-02-29"))).isFalse();
    FileRanges ts = where("timestamp", Comparison.GREATER, LocalDateTime.parse("2024-02-29T12:34:56.789012"));
    assertThat(ts.excludes(stats("2024-01-01 00:00:00", "2024-02-29 12:34:56.789012"))).isTrue();
    assertThat(ts.excludes(stats("2024-01-01 00:00:00", "2024-02-29 12:34:56.789013"))).isFalse();
    assertThat(where("timestamp", Comparison.LESS, "2024-01-01 00:00:00.5").excludes(stats("2024-01-01 00:00:00.5", "2025-01-01")))
        .isTrue();
    // timestamp_ns is presented to the microsecond: a minimum of .7890129 is the value .789012.
    assertThat(where("timestamp_ns", Comparison.LESS, "2024-02-29 12:34:56.7890125")
        .excludes(stats("2024-02-29 12:34:56.7890129", "2024-03-01 00:00:00"))).isFalse();
    assertThat(where("decimal(18,3)", Comparison.GREATER, new BigDecimal("1.5")).excludes(stats("-3.000", "1.500"))).isTrue();
    assertThat(where("decimal(18,3)", Comparison.GREATER, "1.4").excludes(stats("-3.000", "1.500"))).isFalse();
    assertThat(where("int64", Comparison.GREATER, new BigDecimal("9.5")).excludes(stats("0", "9"))).isTrue();
    assertThat(FileRanges.builder().compare(1L, "int64", Comparison.GREATER, "9.5")).isFalse();
    assertThat(FileRanges.builder().compare(1L, "date", Comparison.GREATER, "not a date")).isFalse();
  }

  @Test
  void aFloatFileWithNaNInItsStatisticsIsKeptForNaNIsAboveEveryNumber() {
    FileRanges above = where("float64", Comparison.GREATER, 1e12);
    assertThat(above.excludes(stats("0.0", "21499.5"))).isTrue();
    assertThat(above.excludes(stats("0.0", "nan"))).isFalse();
    assertThat(above.excludes(Map.of(1L, new String[] {"0.0", "21499.5", "true"}))).isFalse();
    // NaN gives no maximum, but a numeric minimum above the range still leaves the file out.
    assertThat(where("float64", Comparison.LESS, 1.0).excludes(Map.of(1L, new String[] {"2.0", "5.0", "true"}))).isTrue();
    assertThat(where("float64", Comparison.LESS, 1.0).excludes(stats("nan", "nan"))).isFalse();
    assertThat(where("float64", Comparison.LESS, -1.0).excludes(stats("-inf", "0.0"))).isFalse();
    assertThat(where("float64", Comparison.LESS, -1.0).excludes(stats("0.0", "inf"))).isTrue();
    // A float32 statistic is the float DuckDB printed: 0.1 is 0.100000001490116…, above the double 0.1.
    assertThat(where("float32", Comparison.GREATER, 0.1).excludes(stats("0.0", "0.1"))).isFalse();
    assertThat(where("float64", Comparison.GREATER, 0.1).excludes(stats("0.0", "0.1"))).isTrue();
  }

  @Test
  void statisticsThatCannotBeReadOrTypesWithoutAnOrderKeepEveryFile() {
    assertThat(where("date", Comparison.GREATER, "2024-01-01").excludes(stats("garbage", "also garbage"))).isFalse();
    assertThat(FileRanges.builder().compare(1L, "blob", Comparison.GREATER, "x")).isFalse();
    assertThat(FileRanges.builder().compare(1L, "timestamptz", Comparison.GREATER, "2024-01-01")).isFalse();
    assertThat(FileRanges.builder().compare(1L, "float64", Comparison.GREATER, Double.NaN)).isFalse();
  }
}
