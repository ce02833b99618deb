package io.rocklake.pgwire.types;

import java.nio.ByteBuffer;

/** {@code int2} ({@code smallint}). */
public final class Int2Codec implements PgCodec<Short> {
  @Override public Class<Short> javaType() { return Short.class; }

  @Override public byte[] encodeBinary(Short value) {
    return ByteBuffer.allocate(2).putShort(value).array();
  }

  @Override public Short decodeBinary(byte[] bytes) {
    PgCodecException.checkLength("int2", bytes, 2);
    return ByteBuffer.wrap(bytes).getShort();
  }

  @Override public String encodeText(Short value) { return value.toString(); }

  @Override public Short decodeText(String text) {
    try {
      return Short.parseShort(text.trim());
    } catch (NumberFormatException e) {
      throw new PgCodecException("invalid input syntax for type smallint: \"" + text + "\"", e);
    }
  }
}
