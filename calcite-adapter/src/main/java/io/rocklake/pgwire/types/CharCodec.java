package io.rocklake.pgwire.types;

/**
 * {@code "char"} (OID 18), the one-byte internal type used by catalog columns such as
 * {@code pg_constraint.contype}. Held as a one-character string; the empty string is byte 0.
 */
public final class CharCodec implements PgCodec<String> {
  @Override public Class<String> javaType() { return String.class; }

  @Override public byte[] encodeBinary(String value) {
    check(value);
    return value.isEmpty() ? new byte[0] : new byte[] {(byte) value.charAt(0)};
  }

  @Override public String decodeBinary(byte[] bytes) {
    if (bytes.length > 1) {
      throw new PgCodecException("\"char\" needs at most 1 byte in binary form, got " + bytes.length);
    }
    return bytes.length == 0 || bytes[0] == 0 ? "" : String.valueOf((char) (bytes[0] & 0xFF));
  }

  @Override public String encodeText(String value) {
    check(value);
    return value;
  }

  @Override public String decodeText(String text) {
    check(text);
    return text;
  }

  private static void check(String value) {
    if (value.length() > 1 || (!value.isEmpty() && value.charAt(0) > 0x7F)) {
      throw new PgCodecException("\"char\" holds one ASCII character, got \"" + value + "\"");
    }
  }
}
