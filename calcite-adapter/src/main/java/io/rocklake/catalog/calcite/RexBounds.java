package io.rocklake.catalog.calcite;

import com.google.common.collect.BoundType;
import com.google.common.collect.Range;
import io.rocklake.catalog.ScanBounds;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUnknownAs;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.Sarg;

/**
 * A Calcite filter over a catalog relation stated as a {@link BoundsTemplate}: its conjuncts of the
 * form {@code $column op constant} (either way round, constants being integer literals or statement
 * parameters, possibly cast), single-range {@code SEARCH}es and {@code IS NULL}. The direct scans reach
 * the same {@link io.rocklake.catalog.ScanBounds} through {@code io.rocklake.engine.WhereBounds}; what
 * neither can state adds no bound, and the filter above the scan still evaluates the whole condition.
 */
public final class RexBounds {
  private RexBounds() {}

  static BoundsTemplate of(RexNode condition) {
    List<BoundsTemplate.Term> terms = new ArrayList<>();
    for (RexNode conjunct : RelOptUtil.conjunctions(condition)) {
      add(terms, conjunct);
    }
    return new BoundsTemplate(terms);
  }

  private static void add(List<BoundsTemplate.Term> terms, RexNode n) {
    if (!(n instanceof RexCall call)) {
      return;
    }
    SqlKind kind = call.getKind();
    if (kind == SqlKind.IS_NULL && call.getOperands().get(0) instanceof RexInputRef ref) {
      terms.add(new BoundsTemplate.Term(ref.getIndex(), null, -1, 0));
      return;
    }
    if (kind == SqlKind.SEARCH) {
      search(terms, call);
      return;
    }
    ScanBounds.Comparison op = comparison(kind);
    if (op == null || call.getOperands().size() != 2) {
      return;
    }
    RexNode a = call.getOperands().get(0);
    RexNode b = call.getOperands().get(1);
    if (b instanceof RexInputRef && !(a instanceof RexInputRef)) {
      RexNode t = a;
      a = b;
      b = t;
      op = op.reversed();
    }
    if (a instanceof RexInputRef ref) {
      BoundsTemplate.Term t = term(ref.getIndex(), op, b);
      if (t != null) {
        terms.add(t);
      }
    }
  }

  /** {@code SEARCH($c, Sarg[...])}, Calcite's form of ranges and IN lists: bounded if it is one range. */
  private static void search(List<BoundsTemplate.Term> terms, RexCall call) {
    if (!(call.getOperands().get(0) instanceof RexInputRef ref) || !(call.getOperands().get(1) instanceof RexLiteral lit)) {
      return;
    }
    Sarg<?> sarg = lit.getValueAs(Sarg.class);
    if (sarg == null || sarg.nullAs == RexUnknownAs.TRUE || sarg.rangeSet.asRanges().size() != 1) {
      return;
    }
    Range<?> range = sarg.rangeSet.asRanges().iterator().next();
    Long low = range.hasLowerBound() ? ScanBounds.integral(range.lowerEndpoint()) : null;
    Long high = range.hasUpperBound() ? ScanBounds.integral(range.upperEndpoint()) : null;
    if (range.hasLowerBound() && low != null) {
      terms.add(new BoundsTemplate.Term(ref.getIndex(), range.lowerBoundType() == BoundType.CLOSED
          ? ScanBounds.Comparison.GREATER_OR_EQUAL : ScanBounds.Comparison.GREATER, -1, low));
    }
    if (range.hasUpperBound() && high != null) {
      terms.add(new BoundsTemplate.Term(ref.getIndex(), range.upperBoundType() == BoundType.CLOSED
          ? ScanBounds.Comparison.LESS_OR_EQUAL : ScanBounds.Comparison.LESS, -1, high));
    }
  }

  private static BoundsTemplate.Term term(int column, ScanBounds.Comparison op, RexNode operand) {
    while (operand.getKind() == SqlKind.CAST) {
      operand = ((RexCall) operand).getOperands().get(0);
    }
    if (operand instanceof RexDynamicParam p) {
      return new BoundsTemplate.Term(column, op, p.getIndex(), 0);
    }
    if (operand instanceof RexLiteral lit) {
      Object v = lit.getValue();
      Long exact = ScanBounds.integral(v instanceof NlsString s ? s.getValue() : v);
      return exact == null ? null : new BoundsTemplate.Term(column, op, -1, exact);
    }
    return null;
  }

  /** The comparison a SQL operator kind states, or null: shared with the direct scans. */
  public static ScanBounds.Comparison comparison(SqlKind kind) {
    switch (kind) {
      case EQUALS: return ScanBounds.Comparison.EQUAL;
      case LESS_THAN: return ScanBounds.Comparison.LESS;
      case LESS_THAN_OR_EQUAL: return ScanBounds.Comparison.LESS_OR_EQUAL;
      case GREATER_THAN: return ScanBounds.Comparison.GREATER;
      case GREATER_THAN_OR_EQUAL: return ScanBounds.Comparison.GREATER_OR_EQUAL;
      default: return null;
    }
  }
}
