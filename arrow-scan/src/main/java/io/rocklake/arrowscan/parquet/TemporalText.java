package io.rocklake.arrowscan.parquet;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * DuckDB's text of time, timetz, interval and timestamp_s/ms/ns values (what its VARCHAR cast prints,
 * so what DuckLake stores as an initial_default or an inlined VARCHAR), parsed to the integers Arrow
 * holds. Values are exact or refused: a fraction finer than the type keeps is an error, not rounded.
 */
public final class TemporalText {
  private TemporalText() {}

  static final long MICROS_PER_DAY = 86_400_000_000L;

  private static final Pattern TIME = Pattern.compile("(\\d{1,2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,6}))?)?");
  private static final Pattern TIMETZ = Pattern.compile("(.*?)([+-])(\\d{1,2})(?::?(\\d{2}))?(?::(\\d{2}))?");
  private static final Pattern INTERVAL_TIME = Pattern.compile("([+-]?)(\\d+):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,6}))?)?");
  private static final Pattern INTERVAL_PART = Pattern.compile("([+-]?\\d+(?:\\.\\d+)?)\\s*([a-z]+)");
  private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss", Locale.ROOT);

  /** {@code HH:MM[:SS[.ffffff]]} as microseconds of the day; DuckDB allows {@code 24:00:00} exactly. */
  public static long timeMicros(String text) {
    Matcher m = TIME.matcher(text.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException("not a time of day");
    }
    long h = Long.parseLong(m.group(1));
    long min = Long.parseLong(m.group(2));
    long s = m.group(3) == null ? 0 : Long.parseLong(m.group(3));
    long micros = ((h * 60 + min) * 60 + s) * 1_000_000L + fraction(m.group(4), 6);
    if (min > 59 || s > 59 || micros > MICROS_PER_DAY) {
      throw new IllegalArgumentException("not a time of day");
    }
    return micros;
  }

  /**
   * A timetz's text ({@code 12:00:00+05:30}, {@code 23:59:59-15:59}, {@code 00:00:00+00}) as the
   * microseconds of its time of day at UTC, which is what DuckDB writes to Parquet and reads back.
   */
  public static long timeTzUtcMicros(String text) {
    Matcher m = TIMETZ.matcher(text.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException("not a time of day with a UTC offset");
    }
    int hours = Integer.parseInt(m.group(3));
    int minutes = m.group(4) == null ? 0 : Integer.parseInt(m.group(4));
    int seconds = m.group(5) == null ? 0 : Integer.parseInt(m.group(5));
    if (hours > 15 || minutes > 59 || seconds > 59) {
      throw new IllegalArgumentException("offset beyond DuckDB's ±15:59:59");
    }
    int offset = (m.group(2).equals("-") ? -1 : 1) * ((hours * 60 + minutes) * 60 + seconds);
    return utcMicros(timeMicros(m.group(1)), offset);
  }

  /** The time of day at UTC of a local time of day at that offset (seconds east of UTC). */
  public static long utcMicros(long localMicros, int offsetSeconds) {
    return Math.floorMod(localMicros - offsetSeconds * 1_000_000L, MICROS_PER_DAY);
  }

