package io.rocklake.pgwire.types;

import java.nio.ByteBuffer;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * {@code timetz}: int64 microseconds since midnight, then int32 zone offset in seconds
 * <em>west</em> of UTC (the opposite sign of ISO offsets).
 */
public final class TimeTzCodec implements PgCodec<OffsetTime> {
  @Override public Class<OffsetTime> javaType() { return OffsetTime.class; }

  @Override public byte[] encodeBinary(OffsetTime value) {
    return ByteBuffer.allocate(12)
        .putLong(value.toLocalTime().toNanoOfDay() / 1000)
        .putInt(-value.getOffset().getTotalSeconds())
        .array();
  }

  @Override public OffsetTime decodeBinary(byte[] bytes) {
    PgCodecException.checkLength("timetz", bytes, 12);
    ByteBuffer buf = ByteBuffer.wrap(bytes);
    long micros = buf.getLong();
    int west = buf.getInt();
    if (micros < 0 || micros > 86_400_000_000L) {
      throw new PgCodecException("timetz out of range: " + micros + " microseconds");
    }
    try {
      return OffsetTime.of(LocalTime.ofNanoOfDay(micros * 1000), ZoneOffset.ofTotalSeconds(-west));
    } catch (java.time.DateTimeException e) {
      throw new PgCodecException("timetz offset out of range: " + west + " seconds", e);
    }
  }

  @Override public String encodeText(OffsetTime value) {
    return PgEpoch.TIME.format(value.toLocalTime()) + ZoneText.format(value.getOffset());
  }

  @Override public OffsetTime decodeText(String text) {
    String t = text.trim();
    int sign = Math.max(t.lastIndexOf('+'), t.lastIndexOf('-'));
    if (sign < 0) {
      throw new PgCodecException("invalid input syntax for type time with time zone: \"" + text + "\"");
    }
    try {
      return OffsetTime.of(LocalTime.parse(t.substring(0, sign)), ZoneText.parse(t.substring(sign)));
    } catch (DateTimeParseException e) {
      throw new PgCodecException("invalid input syntax for type time with time zone: \"" + text + "\"", e);
    }
  }
}
