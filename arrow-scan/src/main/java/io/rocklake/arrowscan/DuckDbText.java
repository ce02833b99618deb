package io.rocklake.arrowscan;

import com.fasterxml.jackson.core.io.schubfach.DoubleToDecimal;
import com.fasterxml.jackson.core.io.schubfach.FloatToDecimal;
import io.rocklake.arrowscan.parquet.ArrowFields;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.TimeStampSecVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.holders.NullableIntervalMonthDayNanoHolder;

/**
 * DuckDB's text of a list, struct or map value arrow-scan read — exactly what DuckDB's
 * {@code CAST(v AS VARCHAR)} prints: {@code [1, 2, NULL]}, {@code {'p': 1, 'q': [a, NULL]}},
 * {@code {1=one, 2=NULL}}. The inverse of {@link io.rocklake.arrowscan.parquet.NestedText}, so a
 * client that receives a nested column as text gets the same characters DuckDB would show.
 *
 * <p>DuckDB's rules: a struct's field names are always quoted; a scalar's text (of any type but
 * {@code json}) is quoted when it is empty, starts or ends with white space, is {@code NULL} in any
 * case, or contains one of {@code " ' ( ) , : = [ ] { }}; inside quotes {@code '} and {@code \} are
 * escaped with {@code \}. Scalars are spelled as DuckDB casts them to VARCHAR: doubles and floats in
 * their shortest round-trip digits ({@code 1e+300}, {@code 3.0}, {@code nan}, {@code -inf}),
 * timestamps {@code 2024-02-29 12:34:56.789012} with trailing zero digits dropped, a
 * {@code timestamptz} or {@code timetz} at UTC ({@code +00}: DuckDB prints them in the session's
 * time zone, UTC here), blobs with bytes outside printable ASCII as {@code \xHH}, intervals as
 * {@code 1 year 2 months 3 days 04:05:06.007}.
 */
public final class DuckDbText {
  private static final String SPECIAL = "\"'(),:=[]{}";

  private DuckDbText() {}

  /** Row {@code i} of the nested vector as DuckDB's text, or null when the value is NULL. */
  public static String of(FieldVector v, int i) {
    if (v.isNull(i)) {
      return null;
    }
    StringBuilder b = new StringBuilder();
    append(b, v, i);
    return b.toString();
  }

  private static void append(StringBuilder b, FieldVector v, int i) {
    if (v.isNull(i)) {
      b.append("NULL");
      return;
    }
    if (v instanceof MapVector m) {
      StructVector entries = (StructVector) m.getDataVector();
      FieldVector key = (FieldVector) entries.getChildByOrdinal(0);
      FieldVector value = (FieldVector) entries.getChildByOrdinal(1);
      b.append('{');
      for (int k = m.getElementStartIndex(i); k < m.getElementEndIndex(i); k++) {
        if (k > m.getElementStartIndex(i)) {
          b.append(", ");
        }
        append(b, key, k);
        b.append('=');
        append(b, value, k);
      }
      b.append('}');
    } else if (v instanceof ListVector l) {
      FieldVector element = l.getDataVector();
      b.append('[');
      for (int k = l.getElementStartIndex(i); k < l.getElementEndIndex(i); k++) {
        if (k > l.getElementStartIndex(i)) {
          b.append(", ");
        }
        append(b, element, k);
      }
      b.append(']');
    } else if (v instanceof StructVector s) {
      b.append('{');
      for (int k = 0; k < s.size(); k++) {
        FieldVector child = (FieldVector) s.getChildByOrdinal(k);
        if (k > 0) {
          b.append(", ");
        }
        b.append('\'');
        escaped(b, child.getName());
        b.append("': ");
        append(b, child, i);
      }
      b.append('}');
    } else {
      String text = scalar(v, i);
      String lakeType = v.getField().getMetadata().get(ArrowFields.LAKE_TYPE);
      if (!"json".equals(lakeType) && needsQuotes(text)) {
        b.append('\'');
        escaped(b, text);
        b.append('\'');
      } else {
        b.append(text);
      }
    }
  }

