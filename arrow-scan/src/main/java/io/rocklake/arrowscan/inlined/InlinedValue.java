package io.rocklake.arrowscan.inlined;

import io.rocklake.arrowscan.LakeReadException;
import io.rocklake.arrowscan.LakeType;
import io.rocklake.arrowscan.parquet.BoundColumn;
import io.rocklake.arrowscan.parquet.InitialDefault;
import io.rocklake.arrowscan.parquet.NestedText;
import io.rocklake.arrowscan.parquet.TemporalText;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.util.UUID;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * One inlined value converted to a column's type. DuckLake stores an inlined column in the catalog
 * database's nearest type (BIGINT, SMALLINT, REAL, DECIMAL(p,s), BOOLEAN, UUID, TIME, TIME WITH TIME
 * ZONE, INTERVAL), as BYTEA for varchar, json and blob, and as VARCHAR text for what the database lacks
 * (dates, timestamps of every unit, uint64, int128, uint128): a
 * String goes through the parser of {@code initial_default}; any other value must fit the type exactly
 * (range, scale, UTF-8), or the scan is refused naming the column.
 */
public final class InlinedValue {
  private InlinedValue() {}

  /**
   * A writer of {@code value} (not null) into a vector of {@code type}.
   *
   * @throws LakeReadException naming the column, the row and the value's Java type when it does not convert
   */
  public static InitialDefault convert(BoundColumn c, long rowId, Object value) {
    if (!c.type().isNested()) {
      return convert(c.column().name(), c.type(), rowId, value);
    }
    try {
      if (!(value instanceof String text)) {
        throw new IllegalArgumentException("expected DuckDB's text of the value (DuckLake keeps an inlined " + c.type()
            + " as VARCHAR)");
      }
      return NestedText.parse(c, text);
    } catch (RuntimeException e) {
      throw new LakeReadException("inlined value " + describe(value) + " of column \"" + c.column().name() + "\" at row_id "
          + rowId + " is not a " + c.type() + " value: " + e.getMessage(), e);
    }
  }

  /**
   * A writer of {@code value} (not null) into a vector of {@code type}, which is not nested.
   *
   * @throws LakeReadException naming the column, the row and the value's Java type when it does not convert
   */
  public static InitialDefault convert(String column, LakeType type, long rowId, Object value) {
    try {
      if (type.isNested()) {
        throw new IllegalArgumentException("a nested value needs its column's child columns");
      }
      return value instanceof String text ? InitialDefault.ofText(type, text) : fromObject(type, value);
    } catch (RuntimeException e) {
      throw new LakeReadException("inlined value " + describe(value) + " of column \"" + column + "\" at row_id "
          + rowId + " is not a " + type + " value: " + e.getMessage(), e);
    }
  }

