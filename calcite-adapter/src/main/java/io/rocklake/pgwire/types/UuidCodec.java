package io.rocklake.pgwire.types;

import java.nio.ByteBuffer;
import java.util.UUID;

/** {@code uuid}: 16 bytes in network order; text written in the canonical 8-4-4-4-12 lower-case form. */
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

  /**
   * PostgreSQL's uuid input: 32 hex digits in either case, optionally in braces, with a hyphen
   * allowed after any group of four digits ({@code {A0EEBC99-9C0B-...}}, {@code a0eebc999c0b...}).
   */
  @Override public UUID decodeText(String text) {
    String t = text.trim();
    if (t.startsWith("{") && t.endsWith("}") && t.length() >= 2) {
      t = t.substring(1, t.length() - 1);
    }
    long hi = 0;
    long lo = 0;
    int digits = 0;
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (c == '-' && digits > 0 && digits < 32 && digits % 4 == 0 && t.charAt(i - 1) != '-' && i + 1 < t.length()) {
        continue;
      }
      int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (d < 0 || digits == 32) {
        throw new PgCodecException("invalid input syntax for type uuid: \"" + text + "\"");
      }
      if (digits < 16) {
        hi = (hi << 4) | d;
      } else {
        lo = (lo << 4) | d;
      }
      digits++;
    }
    if (digits != 32) {
      throw new PgCodecException("invalid input syntax for type uuid: \"" + text + "\"");
    }
    return new UUID(hi, lo);
  }
}
