package io.rocklake.avatica;

import io.rocklake.engine.Field;
import io.rocklake.pgwire.types.PgBytes;
import io.rocklake.pgwire.types.PgType;
import java.math.BigDecimal;
import java.sql.Types;
import java.time.LocalDate;
import org.apache.calcite.avatica.ColumnMetaData;

/**
 * How a PostgreSQL type travels over Avatica: its {@link java.sql.Types} code, Avatica
 * representation, precision and scale, and each value in the form Avatica's client decodes for
 * that representation.
 *
 * <p>Type codes, precisions and scales are the ones pgjdbc reports for the same column, so a client
 * sees the same description over either endpoint, except where Avatica cannot carry the value
 * exactly: Avatica's TIMESTAMP and TIME values are milliseconds, so {@code timestamp},
 * {@code timestamptz}, {@code time} and {@code timetz} travel as their PostgreSQL text (microseconds
 * intact; docs/protocol.md, "Avatica endpoint"), and so do arrays, intervals and the other types
 * without an exact Avatica form.
 */
final class ColumnTypes {
  /** pgjdbc's length of a type without a declared one (text, unconstrained varchar, bytea). */
  static final int UNKNOWN_LENGTH = Integer.MAX_VALUE;

  private ColumnTypes() {}

  /** One type as described: the JDBC code, Avatica's representation, and whether values are text. */
  record Kind(int sqlType, ColumnMetaData.Rep rep, String className, boolean signed) {}

  static Kind kind(PgType type) {
    if (type == null) {
      return text(Types.OTHER);
    }
    switch (type) {
      case BOOL: return new Kind(Types.BIT, ColumnMetaData.Rep.BOOLEAN, Boolean.class.getName(), false);
      case BYTEA: return new Kind(Types.BINARY, ColumnMetaData.Rep.BYTE_STRING, byte[].class.getName(), false);
      case CHAR: case BPCHAR: return text(Types.CHAR);
      case INT2: return new Kind(Types.SMALLINT, ColumnMetaData.Rep.SHORT, Short.class.getName(), true);
      case INT4: return new Kind(Types.INTEGER, ColumnMetaData.Rep.INTEGER, Integer.class.getName(), true);
      case INT8: case OID: case XID: return new Kind(Types.BIGINT, ColumnMetaData.Rep.LONG, Long.class.getName(), type == PgType.INT8);
      case FLOAT4: return new Kind(Types.REAL, ColumnMetaData.Rep.FLOAT, Float.class.getName(), true);
      case FLOAT8: return new Kind(Types.DOUBLE, ColumnMetaData.Rep.DOUBLE, Double.class.getName(), true);
      case NUMERIC: return new Kind(Types.NUMERIC, ColumnMetaData.Rep.NUMBER, BigDecimal.class.getName(), true);
      case DATE: return new Kind(Types.DATE, ColumnMetaData.Rep.PRIMITIVE_INT, java.sql.Date.class.getName(), false);
      // Avatica's own carrier for zoned date-times is their text (its TypedValue does the same).
      case TIMESTAMPTZ: return text(Types.TIMESTAMP_WITH_TIMEZONE);
      case TIMETZ: return text(Types.TIME_WITH_TIMEZONE);
      case UUID: case INTERVAL: case TID: case INET: return text(Types.OTHER);
      default: return text(Types.VARCHAR); // text, varchar, name, regclass, arrays, timestamp, time
    }
  }

  private static Kind text(int sqlType) {
    return new Kind(sqlType, ColumnMetaData.Rep.STRING, String.class.getName(), false);
  }

