package io.rocklake.pgwire.types;

import java.nio.charset.StandardCharsets;

/** {@code text}, {@code varchar}, {@code name}, {@code bpchar}: UTF-8 bytes in both forms. */
public final class TextCodec implements PgCodec<String> {
  @Override public Class<String> javaType() { return String.class; }

  @Override public byte[] encodeBinary(String value) {
    return value.getBytes(StandardCharsets.UTF_8);
  }

  /** Refuses bytes that are not UTF-8 as PostgreSQL does ({@link Utf8Text}). */
  @Override public String decodeBinary(byte[] bytes) {
    return Utf8Text.decode(bytes);
  }

  @Override public String encodeText(String value) { return value; }

  @Override public String decodeText(String text) { return text; }
}
