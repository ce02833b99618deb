package io.rocklake.pgwire.types;

import java.nio.ByteBuffer;
import java.util.UUID;

/** {@code uuid}: 16 bytes in network order; text in the canonical 8-4-4-4-12 lower-case form. */
public final class UuidCodec implements PgCodec<UUID> {
  @Override public Class<UUID> javaType() { return UUID.class; }

  @Override public byte[] encodeBinary(UUID value) {
    return ByteBuffer.allocate(16)
        .putLong(value.getMostSignificantBits())
        .putLong(value.getLeastSignificantBits())
        .array();
  }

  @Override public UUID decodeBinary(byte[] bytes) {
    PgCodecException.checkLength("uuid", bytes, 16);
    ByteBuffer buf = ByteBuffer.wrap(bytes);
    return new UUID(buf.getLong(), buf.getLong());
  }

  @Override public String encodeText(UUID value) { return value.toString(); }

  @Override public UUID decodeText(String text) {
    String t = text.trim();
    if (t.length() != 36) {
      throw new PgCodecException("invalid input syntax for type uuid: \"" + text + "\"");
    }
    try {
      return UUID.fromString(t);
    } catch (IllegalArgumentException e) {
      throw new PgCodecException("invalid input syntax for type uuid: \"" + text + "\"", e);
    }
  }
}
