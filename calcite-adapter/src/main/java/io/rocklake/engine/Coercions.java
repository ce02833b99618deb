package io.rocklake.engine;

import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.ColumnType;
import io.rocklake.catalog.SqlState;
import io.rocklake.pgwire.types.PgBytes;
import io.rocklake.pgwire.types.PgCodecException;
import io.rocklake.pgwire.types.PgInterval;
import io.rocklake.pgwire.types.PgType;
import io.rocklake.pgwire.types.Tid;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.UUID;

/**
 * PostgreSQL's conversions between the values the engine meets: untyped string literals
 * ({@link Unknown}) take the type they are assigned to or compared with; integer literals may be
 * stored in text columns (an assignment cast); explicit casts go through the text form as
 * PostgreSQL's I/O conversions do. Catalog values use {@link ColumnType#javaClass()}; results use
 * the codecs' Java types, converted by {@link #toWire}.
 */
final class Coercions {
  private Coercions() {}

  /** A value for a column of this type (INSERT, UPDATE SET, COPY): an assignment cast. */
  static Object assign(Object v, ColumnDef column) {
    Object out = to(v, column.type(), column.name());
    if (out instanceof BigDecimal d && column.numeric().isPresent()) {
      out = scaled(d, column.numeric().get());
    }
    return out;
  }

  /** An explicit or implicit conversion to a column type. */
  static Object to(Object v, ColumnType type, String what) {
    if (v == null) {
      return null;
    }
    if (type.javaClass().isInstance(v)) {
      return v;
    }
    try {
      if (v instanceof Unknown u) {
        return parse(u.text(), type);
      }
      if (v instanceof Number n && isNumeric(type)) {
        return number(n, type);
      }
      if (type == ColumnType.VARCHAR || type == ColumnType.TEXT) {
        return text(v);
      }
      if (v instanceof String s) {
        return parse(s, type);
      }
      if (v instanceof PgBytes b && type == ColumnType.BYTEA) {
        return b.toByteArray();
      }
      if (v instanceof PgInterval i && type == ColumnType.INTERVAL) {
        return new ColumnType.Interval(i.months(), i.days(), i.micros());
      }
    } catch (NumberFormatException | PgCodecException | ArithmeticException e) {
      throw invalid(type, v, e);
    }
    throw new EngineException(SqlState.DATATYPE_MISMATCH, "column \"" + what + "\" is of type " + type.sqlName().toLowerCase()
        + " but expression is of type " + typeName(v));
  }

  private static EngineException invalid(ColumnType type, Object v, Exception e) {
    if (e instanceof ArithmeticException) {
      return new EngineException(SqlState.NUMERIC_VALUE_OUT_OF_RANGE, typeName(type) + " out of range");
    }
    String text = v instanceof Unknown u ? u.text() : String.valueOf(v);
    if ((type == ColumnType.BIGINT || type == ColumnType.INTEGER || type == ColumnType.SMALLINT)
        && text.trim().matches("[+-]?[0-9]+")) {
      // Well-formed but too big: PostgreSQL's integer input says so, with another SQLSTATE.
      return new EngineException(SqlState.NUMERIC_VALUE_OUT_OF_RANGE, "value \"" + text + "\" is out of range for type " + typeName(type));
    }
    switch (type) {
      case TIMESTAMPTZ: case TIMESTAMP: case DATE: case TIME: case TIMETZ:
        // PostgreSQL's datetime input has its own SQLSTATE; the codec's message names the type as it does.
        return new EngineException(SqlState.INVALID_DATETIME_FORMAT, e instanceof PgCodecException ? e.getMessage()
            : "invalid input syntax for type " + typeName(type) + ": \"" + text + "\"");
      default:
        return new EngineException(SqlState.INVALID_TEXT_REPRESENTATION, "invalid input syntax for type " + typeName(type)
            + ": \"" + text + "\"");
    }
  }

  static boolean isNumeric(ColumnType t) {
    switch (t) {
      case BIGINT: case INTEGER: case SMALLINT: case REAL: case DOUBLE: case DECIMAL: return true;
      default: return false;
    }
  }

  private static Object number(Number n, ColumnType type) {
    BigDecimal d = n instanceof BigDecimal b ? b : n instanceof Double || n instanceof Float
        ? BigDecimal.valueOf(n.doubleValue()) : BigDecimal.valueOf(n.longValue());
    switch (type) {
      case BIGINT: return d.setScale(0, RoundingMode.HALF_UP).longValueExact();
      case INTEGER: return d.setScale(0, RoundingMode.HALF_UP).intValueExact();
      case SMALLINT: return d.setScale(0, RoundingMode.HALF_UP).shortValueExact();
      case REAL: return n.floatValue();
      case DOUBLE: return n.doubleValue();
      default: return d;
    }
  }

  private static BigDecimal scaled(BigDecimal d, ColumnDef.Numeric numeric) {
    int precision = numeric.precision();
    int scale = numeric.scale();
    BigDecimal s = d.setScale(scale, RoundingMode.HALF_UP);
    if (s.precision() - s.scale() > precision - scale) {
      throw new EngineException(SqlState.NUMERIC_VALUE_OUT_OF_RANGE, "numeric field overflow",
          "A field with precision " + precision + ", scale " + scale + " must round to an absolute value less than 10^"
              + (precision - scale) + ".");
    }
    return s;
  }

