package io.rocklake.engine;

import io.rocklake.catalog.ColumnType;
import io.rocklake.catalog.SqlState;
import io.rocklake.pgwire.types.PgBytes;
import io.rocklake.pgwire.types.Tid;
import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.util.NlsString;

/**
 * Evaluates the scalar expressions of the write statements and pushed-down scan filters directly
 * on the parsed tree, with PostgreSQL's semantics: three-valued logic, untyped string literals
 * that take the type of what they meet, integer/numeric promotion, {@code NOW()} as the
 * transaction's start time. It is the whole expression language of DuckDB's catalog traffic;
 * anything else is refused with 0A000 rather than guessed.
 */
final class Eval {
  private final Instant now;
  private final List<Object> params;

  Eval(Instant now, List<Object> params) {
    this.now = now;
    this.params = params;
  }

  /** A predicate's truth: TRUE, FALSE or null (unknown). */
  Boolean truth(SqlNode n, Scope s) {
    Object v = value(n, s);
    if (v == null) {
      return null;
    }
    if (v instanceof Boolean b) {
      return b;
    }
    if (v instanceof Unknown u) {
      return (Boolean) Coercions.parse(u.text(), ColumnType.BOOLEAN);
    }
    throw new EngineException(SqlState.DATATYPE_MISMATCH, "argument of WHERE must be type boolean, not type " + Coercions.typeName(v));
  }

  Object value(SqlNode n, Scope s) {
    if (n instanceof SqlLiteral lit) {
      return literal(lit);
    }
    if (n instanceof SqlIdentifier id) {
      if (isCurrentTimestamp(id)) {
        return now;
      }
      return s.column(id);
    }
    if (n instanceof SqlDynamicParam p) {
      if (p.getIndex() >= params.size()) {
        throw new EngineException(SqlState.PROTOCOL_VIOLATION, "there is no parameter $" + (p.getIndex() + 1));
      }
      return params.get(p.getIndex());
    }
    if (n instanceof SqlCall call) {
      return call(call, s);
    }
    throw EngineException.unsupported("expression not supported: " + n);
  }

  /** The kinds of call {@link #call} evaluates by kind; any other call is looked up by name in {@link #FUNCTIONS}. */
  private static final java.util.Set<SqlKind> KINDS = java.util.EnumSet.of(SqlKind.AND, SqlKind.OR, SqlKind.NOT,
      SqlKind.EQUALS, SqlKind.NOT_EQUALS, SqlKind.LESS_THAN, SqlKind.GREATER_THAN, SqlKind.LESS_THAN_OR_EQUAL,
      SqlKind.GREATER_THAN_OR_EQUAL, SqlKind.IS_NULL, SqlKind.IS_NOT_NULL, SqlKind.IS_TRUE, SqlKind.IS_FALSE,
      SqlKind.IN, SqlKind.NOT_IN, SqlKind.BETWEEN, SqlKind.CAST, SqlKind.PLUS, SqlKind.MINUS, SqlKind.TIMES,
      SqlKind.DIVIDE, SqlKind.MINUS_PREFIX);
  /** The functions {@link #call} evaluates by (upper-case) name. */
  private static final java.util.Set<String> FUNCTIONS = java.util.Set.of("COLLATE", "NOW", "CURRENT_TIMESTAMP",
      "TRANSACTION_TIMESTAMP", "CONCAT", "CHR", "COALESCE");

  /**
   * Whether every operator of the expression is one this class evaluates: a scan filter that is not
   * (LIKE, say, as Spark pushes it) is left to Calcite rather than refused half-way through a scan.
   */
  static boolean evaluates(SqlNode n) {
    if (n == null || n instanceof SqlIdentifier || n instanceof SqlDynamicParam || n instanceof SqlDataTypeSpec) {
      return true;
    }
    if (n instanceof SqlLiteral lit) {
      return lit.getTypeName() == org.apache.calcite.sql.type.SqlTypeName.NULL || lit instanceof SqlCharStringLiteral
          || lit instanceof SqlNumericLiteral || lit.getValue() instanceof Boolean;
    }
    if (n instanceof SqlNodeList list) {
      return list.getList().stream().allMatch(Eval::evaluates);
    }
    if (!(n instanceof SqlCall call)) {
      return false;
    }
    if ((call.getKind() == SqlKind.IN || call.getKind() == SqlKind.NOT_IN) && !(call.operand(1) instanceof SqlNodeList)) {
      return false;
    }
    boolean known = KINDS.contains(call.getKind())
        || FUNCTIONS.contains(call.getOperator().getName().toUpperCase(Locale.ROOT));
    return known && call.getOperandList().stream().allMatch(Eval::evaluates);
  }