  private static InitialDefault fromObject(LakeType type, Object value) {
    return switch (type.kind()) {
      case BOOLEAN -> {
        int b = ((Boolean) expect(value, Boolean.class)) ? 1 : 0;
        yield (v, i) -> ((BitVector) v).set(i, b);
      }
      case INT8 -> {
        byte x = (byte) integer(value, type, BigInteger.valueOf(Byte.MIN_VALUE), BigInteger.valueOf(Byte.MAX_VALUE));
        yield (v, i) -> ((TinyIntVector) v).set(i, x);
      }
      case INT16 -> {
        short x = (short) integer(value, type, BigInteger.valueOf(Short.MIN_VALUE), BigInteger.valueOf(Short.MAX_VALUE));
        yield (v, i) -> ((SmallIntVector) v).set(i, x);
      }
      case INT32 -> {
        int x = (int) integer(value, type, BigInteger.valueOf(Integer.MIN_VALUE), BigInteger.valueOf(Integer.MAX_VALUE));
        yield (v, i) -> ((IntVector) v).set(i, x);
      }
      case INT64 -> {
        long x = integer(value, type, BigInteger.valueOf(Long.MIN_VALUE), BigInteger.valueOf(Long.MAX_VALUE));
        yield (v, i) -> ((BigIntVector) v).set(i, x);
      }
      case UINT8 -> {
        byte x = (byte) integer(value, type, BigInteger.ZERO, BigInteger.valueOf(0xFF));
        yield (v, i) -> ((UInt1Vector) v).set(i, x);
      }
      case UINT16 -> {
        char x = (char) integer(value, type, BigInteger.ZERO, BigInteger.valueOf(0xFFFF));
        yield (v, i) -> ((UInt2Vector) v).set(i, x);
      }
      case UINT32 -> {
        int x = (int) integer(value, type, BigInteger.ZERO, BigInteger.valueOf(0xFFFF_FFFFL));
        yield (v, i) -> ((UInt4Vector) v).set(i, x);
      }
      case UINT64 -> {
        long x = integer(value, type, BigInteger.ZERO, BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE));
        yield (v, i) -> ((UInt8Vector) v).set(i, x);
      }
      case FLOAT32 -> {
        if (!(value instanceof Float f)) {
          throw new IllegalArgumentException("expected a Float");
        }
        float x = f;
        yield (v, i) -> ((Float4Vector) v).set(i, x);
      }
      case FLOAT64 -> {
        if (!(value instanceof Double || value instanceof Float)) {
          throw new IllegalArgumentException("expected a Double or a Float");
        }
        double x = ((Number) value).doubleValue(); // float to double is exact (DuckLake's promotion)
        yield (v, i) -> ((Float8Vector) v).set(i, x);
      }
      case DECIMAL -> {
        BigDecimal d = value instanceof BigDecimal b ? b : new BigDecimal(exactInteger(value));
        BigDecimal x = d.setScale(type.scale(), RoundingMode.UNNECESSARY);
        if (x.precision() - x.scale() > type.precision() - type.scale()) {
          throw new IllegalArgumentException("more than " + type.precision() + " digits");
        }
        yield (v, i) -> ((DecimalVector) v).set(i, x);
      }
      case DATE -> {
        int days = Math.toIntExact(((LocalDate) expect(value, LocalDate.class)).toEpochDay());
        yield (v, i) -> ((DateDayVector) v).set(i, days);
      }
      case VARCHAR -> {
        byte[] utf8 = utf8((byte[]) expect(value, byte[].class));
        yield (v, i) -> ((VarCharVector) v).setSafe(i, utf8);
      }
      case BLOB -> {
        byte[] bytes = ((byte[]) expect(value, byte[].class)).clone();
        yield (v, i) -> ((VarBinaryVector) v).setSafe(i, bytes);
      }
      case UUID -> {
        UUID u = (UUID) expect(value, UUID.class);
        byte[] bytes = ByteBuffer.allocate(16).putLong(u.getMostSignificantBits())
            .putLong(u.getLeastSignificantBits()).array();
        yield (v, i) -> ((UuidVector) v).setSafe(i, bytes);
      }
      case JSON -> {
        byte[] utf8 = utf8((byte[]) expect(value, byte[].class));
        yield (v, i) -> ((VarCharVector) v).setSafe(i, utf8);
      }
      case TIME -> InitialDefault.time(micros((LocalTime) expect(value, LocalTime.class)));
      case TIMETZ -> {
        OffsetTime t = (OffsetTime) expect(value, OffsetTime.class);
        yield InitialDefault.time(TemporalText.utcMicros(micros(t.toLocalTime()), t.getOffset().getTotalSeconds()));
      }
      case INTERVAL -> interval(value);
      case STRUCT, LIST, MAP -> throw new IllegalStateException("refused above");
      case INT128, UINT128 -> InitialDefault.wideInteger(type, exactInteger(value));
      // DuckLake stores timestamps as VARCHAR text (handled above): no other form is accepted.
      case TIMESTAMP, TIMESTAMPTZ, TIMESTAMP_S, TIMESTAMP_MS, TIMESTAMP_NS ->
          throw new IllegalArgumentException("expected DuckDB's text form of the value");
    };
  }

  private static long micros(LocalTime t) {
    long nanos = t.toNanoOfDay();
    if (nanos % 1000 != 0) {
      throw new IllegalArgumentException("finer than a microsecond");
    }
    return nanos / 1000;
  }

  /**
   * An INTERVAL as the catalog holds it: a record with PostgreSQL's three fields {@code months},
   * {@code days} and {@code micros} (the catalog's own interval class, which this module cannot name).
   */
  private static InitialDefault interval(Object value) {
    if (value instanceof Record r) {
      Number months = null;
      Number days = null;
      Number micros = null;
      for (RecordComponent c : r.getClass().getRecordComponents()) {
        Object x = component(c, r);
        switch (c.getName()) {
          case "months" -> months = x instanceof Integer n ? n : null;
          case "days" -> days = x instanceof Integer n ? n : null;
          case "micros" -> micros = x instanceof Long n ? n : null;
          default -> { }
        }
      }
      if (months != null && days != null && micros != null) {
        return InitialDefault.interval(months.intValue(), days.intValue(), micros.longValue());
      }
    }
    throw new IllegalArgumentException("expected a record of months, days and micros, or DuckDB's text of an interval");
  }

  private static Object component(RecordComponent c, Record r) {
    try {
      Method accessor = c.getAccessor();
      accessor.setAccessible(true);
      return accessor.invoke(r);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IllegalArgumentException("cannot read the interval's " + c.getName() + ": " + e);
    }
  }

  private static Object expect(Object value, Class<?> type) {
    if (!type.isInstance(value)) {
      throw new IllegalArgumentException("expected a " + type.getSimpleName());
    }
    return value;
  }

  private static long integer(Object value, LakeType type, BigInteger min, BigInteger max) {
    BigInteger x = exactInteger(value);
    if (x.compareTo(min) < 0 || x.compareTo(max) > 0) {
      throw new IllegalArgumentException("out of range for " + type);
    }
    return x.longValue();
  }

  private static BigInteger exactInteger(Object value) {
    if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return BigInteger.valueOf(((Number) value).longValue());
    }
    if (value instanceof BigInteger b) {
      return b;
    }
    if (value instanceof BigDecimal d) {
      return d.toBigIntegerExact();
    }
    throw new IllegalArgumentException("expected an integer");
  }

  private static byte[] utf8(byte[] bytes) {
    try {
      StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException("its bytes are not UTF-8");
    }
    return bytes.clone();
  }

  private static String describe(Object value) {
    String shown = value instanceof byte[] b ? b.length + " bytes" : String.valueOf(value);
    return "'" + shown + "' (" + value.getClass().getSimpleName() + ")";
  }
}
