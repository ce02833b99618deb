package io.rocklake.pgwire.types;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;

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
    return microsSince(t.toInstant(ZoneOffset.UTC));
  }

  /** Seconds and nanos apart: {@code ChronoUnit.MICROS.between} overflows beyond 292 years. */
  static long microsSince(Instant t) {
    long seconds = Math.subtractExact(t.getEpochSecond(), INSTANT.getEpochSecond());
    return Math.addExact(Math.multiplyExact(seconds, 1_000_000L), t.getNano() / 1000);
  }

  static Instant instantPlusMicros(long micros) {
    return INSTANT.plusSeconds(Math.floorDiv(micros, 1_000_000L))
        .plusNanos(Math.floorMod(micros, 1_000_000L) * 1000);
  }

  static LocalDateTime plusMicros(long micros) {
    return LocalDateTime.ofInstant(instantPlusMicros(micros), ZoneOffset.UTC);
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
