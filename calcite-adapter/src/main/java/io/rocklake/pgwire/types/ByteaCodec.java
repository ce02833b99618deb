package io.rocklake.pgwire.types;

import java.util.HexFormat;

/** {@code bytea}: raw bytes in binary form, {@code \x} + hex in text form ({@code bytea_output=hex}). */
public final class ByteaCodec implements PgCodec<PgBytes> {
  @Override public Class<PgBytes> javaType() { return PgBytes.class; }

  @Override public byte[] encodeBinary(PgBytes value) { return value.toByteArray(); }

  @Override public PgBytes decodeBinary(byte[] bytes) { return PgBytes.copyOf(bytes); }

  @Override public String encodeText(PgBytes value) { return value.toString(); }

  @Override public PgBytes decodeText(String text) {
    if (!text.startsWith("\\x")) {
      throw new PgCodecException("bytea text must be in hex form \\x..., got \"" + abbreviate(text) + "\"");
    }
    try {
      return PgBytes.copyOf(HexFormat.of().parseHex(text, 2, text.length()));
    } catch (IllegalArgumentException e) {
      throw new PgCodecException("invalid hexadecimal data in bytea: \"" + abbreviate(text) + "\"", e);
    }
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 40) + "...";
  }
}
