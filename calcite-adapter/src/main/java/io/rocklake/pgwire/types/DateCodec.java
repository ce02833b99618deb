package io.rocklake.pgwire.types;

import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;

/** {@code date}: int32 days since 2000-01-01; text ISO {@code yyyy-MM-dd}. */
public final class DateCodec implements PgCodec<LocalDate> {
  @Override public Class<LocalDate> javaType() { return LocalDate.class; }

  @Override public byte[] encodeBinary(LocalDate value) {
    long days = ChronoUnit.DAYS.between(PgEpoch.DATE, value);
    if (days < Integer.MIN_VALUE || days > Integer.MAX_VALUE) {
      throw new PgCodecException("date out of range: " + value);
    }
    return ByteBuffer.allocate(4).putInt((int) days).array();
  }

  @Override public LocalDate decodeBinary(byte[] bytes) {
    PgCodecException.checkLength("date", bytes, 4);
    return PgEpoch.DATE.plusDays(ByteBuffer.wrap(bytes).getInt());
  }

  @Override public String encodeText(LocalDate value) { return value.toString(); }

  @Override public LocalDate decodeText(String text) {
    try {
      return LocalDate.parse(text.trim());
    } catch (DateTimeParseException e) {
      throw new PgCodecException("invalid input syntax for type date: \"" + text + "\"", e);
    }
  }
}
