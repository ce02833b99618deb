package io.rocklake.catalog.lake;

import io.rocklake.arrowscan.DuckDbText;
import io.rocklake.catalog.ColumnType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * One value of an Arrow batch arrow-scan filled, as the Java value of the column's presented type
 * ({@link LakeColumnTypes}) — the same Java classes a catalog row holds ({@code Long}, {@code Short},
 * {@code BigDecimal}, {@code byte[]}, {@code LocalDate}, {@code LocalDateTime}, {@code Instant}, …), so
 * that everything downstream of a catalog row handles a lake row too. Unsigned values are widened,
 * never wrapped: a {@code uint64} above {@code Long.MAX_VALUE} is a {@code BigDecimal}. A list, struct or
 * map is its text exactly as DuckDB's {@code CAST(v AS VARCHAR)} prints it ({@link DuckDbText}).
 */
public final class LakeValues {
  private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);

  private LakeValues() {}

  /** Row {@code i} of the vector, null for NULL, as a value of {@code type}. */
  public static Object get(FieldVector v, int i, ColumnType type) {
    if (v.isNull(i)) {
      return null;
    }
    if (v.getField().getType().isComplex()) {
      return DuckDbText.of(v, i); // a list, struct or map: presented as text, DuckDB's own spelling
    }
    if (v instanceof BigIntVector b) return b.get(i);
    if (v instanceof IntVector b) return b.get(i);
    if (v instanceof SmallIntVector b) return b.get(i);
    if (v instanceof TinyIntVector b) return (short) b.get(i);
    if (v instanceof UInt1Vector b) return (short) (b.get(i) & 0xFF);
    if (v instanceof UInt2Vector b) return (int) b.get(i);
    if (v instanceof UInt4Vector b) return b.get(i) & 0xFFFF_FFFFL;
    if (v instanceof UInt8Vector b) {
      long raw = b.get(i);
      return raw >= 0 ? BigDecimal.valueOf(raw) : new BigDecimal(BigInteger.valueOf(raw).add(TWO_TO_64));
    }
    if (v instanceof Float8Vector b) return b.get(i);
    if (v instanceof Float4Vector b) return b.get(i);
    if (v instanceof BitVector b) return b.get(i) != 0;
    if (v instanceof DecimalVector b) return b.getObject(i);
    if (v instanceof VarCharVector b) return new String(b.get(i), StandardCharsets.UTF_8);
    if (v instanceof VarBinaryVector b) return b.get(i);
    if (v instanceof DateDayVector b) return LocalDate.ofEpochDay(b.get(i));
    if (v instanceof TimeStampMicroVector b) return micros(b.get(i)).atOffset(ZoneOffset.UTC).toLocalDateTime();
    if (v instanceof TimeStampMicroTZVector b) return micros(b.get(i));
    if (v instanceof TimeMicroVector b) {
      // DuckDB keeps a timetz as its time of day at UTC (arrow-scan: docs/lake-reads.md, Types).
      LocalTime t = LocalTime.ofNanoOfDay(Math.min(b.get(i), 86_399_999_999L) * 1000L);
      return type == ColumnType.TIMETZ ? java.time.OffsetTime.of(t, ZoneOffset.UTC) : t;
    }
    if (v instanceof org.apache.arrow.vector.IntervalMonthDayNanoVector b) {
      org.apache.arrow.vector.holders.NullableIntervalMonthDayNanoHolder h =
          new org.apache.arrow.vector.holders.NullableIntervalMonthDayNanoHolder();
      b.get(i, h);
      return new ColumnType.Interval(h.months, h.days, h.nanoseconds / 1000L);
    }
    if (v instanceof org.apache.arrow.vector.TimeStampSecVector b) return micros(b.get(i) * 1_000_000L)
        .atOffset(ZoneOffset.UTC).toLocalDateTime();
    if (v instanceof org.apache.arrow.vector.TimeStampMilliVector b) return micros(b.get(i) * 1000L)
        .atOffset(ZoneOffset.UTC).toLocalDateTime();
    // timestamp_ns to the microsecond as DuckDB's CAST to TIMESTAMP does: the integer division truncates.
    if (v instanceof org.apache.arrow.vector.TimeStampNanoVector b) return micros(b.get(i) / 1000L)
        .atOffset(ZoneOffset.UTC).toLocalDateTime();
    Object o = v.getObject(i);
    if (o instanceof java.util.UUID || type == ColumnType.UUID) {
      return o;
    }
    if (o instanceof LocalDateTime t && type == ColumnType.TIMESTAMP) {
      return t;
    }
    if (o instanceof BigDecimal d) {
      return d;
    }
    if (o instanceof byte[] bytes && type != ColumnType.BYTEA) {
      return new String(bytes, StandardCharsets.UTF_8);
    }
    return type == ColumnType.TEXT || type == ColumnType.VARCHAR ? String.valueOf(o) : o;
  }

  private static Instant micros(long micros) {
    return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
  }
}
