package io.rocklake.catalog.calcite;

import com.google.common.collect.BoundType;
import com.google.common.collect.Range;
import io.rocklake.catalog.ScanBounds;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUnknownAs;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.Sarg;
import org.apache.calcite.util.TimestampString;

/**
 * A Calcite filter over a lake table's scan as the comparisons its files' statistics are checked
 * against: the conjuncts {@code $column op literal} (either way round) and single-range
 * {@code SEARCH}es (BETWEEN, ranges), with literals of text, numbers, dates and timestamps, and the
 * engine's PostgreSQL-order float comparisons ({@code pg_float_compare(a, b) op 0}) as {@code a op b}. Carried in
 * the scan's generated code as text ({@link #text}, {@link #parse}), so the code holds no planning
 * object. The filter above the scan still decides every row: these only leave out files.
 */
final class LakePruningTerms {
  private LakePruningTerms() {}

  /** {@code column op value}, the column a position in the scan's input row. */
  record Term(int column, ScanBounds.Comparison op, Object value) {}

  static List<Term> of(RexNode condition) {
    List<Term> out = new ArrayList<>();
    for (RexNode conjunct : RelOptUtil.conjunctions(condition)) {
      if (!(conjunct instanceof RexCall call)) {
        continue;
      }
      if (call.getKind() == SqlKind.SEARCH) {
        search(out, call);
        continue;
      }
      ScanBounds.Comparison op = RexBounds.comparison(call.getKind());
      if (op == null || call.getOperands().size() != 2) {
        continue;
      }
      List<RexNode> compared = floatCompared(call);
      RexNode a = widened(compared.get(0));
      RexNode b = widened(compared.get(1));
      if (b instanceof RexInputRef && a instanceof RexLiteral) {
        RexNode t = a;
        a = b;
        b = t;
        op = op.reversed();
      }
      if (a instanceof RexInputRef ref && b instanceof RexLiteral lit) {
        Object v = literal(lit);
        if (v != null) {
          out.add(new Term(ref.getIndex(), op, v));
        }
      }
    }
    return out;
  }

  /** The name of the engine's PostgreSQL-order float comparison, {@code pg_float_compare(a, b)} (-1, 0, 1). */
  static final String FLOAT_COMPARE = "pg_float_compare";

  /**
   * The two sides a comparison compares: {@code op(pg_float_compare(a, b), 0)} — how the engine writes
   * every comparison of a float in PostgreSQL's order (NaN above every number), which is the order
   * {@code FileRanges} keeps floats in — compares {@code a} with {@code b}; any other comparison its
   * own operands.
   */
  private static List<RexNode> floatCompared(RexCall call) {
    if (call.getOperands().get(0) instanceof RexCall f && FLOAT_COMPARE.equals(f.getOperator().getName())
        && f.getOperands().size() == 2 && call.getOperands().get(1) instanceof RexLiteral zero
        && zero.getValueAs(BigDecimal.class) != null && zero.getValueAs(BigDecimal.class).signum() == 0) {
      return List.of(floatColumn(f.getOperands().get(0)), floatColumn(f.getOperands().get(1)));
    }
    return call.getOperands();
  }

  /**
   * A float column cast to DOUBLE ({@code pg_float_compare} takes doubles) as the column itself: every
   * {@code float32} is exactly a double, so the cast keeps the column's order. A cast of any other
   * column (a bigint past 2^53, a decimal) may merge values and is kept as it is, pruning nothing.
   */
  private static RexNode floatColumn(RexNode n) {
    if (n instanceof RexCall c && c.getKind() == SqlKind.CAST
        && c.getType().getSqlTypeName() == org.apache.calcite.sql.type.SqlTypeName.DOUBLE
        && c.getOperands().get(0) instanceof RexInputRef ref
        && (ref.getType().getSqlTypeName() == org.apache.calcite.sql.type.SqlTypeName.REAL
            || ref.getType().getSqlTypeName() == org.apache.calcite.sql.type.SqlTypeName.FLOAT
            || ref.getType().getSqlTypeName() == org.apache.calcite.sql.type.SqlTypeName.DOUBLE)) {
      return ref;
    }
    return n;
  }

