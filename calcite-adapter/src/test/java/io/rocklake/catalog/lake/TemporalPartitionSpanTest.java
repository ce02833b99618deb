package io.rocklake.catalog.lake;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.ScanBounds.Comparison;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

/**
 * The stretch of time DuckLake's {@code year}/{@code month}/{@code day}/{@code hour} partition values
 * (DuckDB's {@code year(ts)}, {@code month(ts)}, {@code day(ts)}, {@code hour(ts)}: calendar fields, not
 * counts since 1970) confine a file's column to, and the files a filter on that column leaves out by it:
 * a file is left out only when its whole stretch lies outside, to the microsecond at a year's, a
 * month's and a leap day's end; a NULL or unreadable value keeps the file.
 */
class TemporalPartitionSpanTest {
  private static LocalDateTime at(String text) {
    return LocalDateTime.parse(text);
  }

  private static FileRanges where(String lakeType, Comparison op, Object value) {
    FileRanges.Builder b = FileRanges.builder();
    assertThat(b.compare(1L, lakeType, op, value)).isTrue();
    return b.build();
  }

  @Test
  void aYearAloneIsTheWholeCalendarYearUpToItsLastMicrosecond() {
    TemporalPartitionSpan y2023 = TemporalPartitionSpan.of("2023", null, null, null);
    assertThat(y2023.start()).isEqualTo(at("2023-01-01T00:00"));
    assertThat(y2023.end()).isEqualTo(at("2024-01-01T00:00"));
    assertThat(where("timestamp", Comparison.GREATER_OR_EQUAL, "2024-01-01").excludesSpan(1L, y2023)).isTrue();
    assertThat(where("timestamp", Comparison.GREATER, "2023-12-31 23:59:59.999998").excludesSpan(1L, y2023)).isFalse();
    assertThat(where("timestamp", Comparison.GREATER, "2023-12-31 23:59:59.999999").excludesSpan(1L, y2023)).isTrue();
    assertThat(where("timestamp", Comparison.LESS, "2023-01-01").excludesSpan(1L, y2023)).isTrue();
    assertThat(where("timestamp", Comparison.LESS_OR_EQUAL, "2023-01-01").excludesSpan(1L, y2023)).isFalse();
    assertThat(where("date", Comparison.GREATER, "2023-12-30").excludesSpan(1L, y2023)).isFalse();
    assertThat(where("date", Comparison.GREATER, "2023-12-31").excludesSpan(1L, y2023)).isTrue();
  }

  @Test
  void aYearAndAMonthAreThatMonthAndFebruaryOfALeapYearEndsAfterTheTwentyNinth() {
    TemporalPartitionSpan feb2024 = TemporalPartitionSpan.of("2024", "2", null, null);
    assertThat(feb2024.start()).isEqualTo(at("2024-02-01T00:00"));
    assertThat(feb2024.end()).isEqualTo(at("2024-03-01T00:00"));
    assertThat(TemporalPartitionSpan.of("2023", "2", null, null).end()).isEqualTo(at("2023-03-01T00:00"));
    assertThat(TemporalPartitionSpan.of("2023", "12", null, null).end()).isEqualTo(at("2024-01-01T00:00"));
    assertThat(where("date", Comparison.GREATER_OR_EQUAL, "2024-02-29").excludesSpan(1L, feb2024)).isFalse();
    assertThat(where("date", Comparison.GREATER_OR_EQUAL, "2024-03-01").excludesSpan(1L, feb2024)).isTrue();
    assertThat(where("timestamp", Comparison.EQUAL, "2024-02-29 23:59:59.999999").excludesSpan(1L, feb2024)).isFalse();
    assertThat(where("timestamp", Comparison.GREATER_OR_EQUAL, LocalDate.parse("2024-03-01")).excludesSpan(1L, feb2024))
        .isTrue();
  }