  /** Unquoted CURRENT_TIMESTAMP, which the parser leaves as an identifier for the validator to resolve. */
  private static boolean isCurrentTimestamp(SqlIdentifier id) {
    return id.isSimple() && !id.isComponentQuoted(0) && id.getSimple().equalsIgnoreCase("current_timestamp");
  }

  static Object literal(SqlLiteral lit) {
    if (lit.getTypeName() == org.apache.calcite.sql.type.SqlTypeName.NULL) {
      return null;
    }
    if (lit instanceof SqlCharStringLiteral c) {
      return new Unknown(c.getValueAs(NlsString.class).getValue());
    }
    if (lit instanceof SqlNumericLiteral num) {
      BigDecimal d = num.getValueAs(BigDecimal.class);
      if (num.isExact()) {
        if (d.scale() <= 0) {
          try {
            return d.longValueExact();
          } catch (ArithmeticException tooBig) {
            return d;
          }
        }
        return d;
      }
      // A constant with an exponent (1e3, 0.1e0) is numeric in PostgreSQL, not float8.
      return d.scale() < 0 ? d.setScale(0) : d;
    }
    Object v = lit.getValue();
    if (v instanceof Boolean) {
      return v;
    }
    throw EngineException.unsupported("literal not supported: " + lit);
  }

  private Object call(SqlCall call, Scope s) {
    List<SqlNode> ops = call.getOperandList();
    SqlKind kind = call.getKind();
    switch (kind) {
      case AND: {
        boolean unknown = false;
        for (SqlNode o : ops) {
          Boolean t = truth(o, s);
          if (t == null) {
            unknown = true;
          } else if (!t) {
            return false;
          }
        }
        return unknown ? null : true;
      }
      case OR: {
        boolean unknown = false;
        for (SqlNode o : ops) {
          Boolean t = truth(o, s);
          if (t == null) {
            unknown = true;
          } else if (t) {
            return true;
          }
        }
        return unknown ? null : false;
      }
      case NOT: {
        Boolean t = truth(ops.get(0), s);
        return t == null ? null : !t;
      }
      case EQUALS: case NOT_EQUALS: case LESS_THAN: case GREATER_THAN: case LESS_THAN_OR_EQUAL:
      case GREATER_THAN_OR_EQUAL: {
        Integer c = compare(value(ops.get(0), s), value(ops.get(1), s));
        if (c == null) {
          return null;
        }
        switch (kind) {
          case EQUALS: return c == 0;
          case NOT_EQUALS: return c != 0;
          case LESS_THAN: return c < 0;
          case GREATER_THAN: return c > 0;
          case LESS_THAN_OR_EQUAL: return c <= 0;
          default: return c >= 0;
        }
      }
      case IS_NULL: return value(ops.get(0), s) == null;
      case IS_NOT_NULL: return value(ops.get(0), s) != null;
      case IS_TRUE: return Boolean.TRUE.equals(truth(ops.get(0), s));
      case IS_FALSE: return Boolean.FALSE.equals(truth(ops.get(0), s));
      case IN: case NOT_IN: {
        Object left = value(ops.get(0), s);
        if (!(ops.get(1) instanceof SqlNodeList list)) {
          throw EngineException.unsupported("IN with a subquery is not supported here");
        }
        Boolean found = left == null ? null : false;
        if (left != null) {
          for (SqlNode e : list) {
            Integer c = compare(left, value(e, s));
            if (c == null) {
              found = found == Boolean.TRUE ? true : null;
            } else if (c == 0) {
              found = true;
              break;
            }
          }
        }
        if (kind == SqlKind.IN || found == null) {
          return found;
        }
        return !found;
      }
      case BETWEEN: {
        boolean negated = ((org.apache.calcite.sql.fun.SqlBetweenOperator) call.getOperator()).isNegated();
        Object v = value(ops.get(0), s);
        Integer lo = compare(v, value(ops.get(1), s));
        Integer hi = compare(v, value(ops.get(2), s));
        Boolean r = (lo != null && lo < 0) || (hi != null && hi > 0) ? Boolean.FALSE
            : lo == null || hi == null ? null : Boolean.TRUE;
        if (r == null || !negated) {
          return r; // not a conditional expression: with !r beside it, a null r would be unboxed
        }
        return !r;
      }
      case CAST: return cast(value(ops.get(0), s), (SqlDataTypeSpec) ops.get(1));
      case PLUS: case MINUS: case TIMES: case DIVIDE: return arithmetic(kind, value(ops.get(0), s), value(ops.get(1), s));
      case MINUS_PREFIX: return arithmetic(SqlKind.TIMES, value(ops.get(0), s), -1L);
      case OTHER_FUNCTION: case OTHER: break;
      default: break;
    }
    String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
    switch (name) {
      case "COLLATE": return value(ops.get(0), s); // "C": byte order, which is how text compares here
      case "NOW": case "CURRENT_TIMESTAMP": case "TRANSACTION_TIMESTAMP": return now;
      case "CONCAT": {
        StringBuilder sb = new StringBuilder();
        for (SqlNode o : ops) {
          Object v = value(o, s);
          if (v != null) {
            sb.append(Coercions.text(v));
          }
        }
        return sb.toString();
      }
      case "CHR": {
        Object v = Coercions.to(value(ops.get(0), s), ColumnType.BIGINT, "chr");
        if (v == null) {
          return null;
        }
        long cp = (Long) v;
        if (cp == 0) {
          throw new EngineException(SqlState.PROGRAM_LIMIT_EXCEEDED, "null character not permitted");
        }
        return new String(Character.toChars((int) cp));
      }
      case "COALESCE": {
        for (SqlNode o : ops) {
          Object v = value(o, s);
          if (v != null) {
            return v;
          }
        }
        return null;
      }
      default:
        throw EngineException.unsupported("function or operator not supported in this statement: " + name);
    }
  }