  /** Parses PostgreSQL's text input of a type. */
  static Object parse(String text, ColumnType type) {
    switch (type) {
      case BIGINT: return Long.parseLong(text.trim());
      case INTEGER: return Integer.parseInt(text.trim());
      case SMALLINT: return Short.parseShort(text.trim());
      case VARCHAR: case TEXT: return text;
      case BOOLEAN: return PgType.BOOL.codec().decodeText(text);
      case TIMESTAMPTZ: return PgType.TIMESTAMPTZ.codec().decodeText(text);
      case TIMESTAMP: return PgType.TIMESTAMP.codec().decodeText(text);
      case UUID: return PgType.UUID.codec().decodeText(text);
      case REAL: return (Float) PgType.FLOAT4.codec().decodeText(text);
      case DOUBLE: return (Double) PgType.FLOAT8.codec().decodeText(text);
      case DECIMAL: return new BigDecimal(text.trim());
      case BYTEA: return bytea(text);
      case TIME: return PgType.TIME.codec().decodeText(text);
      case TIMETZ: return PgType.TIMETZ.codec().decodeText(text);
      case INTERVAL: {
        PgInterval i = (PgInterval) PgType.INTERVAL.codec().decodeText(text);
        return new ColumnType.Interval(i.months(), i.days(), i.micros());
      }
      case DATE: return PgType.DATE.codec().decodeText(text);
      default: throw new IllegalArgumentException(type.name());
    }
  }

  /** bytea input: hex ({@code \x0a1b}) or escape format (backslash-octal, doubled backslash). */
  static byte[] bytea(String text) {
    if (text.startsWith("\\x")) {
      return ((PgBytes) PgType.BYTEA.codec().decodeText(text)).toByteArray();
    }
    byte[] raw = text.getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length);
    for (int i = 0; i < raw.length; i++) {
      if (raw[i] != '\\') {
        out.write(raw[i]);
      } else if (i + 1 < raw.length && raw[i + 1] == '\\') {
        out.write('\\');
        i++;
      } else if (i + 3 < raw.length && isOctal(raw[i + 1]) && isOctal(raw[i + 2]) && isOctal(raw[i + 3])) {
        out.write(((raw[i + 1] - '0') << 6) | ((raw[i + 2] - '0') << 3) | (raw[i + 3] - '0'));
        i += 3;
      } else {
        throw new PgCodecException("invalid input syntax for type bytea");
      }
    }
    return out.toByteArray();
  }

  private static boolean isOctal(byte b) {
    return b >= '0' && b <= '7';
  }

  /** The text form of a value, as PostgreSQL's output functions write it. */
  static String text(Object v) {
    if (v == null) {
      return null;
    }
    if (v instanceof Unknown u) {
      return u.text();
    }
    if (v instanceof String s) {
      return s;
    }
    Object w = toWire(v);
    PgType t = wireType(w);
    return t.codec().encodeTextObject(w);
  }

  /** A catalog value in its codec's Java type (byte[] → PgBytes, Interval → PgInterval). */
  static Object toWire(Object v) {
    if (v instanceof byte[] b) {
      return PgBytes.copyOf(b);
    }
    if (v instanceof ColumnType.Interval i) {
      return new PgInterval(i.months(), i.days(), i.micros());
    }
    if (v instanceof Unknown u) {
      return u.text();
    }
    return v;
  }

  /** The PostgreSQL type of a value by its Java class, for values without a declared type. */
  static PgType wireType(Object v) {
    if (v instanceof Long) return PgType.INT8;
    if (v instanceof Integer) return PgType.INT4;
    if (v instanceof Short) return PgType.INT2;
    if (v instanceof Boolean) return PgType.BOOL;
    if (v instanceof BigDecimal) return PgType.NUMERIC;
    if (v instanceof Double) return PgType.FLOAT8;
    if (v instanceof Float) return PgType.FLOAT4;
    if (v instanceof Instant) return PgType.TIMESTAMPTZ;
    if (v instanceof UUID) return PgType.UUID;
    if (v instanceof PgBytes) return PgType.BYTEA;
    if (v instanceof LocalTime) return PgType.TIME;
    if (v instanceof java.time.OffsetTime) return PgType.TIMETZ;
    if (v instanceof LocalDate) return PgType.DATE;
    if (v instanceof PgInterval) return PgType.INTERVAL;
    if (v instanceof Tid) return PgType.TID;
    return PgType.TEXT;
  }

  static PgType pgType(ColumnType t) {
    return PgType.byOid(t.pgOid()).orElseThrow();
  }

  static String typeName(ColumnType t) {
    switch (t) {
      case BIGINT: return "bigint";
      case INTEGER: return "integer";
      case SMALLINT: return "smallint";
      case VARCHAR: return "character varying";
      case TIMESTAMPTZ: return "timestamp with time zone";
      case TIMESTAMP: return "timestamp without time zone";
      case REAL: return "real";
      case DOUBLE: return "double precision";
      case DECIMAL: return "numeric";
      case TIME: return "time without time zone";
      case TIMETZ: return "time with time zone";
      default: return t.sqlName().toLowerCase();
    }
  }

  /** The type of a value as PostgreSQL's messages name it ({@code format_type}: boolean, not bool). */
  static String typeName(Object v) {
    if (v instanceof Unknown) return "unknown";
    if (v instanceof Tid) return "tid";
    if (v instanceof String) return "text";
    PgType t = wireType(toWire(v));
    switch (t) {
      case INT8: return "bigint";
      case INT4: return "integer";
      case INT2: return "smallint";
      case BOOL: return "boolean";
      case FLOAT8: return "double precision";
      case FLOAT4: return "real";
      case TIMESTAMPTZ: return "timestamp with time zone";
      case TIME: return "time without time zone";
      case TIMETZ: return "time with time zone";
      default: return t.typname();
    }
  }
}
