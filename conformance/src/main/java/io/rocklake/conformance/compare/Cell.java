package io.rocklake.conformance.compare;

import java.util.HexFormat;
import java.util.Objects;

/**
 * One decoded field of a result row. {@code value} is the decoded Java value ({@code null} for SQL
 * NULL, {@link Raw} when the type is unknown or the bytes do not decode). {@code rule} says whether
 * the value is compared as is or through one of the documented normalizations.
 */
record Cell(Object value, Rule rule) {

  enum Rule {
    /** Compared by value. */
    EXACT,
    /** An object OID: compared through a consistent one-to-one mapping. */
    OBJECT_ID,
    /** A {@code NOW()}-derived timestamp: compared through an order-preserving mapping. */
    SERVER_TIME,
    /** A row locator ({@code ctid}): compared through a consistent one-to-one mapping. */
    ROW_LOCATOR,
    /** A value that describes the server ({@code version()}): only its presence is compared. */
    SERVER_DESCRIPTION
  }

  /** Bytes the harness could not decode; compared byte for byte. */
  record Raw(byte[] bytes, String why) {
    @Override public boolean equals(Object o) {
      return o instanceof Raw && java.util.Arrays.equals(bytes, ((Raw) o).bytes);
    }

    @Override public int hashCode() {
      return java.util.Arrays.hashCode(bytes);
    }

    @Override public String toString() {
      return "raw:" + HexFormat.of().formatHex(bytes);
    }
  }

  /** What takes part in row matching: the value itself, or for normalized cells only null-ness. */
  Object matchKey() {
    if (rule == Rule.EXACT || value == null) {
      return value;
    }
    return "<" + rule.name().toLowerCase(java.util.Locale.ROOT) + ">";
  }

  @Override public String toString() {
    return value == null ? "NULL" : Objects.toString(value);
  }
}