  private static boolean needsQuotes(String s) {
    if (s.isEmpty() || space(s.charAt(0)) || s.length() >= 2 && space(s.charAt(s.length() - 1))
        || s.equalsIgnoreCase("null")) {
      return true;
    }
    for (int k = 0; k < s.length(); k++) {
      if (SPECIAL.indexOf(s.charAt(k)) >= 0) {
        return true;
      }
    }
    return false;
  }

  /** C's isspace: space, \t, \n, \v, \f, \r. */
  private static boolean space(char c) {
    return c == ' ' || c >= '\t' && c <= '\r';
  }

  private static void escaped(StringBuilder b, String s) {
    for (int k = 0; k < s.length(); k++) {
      char c = s.charAt(k);
      if (c == '\'' || c == '\\') {
        b.append('\\');
      }
      b.append(c);
    }
  }

  /** A scalar's text as DuckDB's VARCHAR cast spells it. */
  static String scalar(FieldVector v, int i) {
    if (v instanceof BitVector b) return b.get(i) != 0 ? "true" : "false";
    if (v instanceof TinyIntVector b) return Byte.toString(b.get(i));
    if (v instanceof SmallIntVector b) return Short.toString(b.get(i));
    if (v instanceof IntVector b) return Integer.toString(b.get(i));
    if (v instanceof BigIntVector b) return Long.toString(b.get(i));
    if (v instanceof UInt1Vector b) return Integer.toString(b.get(i) & 0xFF);
    if (v instanceof UInt2Vector b) return Integer.toString(b.get(i));
    if (v instanceof UInt4Vector b) return Long.toString(b.get(i) & 0xFFFF_FFFFL);
    if (v instanceof UInt8Vector b) return Long.toUnsignedString(b.get(i));
    if (v instanceof Float4Vector b) return floating(b.get(i), FloatToDecimal.toString(b.get(i)), true);
    if (v instanceof Float8Vector b) return floating(b.get(i), DoubleToDecimal.toString(b.get(i)), false);
    if (v instanceof DecimalVector b) return b.getObject(i).toPlainString();
    if (v instanceof Decimal256Vector b) return b.getObject(i).toPlainString();
    if (v instanceof VarCharVector b) return new String(b.get(i), StandardCharsets.UTF_8);
    if (v instanceof VarBinaryVector b) return blob(b.get(i));
    if (v instanceof DateDayVector b) return LocalDate.ofEpochDay(b.get(i)).toString();
    if (v instanceof TimeStampMicroTZVector b) return timestamp(b.get(i), 1_000_000L, 6) + "+00";
    if (v instanceof TimeStampMicroVector b) return timestamp(b.get(i), 1_000_000L, 6);
    if (v instanceof TimeStampSecVector b) return timestamp(b.get(i), 1L, 0);
    if (v instanceof TimeStampMilliVector b) return timestamp(b.get(i), 1000L, 3);
    if (v instanceof TimeStampNanoVector b) return timestamp(b.get(i), 1_000_000_000L, 9);
    if (v instanceof TimeMicroVector b) {
      String t = timeOfDay(b.get(i) / 1_000_000L, b.get(i) % 1_000_000L, 6);
      return "timetz".equals(v.getField().getMetadata().get(ArrowFields.LAKE_TYPE)) ? t + "+00" : t;
    }
    if (v instanceof IntervalMonthDayNanoVector b) {
      NullableIntervalMonthDayNanoHolder h = new NullableIntervalMonthDayNanoHolder();
      b.get(i, h);
      return interval(h.months, h.days, h.nanoseconds / 1000L);
    }
    return String.valueOf(v.getObject(i)); // uuid: its canonical text
  }

