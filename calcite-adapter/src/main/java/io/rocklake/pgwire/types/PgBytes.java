package io.rocklake.pgwire.types;

import java.util.Arrays;
import java.util.HexFormat;

/** An immutable byte string with value equality: the Java value of {@code bytea}. */
public final class PgBytes {
  private final byte[] bytes;

  private PgBytes(byte[] bytes) {
    this.bytes = bytes;
  }

  public static PgBytes copyOf(byte[] bytes) {
    return new PgBytes(bytes.clone());
  }

  public byte[] toByteArray() {
    return bytes.clone();
  }

  public int length() {
    return bytes.length;
  }

  @Override public boolean equals(Object o) {
    return o instanceof PgBytes && Arrays.equals(bytes, ((PgBytes) o).bytes);
  }

  @Override public int hashCode() {
    return Arrays.hashCode(bytes);
  }

  /** PostgreSQL's hex output form, {@code \x0aff}. */
  @Override public String toString() {
    return "\\x" + HexFormat.of().formatHex(bytes);
  }
}