  /**
   * DuckDB's text of an interval ({@code 1 year 2 months 3 days 04:05:06.007}, {@code -1 day 02:00:00},
   * {@code -00:00:00.000001}, {@code 178000000 years}), also with PostgreSQL's unit names
   * ({@code mons}, {@code microseconds}): months, days and microseconds, kept apart as DuckDB does.
   */
  public static long[] interval(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    long months = 0;
    long days = 0;
    long micros = 0;
    int at = 0;
    boolean any = false;
    while (at < t.length()) {
      if (Character.isWhitespace(t.charAt(at))) {
        at++;
        continue;
      }
      Matcher time = INTERVAL_TIME.matcher(t).region(at, t.length());
      time.useTransparentBounds(true);
      Matcher part = INTERVAL_PART.matcher(t).region(at, t.length());
      if (time.lookingAt() && endsToken(t, time.end())) {
        long h = Long.parseLong(time.group(2));
        long min = Long.parseLong(time.group(3));
        long s = time.group(4) == null ? 0 : Long.parseLong(time.group(4));
        if (min > 59 || s > 59) {
          throw new IllegalArgumentException("expected DuckDB's text of an interval");
        }
        long x = Math.addExact(Math.multiplyExact(h, 3_600_000_000L), (min * 60 + s) * 1_000_000L + fraction(time.group(5), 6));
        micros = Math.addExact(micros, time.group(1).equals("-") ? -x : x);
        at = time.end();
      } else if (part.lookingAt() && endsToken(t, part.end())) {
        BigDecimal n = new BigDecimal(part.group(1));
        switch (unit(part.group(2))) {
          case "year" -> months = Math.addExact(months, Math.multiplyExact(whole(n), 12));
          case "month" -> months = Math.addExact(months, whole(n));
          case "day" -> days = Math.addExact(days, whole(n));
          case "hour" -> micros = Math.addExact(micros, micros(n, 3_600_000_000L));
          case "minute" -> micros = Math.addExact(micros, micros(n, 60_000_000L));
          case "second" -> micros = Math.addExact(micros, micros(n, 1_000_000L));
          case "millisecond" -> micros = Math.addExact(micros, micros(n, 1_000L));
          case "microsecond" -> micros = Math.addExact(micros, micros(n, 1L));
          default -> throw new IllegalArgumentException("expected DuckDB's text of an interval");
        }
        at = part.end();
      } else {
        throw new IllegalArgumentException("expected DuckDB's text of an interval");
      }
      any = true;
    }
    if (!any) {
      throw new IllegalArgumentException("expected DuckDB's text of an interval");
    }
    return new long[] {Math.toIntExact(months), Math.toIntExact(days), micros};
  }

  /** The nanoseconds of an interval's microseconds, if Arrow's MonthDayNano (a signed 64-bit count) holds them. */
  public static long intervalNanos(long micros) {
    if (micros > Long.MAX_VALUE / 1000 || micros < Long.MIN_VALUE / 1000) {
      throw new IllegalArgumentException("out of range for Arrow's interval (nanoseconds in a signed 64-bit integer)");
    }
    return micros * 1000;
  }

  /**
   * {@code YYYY-MM-DD HH:MM:SS[.f]} as a count of {@code 10^-digits} seconds since 1970-01-01: 0 digits
   * for timestamp_s, 3 for _ms, 9 for _ns. More fractional digits than that are refused.
   */
  public static long timestamp(String text, int digits, String typeName) {
    String t = text.trim();
    int dot = t.indexOf('.', t.indexOf(' ') + 1);
    String frac = dot < 0 ? null : t.substring(dot + 1);
    if (frac != null && (frac.length() > digits || !frac.chars().allMatch(Character::isDigit) || frac.isEmpty())) {
      throw new IllegalArgumentException(frac.length() > digits && frac.chars().allMatch(Character::isDigit)
          ? "more fractional digits than " + typeName + " keeps" : "not a timestamp");
    }
    long seconds = LocalDateTime.parse(dot < 0 ? t : t.substring(0, dot), DATE_TIME).toEpochSecond(ZoneOffset.UTC);
    long scale = BigInteger.TEN.pow(digits).longValueExact();
    return Math.addExact(Math.multiplyExact(seconds, scale), fraction(frac, digits));
  }

  private static boolean endsToken(String t, int end) {
    return end == t.length() || Character.isWhitespace(t.charAt(end));
  }

  private static String unit(String u) {
    return switch (u) {
      case "year", "years", "y", "yr", "yrs" -> "year";
      case "month", "months", "mon", "mons" -> "month";
      case "day", "days", "d" -> "day";
      case "hour", "hours", "h", "hr", "hrs" -> "hour";
      case "minute", "minutes", "min", "mins", "m" -> "minute";
      case "second", "seconds", "sec", "secs", "s" -> "second";
      case "millisecond", "milliseconds", "ms", "msec", "msecs" -> "millisecond";
      case "microsecond", "microseconds", "us", "usec", "usecs" -> "microsecond";
      default -> "";
    };
  }

  private static long whole(BigDecimal n) {
    try {
      return n.longValueExact();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("expected a whole number of years, months or days");
    }
  }

  private static long micros(BigDecimal n, long unit) {
    try {
      return n.multiply(BigDecimal.valueOf(unit)).longValueExact();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("finer than a microsecond, or out of range");
    }
  }

  /** The digits after the point as a count of 10^-places, right-padded. */
  private static long fraction(String digits, int places) {
    if (digits == null) {
      return 0;
    }
    StringBuilder b = new StringBuilder(digits);
    while (b.length() < places) {
      b.append('0');
    }
    return places == 0 ? 0 : Long.parseLong(b.toString());
  }
}