  /**
   * Shortest round-trip digits laid out as DuckDB does: exponent form below 1e-4 and from 1e16. Where
   * a float lies exactly halfway between the two nearest shortest spellings ({@code 1234567.25}:
   * {@code .2} and {@code .3} both read back as it), DuckDB prints the exact value, one digit longer;
   * for a double it takes the even one, as the shortest digits do.
   */
  private static String floating(double value, String shortest, boolean single) {
    if (Double.isNaN(value)) {
      return "nan";
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "inf" : "-inf";
    }
    if (value == 0) {
      return 1 / value < 0 ? "-0.0" : "0.0";
    }
    BigDecimal d = new BigDecimal(shortest).stripTrailingZeros();
    BigDecimal exact = new BigDecimal(value).stripTrailingZeros();
    if (single && exact.scale() == d.scale() + 1 && exact.unscaledValue().abs().mod(BigInteger.TEN).intValue() == 5) {
      d = exact;
    }
    int exponent = d.precision() - d.scale() - 1;
    if (exponent >= -4 && exponent < 16) {
      String plain = d.toPlainString();
      return plain.indexOf('.') < 0 ? plain + ".0" : plain;
    }
    String mantissa = d.movePointLeft(exponent).toPlainString();
    int abs = Math.abs(exponent);
    return mantissa + "e" + (exponent < 0 ? "-" : "+") + (abs < 10 ? "0" : "") + abs;
  }

  private static String blob(byte[] bytes) {
    StringBuilder b = new StringBuilder();
    for (byte x : bytes) {
      int c = x & 0xFF;
      if (c >= 32 && c <= 126 && c != '\\' && c != '\'' && c != '"') {
        b.append((char) c);
      } else {
        b.append("\\x").append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
            .append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
      }
    }
    return b.toString();
  }

  private static String timestamp(long value, long perSecond, int digits) {
    long seconds = Math.floorDiv(value, perSecond);
    long fraction = Math.floorMod(value, perSecond);
    LocalDateTime t = LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC);
    return t.toLocalDate() + " " + timeOfDay(t.toLocalTime().toSecondOfDay(), fraction, digits);
  }

  /** {@code HH:MM:SS} and, when not zero, the fraction of {@code digits} digits without its trailing zeros. */
  private static String timeOfDay(long secondOfDay, long fraction, int digits) {
    StringBuilder b = new StringBuilder();
    two(b, secondOfDay / 3600).append(':');
    two(b, secondOfDay / 60 % 60).append(':');
    two(b, secondOfDay % 60);
    if (fraction != 0) {
      String f = String.format("%0" + digits + "d", fraction);
      int end = f.length();
      while (f.charAt(end - 1) == '0') {
        end--;
      }
      b.append('.').append(f, 0, end);
    }
    return b.toString();
  }

  private static StringBuilder two(StringBuilder b, long n) {
    return b.append(n < 10 ? "0" : "").append(n);
  }

  private static String interval(int months, int days, long micros) {
    StringBuilder b = new StringBuilder();
    int years = months / 12;
    int restMonths = months % 12;
    part(b, years, "year");
    part(b, restMonths, "month");
    part(b, days, "day");
    if (micros != 0) {
      if (b.length() > 0) {
        b.append(' ');
      }
      if (micros < 0) {
        b.append('-');
      }
      BigInteger abs = BigInteger.valueOf(micros).abs();
      long m = abs.longValueExact();
      long seconds = m / 1_000_000L;
      StringBuilder t = new StringBuilder();
      two(t, seconds / 3600).append(':');
      two(t, seconds / 60 % 60).append(':');
      two(t, seconds % 60);
      b.append(t);
      long fraction = m % 1_000_000L;
      if (fraction != 0) {
        String f = String.format("%06d", fraction);
        int end = f.length();
        while (f.charAt(end - 1) == '0') {
          end--;
        }
        b.append('.').append(f, 0, end);
      }
    }
    return b.length() == 0 ? "00:00:00" : b.toString();
  }

  private static void part(StringBuilder b, int n, String unit) {
    if (n == 0) {
      return;
    }
    if (b.length() > 0) {
      b.append(' ');
    }
    b.append(n).append(' ').append(unit).append(n == 1 || n == -1 ? "" : "s");
  }
}
