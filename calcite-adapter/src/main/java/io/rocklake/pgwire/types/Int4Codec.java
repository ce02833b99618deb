package io.rocklake.pgwire.types;

import java.nio.ByteBuffer;

/** {@code int4} ({@code integer}). */
public final class Int4Codec implements PgCodec<Integer> {
  @Override public Class<Integer> javaType() { return Integer.class; }

  @Override public byte[] encodeBinary(Integer value) {
    return ByteBuffer.allocate(4).putInt(value).array();
  }

  @Override public Integer decodeBinary(byte[] bytes) {
    PgCodecException.checkLength("int4", bytes, 4);
    return ByteBuffer.wrap(bytes).getInt();
  }

  @Override public String encodeText(Integer value) { return value.toString(); }

  @Override public Integer decodeText(String text) {
    try {
      return Integer.parseInt(text.trim());
    } catch (NumberFormatException e) {
      throw new PgCodecException("invalid input syntax for type integer: \"" + text + "\"", e);
    }
  }
}