  @Test
  void aDayAndAnHourNarrowTheSpanAndTheLeapDayIsADay() {
    TemporalPartitionSpan leapDay = TemporalPartitionSpan.of("2024", "2", "29", null);
    assertThat(leapDay.start()).isEqualTo(at("2024-02-29T00:00"));
    assertThat(leapDay.end()).isEqualTo(at("2024-03-01T00:00"));
    TemporalPartitionSpan lastHour = TemporalPartitionSpan.of("2023", "12", "31", "23");
    assertThat(lastHour.start()).isEqualTo(at("2023-12-31T23:00"));
    assertThat(lastHour.end()).isEqualTo(at("2024-01-01T00:00"));
    assertThat(where("timestamp", Comparison.LESS, "2023-12-31 23:00:00").excludesSpan(1L, lastHour)).isTrue();
    assertThat(where("timestamp", Comparison.LESS, "2023-12-31 23:00:00.000001").excludesSpan(1L, lastHour)).isFalse();
    assertThat(where("date", Comparison.EQUAL, "2023-12-31").excludesSpan(1L, lastHour)).isFalse();
    assertThat(where("date", Comparison.EQUAL, "2024-01-01").excludesSpan(1L, lastHour)).isTrue();
  }

  @Test
  void withoutAYearAMonthDayOrHourRecursEveryYearAndBoundsNothing() {
    assertThat(TemporalPartitionSpan.of(null, "3", null, null)).isNull();
    assertThat(TemporalPartitionSpan.of(null, "3", "1", "0")).isNull();
    // A day without its month ends the run at the year.
    assertThat(TemporalPartitionSpan.of("2024", null, "1", null).end()).isEqualTo(at("2025-01-01T00:00"));
  }

  @Test
  void aNullOrUnreadablePartitionValueKeepsTheFile() {
    assertThat(TemporalPartitionSpan.of("__HIVE_DEFAULT_PARTITION__", null, null, null)).isNull();
    assertThat(TemporalPartitionSpan.of("twenty", null, null, null)).isNull();
    assertThat(TemporalPartitionSpan.of("2024", "13", null, null)).isNull();
    assertThat(TemporalPartitionSpan.of("2023", "2", "29", null)).isNull();
    // A NULL month (rows whose timestamp is NULL have NULL in every key) widens to the year.
    assertThat(TemporalPartitionSpan.of("2024", "__HIVE_DEFAULT_PARTITION__", null, null).end())
        .isEqualTo(at("2025-01-01T00:00"));
    assertThat(where("timestamp", Comparison.GREATER, "2030-01-01").excludesSpan(1L, null)).isFalse();
  }

  @Test
  void onlyDateAndTimestampColumnsAreBoundedByASpan() {
    TemporalPartitionSpan y2023 = TemporalPartitionSpan.of("2023", null, null, null);
    assertThat(where("int64", Comparison.GREATER, 3000).excludesSpan(1L, y2023)).isFalse();
    assertThat(where("varchar", Comparison.GREATER, "2024").excludesSpan(1L, y2023)).isFalse();
    assertThat(FileRanges.NONE.excludesSpan(1L, y2023)).isFalse();
  }

  @Test
  void identityValuesOfEveryOrderedTypeAreReadAsTheColumnsValues() {
    assertThat(where("varchar", Comparison.EQUAL, "se").excludesValue(1L, "fi")).isTrue();
    assertThat(where("varchar", Comparison.EQUAL, "se").excludesValue(1L, "se")).isFalse();
    assertThat(where("varchar", Comparison.GREATER_OR_EQUAL, "m").excludesValue(1L, "fi")).isTrue();
    assertThat(where("int32", Comparison.EQUAL, 2023).excludesValue(1L, "2022")).isTrue();
    assertThat(where("int32", Comparison.EQUAL, 2023).excludesValue(1L, "2023")).isFalse();
    assertThat(where("date", Comparison.LESS, "2024-01-01").excludesValue(1L, "2024-01-01")).isTrue();
    assertThat(where("float64", Comparison.GREATER, 1.5).excludesValue(1L, "1.5")).isTrue();
    assertThat(where("float64", Comparison.GREATER, 1.5).excludesValue(1L, "nan")).isFalse();
    assertThat(where("varchar", Comparison.EQUAL, "se").excludesValue(1L, null)).isFalse();
    assertThat(where("varchar", Comparison.EQUAL, "se").excludesValue(1L, "__HIVE_DEFAULT_PARTITION__")).isFalse();
    assertThat(where("int32", Comparison.EQUAL, 2023).excludesValue(1L, "not a number")).isFalse();
    assertThat(where("int32", Comparison.EQUAL, 2023).excludesValue(2L, "2022")).isFalse();
  }
}