  /**
   * A number literal cast to DOUBLE (how Calcite compares a double column with {@code 21000}) as the
   * literal itself: the cast changes no number's value the comparison could tell from it. Anything
   * else as it is.
   */
  private static RexNode widened(RexNode n) {
    if (n instanceof RexCall c && c.getKind() == SqlKind.CAST
        && c.getType().getSqlTypeName() == org.apache.calcite.sql.type.SqlTypeName.DOUBLE
        && c.getOperands().get(0) instanceof RexLiteral lit
        && lit.getTypeName().getFamily() == org.apache.calcite.sql.type.SqlTypeFamily.NUMERIC) {
      return lit;
    }
    return n;
  }

  private static void search(List<Term> out, RexCall call) {
    if (!(call.getOperands().get(0) instanceof RexInputRef ref) || !(call.getOperands().get(1) instanceof RexLiteral lit)) {
      return;
    }
    Sarg<?> sarg = lit.getValueAs(Sarg.class);
    if (sarg == null || sarg.nullAs == RexUnknownAs.TRUE || sarg.rangeSet.isEmpty()) {
      return;
    }
    // The span of all the ranges (an IN list's lowest to highest value) holds every kept value.
    Range<?> span = sarg.rangeSet.span();
    if (span.hasLowerBound()) {
      Object v = value(span.lowerEndpoint());
      if (v != null) {
        out.add(new Term(ref.getIndex(), span.lowerBoundType() == BoundType.CLOSED
            ? ScanBounds.Comparison.GREATER_OR_EQUAL : ScanBounds.Comparison.GREATER, v));
      }
    }
    if (span.hasUpperBound()) {
      Object v = value(span.upperEndpoint());
      if (v != null) {
        out.add(new Term(ref.getIndex(), span.upperBoundType() == BoundType.CLOSED
            ? ScanBounds.Comparison.LESS_OR_EQUAL : ScanBounds.Comparison.LESS, v));
      }
    }
  }

  /** A literal's value by its type (RexLiteral.getValue() gives a DATE as a Calendar). */
  private static Object literal(RexLiteral lit) {
    switch (lit.getTypeName().getFamily() == null ? org.apache.calcite.sql.type.SqlTypeFamily.ANY
        : lit.getTypeName().getFamily()) {
      case CHARACTER: return lit.getValueAs(String.class);
      case NUMERIC: return lit.getValueAs(BigDecimal.class);
      case DATE: return value(lit.getValueAs(DateString.class));
      case TIMESTAMP: return lit.getTypeName() == org.apache.calcite.sql.type.SqlTypeName.TIMESTAMP
          ? value(lit.getValueAs(TimestampString.class)) : null;
      default: return null;
    }
  }

  /** A literal's value as the engine's constants are: String, BigDecimal, Double, LocalDate, LocalDateTime. */
  private static Object value(Object literal) {
    if (literal instanceof NlsString s) return s.getValue();
    if (literal instanceof String s) return s;
    if (literal instanceof BigDecimal d) return d;
    if (literal instanceof Double d) return d;
    if (literal instanceof DateString d) return LocalDate.parse(d.toString());
    if (literal instanceof TimestampString t) return LocalDateTime.parse(t.toString().replace(' ', 'T'));
    return null;
  }

  /** The terms as text: {@code column:op:kind:base64(value)} joined by {@code ;}. */
  static String text(List<Term> terms, int[] positionOfColumn) {
    StringBuilder b = new StringBuilder();
    for (Term t : terms) {
      Object v = t.value();
      String kind = v instanceof String ? "S" : v instanceof BigDecimal ? "N" : v instanceof Double ? "F"
          : v instanceof LocalDate ? "D" : "T";
      if (b.length() > 0) {
        b.append(';');
      }
      b.append(positionOfColumn[t.column()]).append(':').append(t.op().name()).append(':').append(kind).append(':')
          .append(Base64.getEncoder().encodeToString(v.toString().getBytes(StandardCharsets.UTF_8)));
    }
    return b.toString();
  }

  /** The terms {@link #text} wrote, columns as the table's column positions. */
  static List<Term> parse(String text) {
    List<Term> out = new ArrayList<>();
    if (text.isEmpty()) {
      return out;
    }
    for (String part : text.split(";")) {
      String[] f = part.split(":", 4);
      String v = new String(Base64.getDecoder().decode(f[3]), StandardCharsets.UTF_8);
      Object value = switch (f[2]) {
        case "S" -> v;
        case "N" -> new BigDecimal(v);
        case "F" -> Double.valueOf(v);
        case "D" -> LocalDate.parse(v);
        default -> LocalDateTime.parse(v);
      };
      out.add(new Term(Integer.parseInt(f[0]), ScanBounds.Comparison.valueOf(f[1]), value));
    }
    return out;
  }
}
