package io.rocklake.pgwire.types;

import java.nio.ByteBuffer;
import java.time.LocalDateTime;

/** {@code timestamp} (without time zone): int64 microseconds since 2000-01-01 00:00:00. */
public final class TimestampCodec implements PgCodec<LocalDateTime> {
  @Override public Class<LocalDateTime> javaType() { return LocalDateTime.class; }

  @Override public byte[] encodeBinary(LocalDateTime value) {
    return ByteBuffer.allocate(8).putLong(PgEpoch.microsSince(value)).array();
  }

  @Override public LocalDateTime decodeBinary(byte[] bytes) {
    PgCodecException.checkLength("timestamp", bytes, 8);
    return PgEpoch.plusMicros(ByteBuffer.wrap(bytes).getLong());
  }

  @Override public String encodeText(LocalDateTime value) {
    return PgEpoch.DATE_TIME_TEXT.format(value);
  }

  @Override public LocalDateTime decodeText(String text) {
    try {
      return PgEpoch.parseLocal(text);
    } catch (RuntimeException e) {
      throw new PgCodecException("invalid input syntax for type timestamp: \"" + text + "\"", e);
    }
  }
}