  Object cast(Object v, SqlDataTypeSpec spec) {
    TypeSpecs.Resolved t = TypeSpecs.resolve(spec);
    if (v == null) {
      return null;
    }
    if (t.tid()) {
      return v instanceof Tid tid ? tid : Locators.parse(Coercions.text(v));
    }
    if (v instanceof Boolean && (t.type() == ColumnType.VARCHAR || t.type() == ColumnType.TEXT)) {
      return (Boolean) v ? "true" : "false"; // bool's cast to text is spelled out, unlike its output form
    }
    Object out = Coercions.to(v instanceof Unknown || t.type().javaClass().isInstance(v) || v instanceof Number
        || t.type() == ColumnType.VARCHAR || t.type() == ColumnType.TEXT ? v : Coercions.text(v), t.type(), "cast");
    if (out instanceof BigDecimal d && t.modifier() != null) {
      out = Coercions.assign(d, new io.rocklake.catalog.ColumnDef("cast", ColumnType.DECIMAL, false, t.modifier()));
    }
    return out;
  }

  private static Object arithmetic(SqlKind kind, Object a, Object b) {
    if (a == null || b == null) {
      return null;
    }
    if (a instanceof Unknown u) {
      a = b instanceof Long ? Coercions.parse(u.text(), ColumnType.BIGINT) : new BigDecimal(u.text().trim());
    }
    if (b instanceof Unknown u) {
      b = a instanceof Long ? Coercions.parse(u.text(), ColumnType.BIGINT) : new BigDecimal(u.text().trim());
    }
    if (!(a instanceof Number) || !(b instanceof Number)) {
      throw EngineException.unsupported("arithmetic on " + Coercions.typeName(a) + " and " + Coercions.typeName(b));
    }
    if (isIntegral(a) && isIntegral(b)) {
      long x = ((Number) a).longValue();
      long y = ((Number) b).longValue();
      try {
        switch (kind) {
          case PLUS: return Math.addExact(x, y);
          case MINUS: return Math.subtractExact(x, y);
          case TIMES: return Math.multiplyExact(x, y);
          default:
            if (y == 0) {
              throw new EngineException(SqlState.DIVISION_BY_ZERO, "division by zero");
            }
            return x / y;
        }
      } catch (ArithmeticException e) {
        throw new EngineException(SqlState.NUMERIC_VALUE_OUT_OF_RANGE, "bigint out of range");
      }
    }
    if (a instanceof Double || b instanceof Double || a instanceof Float || b instanceof Float) {
      double x = ((Number) a).doubleValue();
      double y = ((Number) b).doubleValue();
      switch (kind) {
        case PLUS: return x + y;
        case MINUS: return x - y;
        case TIMES: return x * y;
        default:
          if (y == 0) {
            throw new EngineException(SqlState.DIVISION_BY_ZERO, "division by zero"); // float8 too, unlike IEEE
          }
          return x / y;
      }
    }
    BigDecimal x = decimal(a);
    BigDecimal y = decimal(b);
    switch (kind) {
      case PLUS: return x.add(y);
      case MINUS: return x.subtract(y);
      case TIMES: return x.multiply(y);
      default:
        if (y.signum() == 0) {
          throw new EngineException(SqlState.DIVISION_BY_ZERO, "division by zero");
        }
        return x.divide(y, MathContext.DECIMAL128);
    }
  }