  /** The JDBC {@code COLUMN_SIZE} / {@code getPrecision} of a column of this type and modifier, as pgjdbc computes it. */
  static int precision(PgType type, int typmod) {
    if (type == null) {
      return UNKNOWN_LENGTH;
    }
    switch (type) {
      case BOOL: case CHAR: return 1;
      case INT2: return 5;
      case INT4: case OID: case REGCLASS: return 10;
      case INT8: return 19;
      case FLOAT4: return 8;
      case FLOAT8: return 17;
      case NUMERIC: return typmod < 4 ? 0 : ((typmod - 4) >> 16) & 0xffff;
      case BPCHAR: case VARCHAR: return typmod < 4 ? UNKNOWN_LENGTH : typmod - 4;
      case DATE: return 13;
      case TIME: return 8 + fraction(typmod);
      case TIMETZ: return 8 + fraction(typmod) + 6;
      case TIMESTAMP: return 13 + 1 + 8 + fraction(typmod); // pgjdbc's date part is 13 wide ("yyyy-mm-dd BC")
      case TIMESTAMPTZ: return 13 + 1 + 8 + fraction(typmod) + 6;
      case INTERVAL: return 49;
      default: return UNKNOWN_LENGTH; // uuid included, as pgjdbc says
    }
  }

  /** Digits after the second, plus the point: 6 unless the modifier says otherwise (1 shows as 2, as in pgjdbc). */
  private static int fraction(int typmod) {
    int digits = typmod < 0 ? 6 : typmod == 1 ? 2 : typmod;
    return digits == 0 ? 0 : digits + 1;
  }

  /** The JDBC {@code DECIMAL_DIGITS} / {@code getScale}: fractional digits, 0 where a type has none (as pgjdbc says). */
  static Integer scale(PgType type, int typmod) {
    if (type == null) {
      return 0;
    }
    switch (type) {
      case INT2: case INT4: case INT8: case OID: case BOOL: return 0;
      case FLOAT4: return 8;
      case FLOAT8: return 17;
      case NUMERIC: return typmod < 4 ? 0 : (typmod - 4) & 0xffff;
      case TIME: case TIMETZ: case TIMESTAMP: case TIMESTAMPTZ: return typmod < 0 ? 6 : typmod;
      default: return 0;
    }
  }

  /** Whether {@code COLUMN_SIZE} counts digits (pgjdbc answers NUM_PREC_RADIX 10 for every column regardless). */
  static boolean numeric(PgType type) {
    if (type == null) {
      return false;
    }
    switch (type) {
      case INT2: case INT4: case INT8: case OID: case FLOAT4: case FLOAT8: case NUMERIC: return true;
      default: return false;
    }
  }

  static String typeName(PgType type, String fallback) {
    return type == null ? fallback : type.typname();
  }

  /**
   * A result column: the type as described, and its nullability ({@link AvaticaSession} asks it).
   */
  static ColumnMetaData column(int ordinal, Field f, int nullable) {
    Kind k = kind(f.type());
    int precision = precision(f.type(), f.typmod());
    Integer scale = scale(f.type(), f.typmod());
    return new ColumnMetaData(ordinal, false, k.rep() == ColumnMetaData.Rep.STRING, true, false,
        nullable, k.signed(), displaySize(f.type(), precision), f.name(), f.name(), "",
        precision, scale == null ? 0 : scale, "", "", ColumnMetaData.scalar(k.sqlType(), f.type().typname(), k.rep()),
        true, false, false, k.className());
  }

  private static int displaySize(PgType type, int precision) {
    switch (type) {
      case INT2: return 6;
      case INT4: case OID: return 11;
      case INT8: return 20;
      case FLOAT4: return 15;
      case FLOAT8: return 25;
      default: return precision;
    }
  }

  /** A value as the engine produced it (its codec's Java type) in the form Avatica's client decodes for the column. */
  static Object value(PgType type, Object v) {
    if (v == null) {
      return null;
    }
    switch (kind(type).rep()) {
      case STRING:
        return v instanceof String s ? s : type.codec().encodeTextObject(v);
      case BYTE_STRING:
        return ((PgBytes) v).toByteArray();
      case PRIMITIVE_INT:
        return (int) ((LocalDate) v).toEpochDay(); // Avatica's DATE: days since 1970-01-01
      default:
        return v; // Boolean, Short, Integer, Long, Float, Double, BigDecimal as they are
    }
  }
}
