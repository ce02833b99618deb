package io.rocklake.pgwire.types;

import java.nio.ByteBuffer;

/**
 * {@code oid} and the reg* aliases ({@code regclass}, {@code regtype}) in numeric form: an unsigned
 * 32-bit integer, held as a {@code Long} so values above 2^31 stay positive.
 */
public final class OidCodec implements PgCodec<Long> {
  private static final long MAX = 0xFFFF_FFFFL;
  private final String typname;

  public OidCodec(String typname) {
    this.typname = typname;
  }

  @Override public Class<Long> javaType() { return Long.class; }

  @Override public byte[] encodeBinary(Long value) {
    checkRange(value);
    return ByteBuffer.allocate(4).putInt((int) value.longValue()).array();
  }

  @Override public Long decodeBinary(byte[] bytes) {
    PgCodecException.checkLength(typname, bytes, 4);
    return Integer.toUnsignedLong(ByteBuffer.wrap(bytes).getInt());
  }

  @Override public String encodeText(Long value) {
    checkRange(value);
    return value.toString();
  }

  @Override public Long decodeText(String text) {
    long value;
    try {
      value = Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      throw new PgCodecException("invalid input syntax for type " + typname + ": \"" + text + "\"", e);
    }
    checkRange(value);
    return value;
  }

  private void checkRange(long value) {
    if (value < 0 || value > MAX) {
      throw new PgCodecException("value " + value + " is out of range for type " + typname);
    }
  }
}
