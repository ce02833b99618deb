package io.rocklake.pgwire.types;

import java.nio.ByteBuffer;

/** {@code int8} ({@code bigint}). */
public final class Int8Codec implements PgCodec<Long> {
  @Override public Class<Long> javaType() { return Long.class; }

  @Override public byte[] encodeBinary(Long value) {
    return ByteBuffer.allocate(8).putLong(value).array();
  }

  @Override public Long decodeBinary(byte[] bytes) {
    PgCodecException.checkLength("int8", bytes, 8);
    return ByteBuffer.wrap(bytes).getLong();
  }

  @Override public String encodeText(Long value) { return value.toString(); }

  @Override public Long decodeText(String text) {
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      throw new PgCodecException("invalid input syntax for type bigint: \"" + text + "\"", e);
    }
  }
}
