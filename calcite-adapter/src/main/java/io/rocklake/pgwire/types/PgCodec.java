package io.rocklake.pgwire.types;

/**
 * Converts one PostgreSQL type between its Java value and its two wire forms.
 *
 * <p>The binary form is what binary COPY, binary DataRow fields and binary Bind parameters carry
 * (big-endian, no length prefix: the caller frames it). The text form is what text DataRows and
 * text COPY carry, spelled the way PostgreSQL 15 spells it with {@code DateStyle=ISO} and
 * {@code TimeZone=UTC}. One codec per type, shared by every message that carries a value.
 *
 * @param <T> the Java type of a decoded value; its {@code equals} is value equality
 */
public interface PgCodec<T> {

  Class<T> javaType();

  byte[] encodeBinary(T value);

  /** @throws PgCodecException if the bytes are not a valid encoding (wrong length, bad header) */
  T decodeBinary(byte[] bytes);

  String encodeText(T value);

  /** @throws PgCodecException if the text is not a valid spelling of a value */
  T decodeText(String text);

  /** Encodes a value of unchecked type; for callers that hold values as {@code Object}. */
  default byte[] encodeBinaryObject(Object value) {
    return encodeBinary(javaType().cast(value));
  }

  default String encodeTextObject(Object value) {
    return encodeText(javaType().cast(value));
  }
}
