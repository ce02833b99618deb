package io.rocklake.pgwire.types;

/** {@code bool}: one byte, 0 or 1; text {@code t}/{@code f}. */
public final class BoolCodec implements PgCodec<Boolean> {
  @Override public Class<Boolean> javaType() { return Boolean.class; }

  @Override public byte[] encodeBinary(Boolean value) {
    return new byte[] {(byte) (value ? 1 : 0)};
  }

  @Override public Boolean decodeBinary(byte[] bytes) {
    PgCodecException.checkLength("bool", bytes, 1);
    return bytes[0] != 0;
  }

  @Override public String encodeText(Boolean value) {
    return value ? "t" : "f";
  }

  @Override public Boolean decodeText(String text) {
    switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
      case "t": case "true": case "y": case "yes": case "on": case "1":
        return true;
      case "f": case "false": case "n": case "no": case "off": case "0":
        return false;
      default:
        throw new PgCodecException("invalid input syntax for type boolean: \"" + text + "\"");
    }
  }
}
