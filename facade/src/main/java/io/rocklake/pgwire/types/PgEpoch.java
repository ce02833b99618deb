package io.rocklake.pgwire.types;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;

/** PostgreSQL's date/time epoch (2000-01-01) and its ISO text spellings. */
final class PgEpoch {
  static final LocalDate DATE = LocalDate.of(2000, 1, 1);
  static final LocalDateTime DATE_TIME = DATE.atStartOfDay();
  static final Instant INSTANT = DATE_TIME.toInstant(ZoneOffset.UTC);

  /** {@code HH:mm:ss} with the fraction only as long as needed (PostgreSQL drops trailing zeros). */
  static final DateTimeFormatter TIME = new DateTimeFormatterBuilder()
      .appendPattern("HH:mm:ss")
      .appendFraction(ChronoField.MICRO_OF_SECOND, 0, 6, true)
      .toFormatter();

  static final DateTimeFormatter DATE_TIME_TEXT = new DateTimeFormatterBuilder()
      .appendPattern("uuuu-MM-dd")
      .appendLiteral(' ')
      .append(TIME)
      .toFormatter();

  private PgEpoch() {}

  static long microsSince(LocalDateTime t) {
    return ChronoUnit.MICROS.between(DATE_TIME, t);
  }

  static LocalDateTime plusMicros(long micros) {
    return DATE_TIME.plus(micros, ChronoUnit.MICROS);
  }

  /** Parses {@code uuuu-MM-dd[ T]HH:mm:ss[.f]} into a local date-time. */
  static LocalDateTime parseLocal(String text) {
    String t = text.trim().replace('T', ' ');
    int space = t.indexOf(' ');
    if (space < 0) {
      return LocalDate.parse(t).atStartOfDay();
    }
    return LocalDate.parse(t.substring(0, space)).atTime(java.time.LocalTime.parse(t.substring(space + 1)));
  }
}
