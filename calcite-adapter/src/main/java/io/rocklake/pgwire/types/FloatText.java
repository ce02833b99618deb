package io.rocklake.pgwire.types;

import java.util.Locale;

/**
 * PostgreSQL's text spelling of floating point values ({@code extra_float_digits=1}, the default
 * since PostgreSQL 12): shortest round-trip digits, {@code NaN}, {@code Infinity}, {@code -Infinity},
 * and plain or exponent notation following the same switch points as PostgreSQL.
 */
final class FloatText {
  private FloatText() {}

  static String format(double value, boolean nan, String javaShortest) {
    if (nan) {
      return "NaN";
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "Infinity" : "-Infinity";
    }
    if (value == 0) {
      return (1 / value < 0) ? "-0" : "0";
    }
    // Java's shortest repr is "d.dddE±x" or "ddd.ddd"; PostgreSQL prints integers without ".0"
    // and switches to exponent form below 1e-4 or at/above 1e15 (single: 1e6 digits rule differs,
    // but values in the catalog never reach it).
    java.math.BigDecimal exact = new java.math.BigDecimal(javaShortest);
    double abs = Math.abs(value);
    if (abs >= 1e-4 && abs < 1e15) {
      String plain = exact.stripTrailingZeros().toPlainString();
      return plain;
    }
    java.math.BigDecimal stripped = exact.stripTrailingZeros();
    int exponent = stripped.precision() - stripped.scale() - 1;
    java.math.BigDecimal mantissa = stripped.movePointLeft(exponent);
    String sign = exponent < 0 ? "-" : "+";
    int absExp = Math.abs(exponent);
    return mantissa.toPlainString() + "e" + sign + (absExp < 10 ? "0" : "") + absExp;
  }

  static double parse(String text, String typeName) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    switch (t) {
      case "nan": return Double.NaN;
      case "infinity": case "+infinity": case "inf": case "+inf": return Double.POSITIVE_INFINITY;
      case "-infinity": case "-inf": return Double.NEGATIVE_INFINITY;
      default:
        try {
          return Double.parseDouble(t);
        } catch (NumberFormatException e) {
          throw new PgCodecException(
              "invalid input syntax for type " + typeName + ": \"" + text + "\"", e);
        }
    }
  }
}
