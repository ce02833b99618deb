package io.rocklake.arrowscan.parquet;

import io.rocklake.arrowscan.LakeReadException;
import io.rocklake.arrowscan.LakeType;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.UUID;
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
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.TimeStampSecVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * The value a column has in a file written before the column existed: its {@code initial_default}
 * text (DuckDB's VARCHAR cast of the default) parsed by the column's type, or NULL when there is none.
 */
@FunctionalInterface
public interface InitialDefault {

  /** Writes the default into slot {@code i}. */
  void write(FieldVector v, int i);

  DateTimeFormatter LOCAL = new DateTimeFormatterBuilder()
      .appendPattern("uuuu-MM-dd HH:mm:ss")
      .optionalStart().appendFraction(ChronoField.MICRO_OF_SECOND, 0, 6, true).optionalEnd()
      .toFormatter(Locale.ROOT);
  DateTimeFormatter OFFSET = new DateTimeFormatterBuilder()
      .append(LOCAL)
      .appendPattern("[XXX][XX][X]")
      .toFormatter(Locale.ROOT);

  /**
   * Parses {@code text} as a value of {@code type}.
   *
   * @throws LakeReadException naming the column when the text is not a value of the type
   */
  static InitialDefault parse(String column, LakeType type, String text) {
    if (text == null) {
      return ValueCopier::setNull;
    }
    try {
      return parseValue(type, text);
    } catch (RuntimeException e) {
      throw new LakeReadException("initial_default '" + text + "' of column \"" + column + "\" is not a "
          + type + " value: " + e.getMessage(), e);
    }
  }

  /**
   * Parses {@code text}, DuckDB's text form of a value of {@code type}, as {@link #parse} does, without
   * naming a column: for callers with their own message (inlined rows).
   *
   * @throws RuntimeException (number, date-time or argument errors) when the text is not a value of the type
   */
  static InitialDefault ofText(LakeType type, String text) {
    return parseValue(type, text);
  }

  private static InitialDefault parseValue(LakeType type, String text) {
    String t = text.trim();
    return switch (type.kind()) {
      case BOOLEAN -> {
        int b = switch (t.toLowerCase(Locale.ROOT)) {
          case "true", "t", "1" -> 1;
          case "false", "f", "0" -> 0;
          default -> throw new IllegalArgumentException("expected true or false");
        };
        yield (v, i) -> ((BitVector) v).set(i, b);
      }
      case INT8 -> {
        byte x = Byte.parseByte(t);
        yield (v, i) -> ((TinyIntVector) v).set(i, x);
      }
      case INT16 -> {
        short x = Short.parseShort(t);
        yield (v, i) -> ((SmallIntVector) v).set(i, x);
      }
      case INT32 -> {
        int x = Integer.parseInt(t);
        yield (v, i) -> ((IntVector) v).set(i, x);
      }
      case INT64 -> {
        long x = Long.parseLong(t);
        yield (v, i) -> ((BigIntVector) v).set(i, x);
      }
      case UINT8 -> {
        byte x = (byte) unsigned(t, 8);
        yield (v, i) -> ((UInt1Vector) v).set(i, x);
      }
      case UINT16 -> {
        char x = (char) unsigned(t, 16);
        yield (v, i) -> ((UInt2Vector) v).set(i, x);
      }
      case UINT32 -> {
        int x = (int) unsigned(t, 32);
        yield (v, i) -> ((UInt4Vector) v).set(i, x);
      }
      case UINT64 -> {
        long x = unsigned(t, 64);
        yield (v, i) -> ((UInt8Vector) v).set(i, x);
      }
      case FLOAT32 -> {
        float x = (float) floating(t);
        yield (v, i) -> ((Float4Vector) v).set(i, x);
      }
      case FLOAT64 -> {
        double x = floating(t);
        yield (v, i) -> ((Float8Vector) v).set(i, x);
      }
      case DECIMAL -> {
        BigDecimal x = new BigDecimal(t).setScale(type.scale(), RoundingMode.UNNECESSARY);
        if (x.precision() > type.precision()) {
          throw new IllegalArgumentException("more than " + type.precision() + " digits");
        }
        yield (v, i) -> ((DecimalVector) v).set(i, x);
      }
      case DATE -> {
        int days = Math.toIntExact(LocalDate.parse(t).toEpochDay());
        yield (v, i) -> ((DateDayVector) v).set(i, days);
      }
      case TIMESTAMP -> {
        long micros = ChronoUnit.MICROS.between(LocalDateTime.of(1970, 1, 1, 0, 0), LocalDateTime.parse(t, LOCAL));
        yield (v, i) -> ((TimeStampMicroVector) v).set(i, micros);
      }
      case TIMESTAMPTZ -> {
        long micros = ChronoUnit.MICROS.between(
            OffsetDateTime.of(1970, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC), parseOffset(t));
        yield (v, i) -> ((TimeStampMicroTZVector) v).set(i, micros);
      }
      case VARCHAR -> {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        yield (v, i) -> ((VarCharVector) v).setSafe(i, utf8);
      }
      case BLOB -> {
        byte[] bytes = blob(text);
        yield (v, i) -> ((VarBinaryVector) v).setSafe(i, bytes);
      }
      case TIME -> time(TemporalText.timeMicros(t));
      case TIMETZ -> time(TemporalText.timeTzUtcMicros(t));
      case INTERVAL -> {
        long[] x = TemporalText.interval(t);
        yield interval((int) x[0], (int) x[1], x[2]);
      }
      case TIMESTAMP_S -> {
        long x = TemporalText.timestamp(t, 0, type.toString());
        yield (v, i) -> ((TimeStampSecVector) v).set(i, x);
      }
      case TIMESTAMP_MS -> {
        long x = TemporalText.timestamp(t, 3, type.toString());
        yield (v, i) -> ((TimeStampMilliVector) v).set(i, x);
      }
      case TIMESTAMP_NS -> {
        long x = TemporalText.timestamp(t, 9, type.toString());
        yield (v, i) -> ((TimeStampNanoVector) v).set(i, x);
      }
      case INT128, UINT128 -> wideInteger(type, new BigInteger(t));
      case JSON -> {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        yield (v, i) -> ((VarCharVector) v).setSafe(i, utf8);
      }
      case STRUCT, LIST, MAP -> throw new IllegalArgumentException("a nested value needs its column's child columns");
      case UUID -> {
        UUID u = UUID.fromString(t);
        ByteBuffer b = ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits());
        byte[] bytes = b.array();
        yield (v, i) -> ((UuidVector) v).setSafe(i, bytes);
      }
    };
  }

  /** A time of day (microseconds) into a time or timetz vector. */
  static InitialDefault time(long micros) {
    return (v, i) -> ((TimeMicroVector) v).set(i, micros);
  }

  /**
   * An interval of DuckDB's three fields into a MonthDayNano vector.
   *
   * @throws IllegalArgumentException if the microseconds are beyond what 64-bit nanoseconds hold
   */
  static InitialDefault interval(int months, int days, long micros) {
    long nanos = TemporalText.intervalNanos(micros);
    return (v, i) -> ((IntervalMonthDayNanoVector) v).set(i, months, days, nanos);
  }

  /**
   * An int128 or uint128 into its Decimal(39, 0) vector.
   *
   * @throws IllegalArgumentException if the value is outside the type
   */
  static InitialDefault wideInteger(LakeType type, BigInteger x) {
    boolean fits = type.kind() == LakeType.Kind.UINT128
        ? x.signum() >= 0 && x.bitLength() <= 128
        : x.bitLength() <= 127; // two's complement: -2^127 .. 2^127 - 1
    if (!fits) {
      throw new IllegalArgumentException("out of range for " + type);
    }
    BigDecimal d = new BigDecimal(x);
    return (v, i) -> ((Decimal256Vector) v).set(i, d);
  }

  private static OffsetDateTime parseOffset(String t) {
    try {
      return OffsetDateTime.parse(t, OFFSET);
    } catch (DateTimeParseException e) {
      // DuckDB prints a UTC offset as +00, which no single ISO offset pattern accepts with minutes too.
      return OffsetDateTime.parse(t + ":00", OFFSET);
    }
  }

  private static long unsigned(String t, int bits) {
    BigInteger x = new BigInteger(t);
    if (x.signum() < 0 || x.bitLength() > bits) {
      throw new IllegalArgumentException("out of range for uint" + bits);
    }
    return x.longValue();
  }

  private static double floating(String t) {
    return switch (t.toLowerCase(Locale.ROOT)) {
      case "nan", "+nan", "-nan" -> Double.NaN;
      case "inf", "+inf", "infinity", "+infinity" -> Double.POSITIVE_INFINITY;
      case "-inf", "-infinity" -> Double.NEGATIVE_INFINITY;
      default -> Double.parseDouble(t);
    };
  }

  /** DuckDB's text form of a blob: printable ASCII as itself, every other byte as {@code \xHH}. */
  private static byte[] blob(String text) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int k = 0; k < text.length(); k++) {
      char c = text.charAt(k);
      if (c == '\\' && k + 3 < text.length() && (text.charAt(k + 1) == 'x' || text.charAt(k + 1) == 'X')) {
        out.write(Integer.parseInt(text.substring(k + 2, k + 4), 16));
        k += 3;
      } else if (c < 0x80) {
        out.write(c);
      } else {
        throw new IllegalArgumentException("non-ASCII character in a blob's text form");
      }
    }
    return out.toByteArray();
  }
}