  private static boolean isIntegral(Object v) {
    return v instanceof Long || v instanceof Integer || v instanceof Short;
  }

  private static BigDecimal decimal(Object v) {
    return v instanceof BigDecimal d ? d : isIntegral(v) ? BigDecimal.valueOf(((Number) v).longValue())
        : BigDecimal.valueOf(((Number) v).doubleValue());
  }

  /**
   * Compares two values as PostgreSQL would after resolving their types: null if either is NULL.
   * An untyped literal takes the other side's type; numbers compare by value across widths.
   */
  static Integer compare(Object a, Object b) {
    if (a == null || b == null) {
      return null;
    }
    if (a instanceof Unknown ua && !(b instanceof Unknown)) {
      a = meet(ua, b);
    } else if (b instanceof Unknown ub && !(a instanceof Unknown)) {
      b = meet(ub, a);
    }
    if (a instanceof Unknown ua && b instanceof Unknown ub) {
      return Integer.signum(ua.text().compareTo(ub.text()));
    }
    if (a instanceof Number x && b instanceof Number y) {
      if (isIntegral(x) && isIntegral(y)) {
        return Long.compare(x.longValue(), y.longValue());
      }
      if (x instanceof Double || x instanceof Float || y instanceof Double || y instanceof Float) {
        // PostgreSQL's float order is Double.compare's (NaN greatest, equal to itself) except that -0 = 0.
        return x.doubleValue() == y.doubleValue() ? 0 : Double.compare(x.doubleValue(), y.doubleValue());
      }
      return decimal(x).compareTo(decimal(y));
    }
    if (a instanceof String x && b instanceof String y) {
      return Integer.signum(x.compareTo(y));
    }
    if (a instanceof Boolean x && b instanceof Boolean y) {
      return Boolean.compare(x, y);
    }
    if (a instanceof Instant x && b instanceof Instant y) {
      return x.compareTo(y);
    }
    if (a instanceof UUID x && b instanceof UUID y) {
      int c = Long.compareUnsigned(x.getMostSignificantBits(), y.getMostSignificantBits());
      return c != 0 ? c : Long.compareUnsigned(x.getLeastSignificantBits(), y.getLeastSignificantBits());
    }
    if (a instanceof byte[] x && b instanceof byte[] y) {
      return Arrays.compareUnsigned(x, y);
    }
    if (a instanceof LocalTime x && b instanceof LocalTime y) {
      return x.compareTo(y);
    }
    if (a instanceof LocalDate x && b instanceof LocalDate y) {
      return x.compareTo(y);
    }
    if (a instanceof java.time.LocalDateTime x && b instanceof java.time.LocalDateTime y) {
      return x.compareTo(y);
    }
    if (a instanceof Tid x && b instanceof Tid y) {
      int c = Long.compare(x.block(), y.block());
      return c != 0 ? c : Integer.compare(x.offset(), y.offset());
    }
    if (a instanceof ColumnType.Interval x && b instanceof ColumnType.Interval y) {
      return Long.compare(intervalMicros(x), intervalMicros(y));
    }
    if (a instanceof String && b instanceof Number || a instanceof Number && b instanceof String) {
      // A text column against an integer literal: PostgreSQL has no such operator.
      throw new EngineException(SqlState.UNDEFINED_FUNCTION, "operator does not exist: " + Coercions.typeName(a) + " = "
          + Coercions.typeName(b), null);
    }
    throw new EngineException(SqlState.UNDEFINED_FUNCTION, "operator does not exist: " + Coercions.typeName(a) + " = "
        + Coercions.typeName(b));
  }

  private static long intervalMicros(ColumnType.Interval i) {
    return i.micros() + i.days() * 86_400_000_000L + i.months() * 30L * 86_400_000_000L;
  }

  /** An untyped literal converted to the type of the value it meets. */
  private static Object meet(Unknown u, Object other) {
    ColumnType t = typeOf(other);
    if (t == null) {
      if (other instanceof Tid) {
        return Locators.parse(u.text());
      }
      if (other instanceof PgBytes) {
        return Coercions.bytea(u.text());
      }
      return u.text();
    }
    if (other instanceof Integer || other instanceof Short) {
      t = ColumnType.BIGINT;
    }
    return Coercions.to(u, t, "literal");
  }

  static ColumnType typeOf(Object v) {
    for (ColumnType t : ColumnType.values()) {
      if (t != ColumnType.TEXT && t.javaClass().isInstance(v)) {
        return t;
      }
    }
    return null;
  }
}
