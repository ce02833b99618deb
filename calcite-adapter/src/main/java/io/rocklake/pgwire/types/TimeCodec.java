package io.rocklake.pgwire.types;

import java.nio.ByteBuffer;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;

/** {@code time} (without time zone): int64 microseconds since midnight. */
public final class TimeCodec implements PgCodec<LocalTime> {
  @Override public Class<LocalTime> javaType() { return LocalTime.class; }

  @Override public byte[] encodeBinary(LocalTime value) {
    return ByteBuffer.allocate(8).putLong(value.toNanoOfDay() / 1000).array();
  }

  @Override public LocalTime decodeBinary(byte[] bytes) {
    PgCodecException.checkLength("time", bytes, 8);
    long micros = ByteBuffer.wrap(bytes).getLong();
    if (micros < 0 || micros >= 86_400_000_000L) {
      throw new PgCodecException("time out of range: " + micros + " microseconds");
    }
    return LocalTime.ofNanoOfDay(micros * 1000);
  }

  @Override public String encodeText(LocalTime value) {
    return PgEpoch.TIME.format(value);
  }

  @Override public LocalTime decodeText(String text) {
    try {
      return LocalTime.parse(text.trim());
    } catch (DateTimeParseException e) {
      throw new PgCodecException("invalid input syntax for type time: \"" + text + "\"", e);
    }
  }
}
