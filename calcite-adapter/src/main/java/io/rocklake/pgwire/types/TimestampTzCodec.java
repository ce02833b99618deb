package io.rocklake.pgwire.types;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * {@code timestamptz}: int64 microseconds since 2000-01-01 00:00:00 UTC. Text is rendered in UTC
 * ({@code TimeZone=UTC}) as {@code yyyy-MM-dd HH:mm:ss[.ffffff]+00}.
 */
public final class TimestampTzCodec implements PgCodec<Instant> {
  @Override public Class<Instant> javaType() { return Instant.class; }

  @Override public byte[] encodeBinary(Instant value) {
    return ByteBuffer.allocate(8).putLong(PgEpoch.microsSince(value)).array();
  }

  @Override public Instant decodeBinary(byte[] bytes) {
    PgCodecException.checkLength("timestamptz", bytes, 8);
    return PgEpoch.instantPlusMicros(ByteBuffer.wrap(bytes).getLong());
  }

  @Override public String encodeText(Instant value) {
    return PgEpoch.DATE_TIME_TEXT.format(LocalDateTime.ofInstant(value, ZoneOffset.UTC)) + "+00";
  }

  @Override public Instant decodeText(String text) {
    String t = text.trim();
    try {
      int sign = Math.max(t.lastIndexOf('+'), t.lastIndexOf('-'));
      if (sign > 10) { // an offset after the date part
        LocalDateTime local = PgEpoch.parseLocal(t.substring(0, sign));
        return OffsetDateTime.of(local, ZoneText.parse(t.substring(sign))).toInstant();
      }
      return PgEpoch.parseLocal(t).toInstant(ZoneOffset.UTC);
    } catch (RuntimeException e) {
      throw new PgCodecException("invalid input syntax for type timestamp with time zone: \"" + text + "\"", e);
    }
  }
}
