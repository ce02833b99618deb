package io.rocklake.pgwire.types;

import java.nio.ByteBuffer;

/**
 * {@code interval}: binary int64 microseconds, int32 days, int32 months. Text uses
 * {@code IntervalStyle=postgres}: {@code 1 year 2 mons 3 days 04:05:06.000007}.
 */
public final class IntervalCodec implements PgCodec<PgInterval> {
  @Override public Class<PgInterval> javaType() { return PgInterval.class; }

  @Override public byte[] encodeBinary(PgInterval value) {
    return ByteBuffer.allocate(16).putLong(value.micros()).putInt(value.days()).putInt(value.months()).array();
  }

  @Override public PgInterval decodeBinary(byte[] bytes) {
    PgCodecException.checkLength("interval", bytes, 16);
    ByteBuffer buf = ByteBuffer.wrap(bytes);
    long micros = buf.getLong();
    int days = buf.getInt();
    int months = buf.getInt();
    return new PgInterval(months, days, micros);
  }

  @Override public String encodeText(PgInterval value) {
    StringBuilder sb = new StringBuilder();
    int years = value.months() / 12;
    int months = value.months() % 12;
    appendUnit(sb, years, "year", "years");
    appendUnit(sb, months, "mon", "mons");
    appendUnit(sb, value.days(), "day", "days");
    long micros = value.micros();
    if (micros != 0 || sb.length() == 0) {
      if (sb.length() > 0) {
        sb.append(' ');
      }
      if (micros < 0) {
        sb.append('-');
      }
      // Math.abs(Long.MIN_VALUE) overflows; unsigned arithmetic keeps it exact.
      long abs = micros == Long.MIN_VALUE ? Long.MIN_VALUE : Math.abs(micros);
      String hours = Long.toUnsignedString(Long.divideUnsigned(abs, 3_600_000_000L));
      long rest = Long.remainderUnsigned(abs, 3_600_000_000L);
      sb.append(hours.length() < 2 ? "0" + hours : hours)
          .append(String.format(":%02d:%02d", rest / 60_000_000L, (rest / 1_000_000L) % 60));
      long fraction = rest % 1_000_000L;
      if (fraction != 0) {
        String f = String.format("%06d", fraction);
        sb.append('.').append(f.replaceAll("0+$", ""));
      }
    }
    return sb.toString();
  }

  private static void appendUnit(StringBuilder sb, int n, String one, String many) {
    if (n == 0) {
      return;
    }
    if (sb.length() > 0) {
      sb.append(' ');
    }
    sb.append(n).append(' ').append(n == 1 || n == -1 ? one : many);
  }

  @Override public PgInterval decodeText(String text) {
    String[] tokens = text.trim().split("\\s+");
    long months = 0;
    long days = 0;
    long micros = 0;
    try {
      for (int i = 0; i < tokens.length; i++) {
        String tok = tokens[i];
        if (tok.contains(":")) {
          micros += parseClock(tok);
          continue;
        }
        if (i + 1 >= tokens.length) {
          throw new PgCodecException("invalid input syntax for type interval: \"" + text + "\"");
        }
        long n = Long.parseLong(tok);
        String unit = tokens[++i].toLowerCase(java.util.Locale.ROOT);
        if (unit.startsWith("year")) {
          months += 12 * n;
        } else if (unit.startsWith("mon")) {
          months += n;
        } else if (unit.startsWith("day")) {
          days += n;
        } else if (unit.startsWith("hour")) {
          micros += n * 3_600_000_000L;
        } else if (unit.startsWith("min")) {
          micros += n * 60_000_000L;
        } else if (unit.startsWith("sec")) {
          micros += n * 1_000_000L;
        } else if (unit.startsWith("microsecond")) {
          micros += n;
        } else if (unit.startsWith("millisecond")) {
          micros += n * 1000L;
        } else {
          throw new PgCodecException("invalid interval unit \"" + unit + "\" in \"" + text + "\"");
        }
      }
    } catch (NumberFormatException e) {
      throw new PgCodecException("invalid input syntax for type interval: \"" + text + "\"", e);
    }
    return new PgInterval(Math.toIntExact(months), Math.toIntExact(days), micros);
  }

  private static long parseClock(String clock) {
    boolean negative = clock.startsWith("-");
    String[] hms = (negative ? clock.substring(1) : clock).split(":");
    long hours = Long.parseLong(hms[0]);
    long minutes = Long.parseLong(hms[1]);
    java.math.BigDecimal seconds = hms.length > 2 ? new java.math.BigDecimal(hms[2]) : java.math.BigDecimal.ZERO;
    long micros = hours * 3_600_000_000L + minutes * 60_000_000L
        + seconds.movePointRight(6).longValueExact();
    return negative ? -micros : micros;
  }
}
