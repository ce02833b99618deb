package io.rocklake.catalog.lake;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * The time a file written under DuckLake's temporal partition keys can hold: DuckLake's {@code year},
 * {@code month}, {@code day} and {@code hour} transforms are DuckDB's functions of those names — the
 * calendar year, the month of the year (1–12), the day of the month (1–31), the hour of the day (0–23)
 * — stored as text in {@code ducklake_file_partition_value} ({@code year=2024}, {@code month=3}). Only
 * together do they name a stretch of time: {@code year} alone a year, {@code year} and {@code month}
 * a month, and so on down to an hour; a {@code month} without a {@code year} is the same month of
 * every year and bounds nothing.
 *
 * <p>Safe by construction: the span is the longest run year[, month[, day[, hour]]] whose values are
 * all readable and name a real time; a missing key, a NULL value, DuckDB's Hive spelling of NULL
 * ({@code __HIVE_DEFAULT_PARTITION__}) or a value that is no number ends the run; a value that names no
 * time (month 13, 30 February) or no readable year gives no span at all (the file is kept).
 */
final class TemporalPartitionSpan {
  /** DuckDB's (and Hive's) folder name for a NULL partition value. */
  static final String HIVE_NULL = "__HIVE_DEFAULT_PARTITION__";

  private final LocalDateTime start;
  private final LocalDateTime end;

  private TemporalPartitionSpan(LocalDateTime start, LocalDateTime end) {
    this.start = start;
    this.end = end;
  }

  /** The first instant the file can hold. */
  LocalDateTime start() {
    return start;
  }

  /** The first instant past the span (exclusive). */
  LocalDateTime end() {
    return end;
  }

  /**
   * The span the values of a file's {@code year}, {@code month}, {@code day} and {@code hour} keys on
   * one column name (each null when the partition has no such key or the file no value), or null.
   */
  static TemporalPartitionSpan of(String year, String month, String day, String hour) {
    Integer y = number(year);
    if (y == null) {
      return null;
    }
    try {
      LocalDate yearStart = LocalDate.of(y, 1, 1);
      Integer m = number(month);
      if (m == null) {
        return new TemporalPartitionSpan(yearStart.atStartOfDay(), yearStart.plusYears(1).atStartOfDay());
      }
      LocalDate monthStart = LocalDate.of(y, m, 1);
      Integer d = number(day);
      if (d == null) {
        return new TemporalPartitionSpan(monthStart.atStartOfDay(), monthStart.plusMonths(1).atStartOfDay());
      }
      LocalDate date = LocalDate.of(y, m, d);
      Integer h = number(hour);
      if (h == null || h < 0 || h > 23) {
        return new TemporalPartitionSpan(date.atStartOfDay(), date.plusDays(1).atStartOfDay());
      }
      LocalDateTime hourStart = date.atTime(h, 0);
      return new TemporalPartitionSpan(hourStart, hourStart.plusHours(1));
    } catch (DateTimeException notATime) {
      return null; // a month 13 or a 30 February names no time: the file is kept
    }
  }

  private static Integer number(String text) {
    if (text == null || text.trim().equals(HIVE_NULL)) {
      return null;
    }
    try {
      return Integer.valueOf(text.trim());
    } catch (NumberFormatException notANumber) {
      return null;
    }
  }

  @Override public String toString() {
    return "[" + start + ", " + end + ")";
  }
}
