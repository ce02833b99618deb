package io.rocklake.engine;

import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.ScanBounds;
import java.util.OptionalInt;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;

/**
 * A WHERE clause of a direct scan, UPDATE or DELETE stated as {@link ScanBounds}: its top-level
 * conjuncts of the form {@code column op constant}, {@code constant op column},
 * {@code column IN (constants)} and {@code column IS NULL}. The constants
 * are evaluated once, before the scan; a conjunct whose constant cannot be evaluated or is not an
 * integer adds no bound, and the scan's own evaluation of the whole clause decides (and reports any
 * error) as it would without the bound. Calcite plans reach the same bounds through
 * {@code io.rocklake.catalog.calcite.RexBounds}.
 */
final class WhereBounds {
  static ScanBounds of(RelationDef relation, String alias, SqlNode where, Eval eval) {
    return of(relation, alias, where, eval, Scope.NONE);
  }

  /**
   * The bounds with constants evaluated in {@code constants}: for {@code UPDATE … FROM source}, one
   * source row, so {@code WHERE table_id = tid} bounds the target's table_id by the row's tid.
   * {@code alias} is the name the statement gives the relation (null: its own name).
   */
  static ScanBounds of(RelationDef relation, String alias, SqlNode where, Eval eval, Scope constants) {
    return translate(relation, alias, where, eval, constants).bounds();
  }

  /**
   * The bounds, and whether they state the whole clause: every conjunct became a bound that admits
   * exactly the rows the conjunct is true for, with no error the conjunct could raise left unraised.
   * Then a scan need not evaluate the clause again on the rows the bounds return.
   */
  record Translation(ScanBounds bounds, boolean whole, java.util.List<ColumnComparison> comparisons) {}

  /**
   * A conjunct {@code column op constant} of any column type (the constant evaluated, a quoted one as
   * its text): what a lake table's file statistics are compared with, beyond the integer bounds.
   */
  record ColumnComparison(int column, ScanBounds.Comparison op, Object value) {}

  static Translation translate(RelationDef relation, String alias, SqlNode where, Eval eval, Scope constants) {
    ScanBounds bounds = ScanBounds.all(relation);
    boolean whole = true;
    java.util.List<ColumnComparison> comparisons = new java.util.ArrayList<>();
    if (where != null) {
      WhereBounds w = new WhereBounds(relation, alias == null ? relation.name() : alias, eval, constants);
      whole = w.add(bounds, where);
      comparisons = w.comparisons;
    }
    return new Translation(bounds, whole, java.util.List.copyOf(comparisons));
  }

  private final RelationDef relation;
  private final String name;
  private final Eval eval;
  private final Scope constants;
  private final java.util.List<ColumnComparison> comparisons = new java.util.ArrayList<>();

  private WhereBounds(RelationDef relation, String name, Eval eval, Scope constants) {
    this.relation = relation;
    this.name = name;
    this.eval = eval;
    this.constants = constants;
  }

  /** Adds the conjunct's bounds; returns whether they state it exactly (see {@link Translation}). */
  private boolean add(ScanBounds bounds, SqlNode n) {
    SqlKind kind = n.getKind();
    if (kind == SqlKind.AND) {
      boolean whole = true;
      for (SqlNode o : ((SqlCall) n).getOperandList()) {
        whole &= add(bounds, o);
      }
      return whole;
    }
    if (kind == SqlKind.IS_NULL) {
      OptionalInt c = column(((SqlCall) n).operand(0));
      if (c.isPresent()) {
        bounds.isNull(c.getAsInt());
      }
      return c.isPresent();
    }
    if (kind == SqlKind.IN && n instanceof SqlBasicCall in && in.operand(1) instanceof org.apache.calcite.sql.SqlNodeList list) {
      OptionalInt c = column(in.operand(0));
      if (c.isEmpty()) {
        return false;
      }
      java.util.List<Object> values = new java.util.ArrayList<>();
      boolean text = false;
      for (SqlNode e : list) {
        Object v = constant(e);
        text |= v instanceof String;
        values.add(v);
      }
      return bounds.in(c.getAsInt(), values) && exactFor(c.getAsInt(), text);
    }
    if (kind == SqlKind.BETWEEN && n instanceof SqlBasicCall between
        && between.getOperator() instanceof org.apache.calcite.sql.fun.SqlBetweenOperator b && !b.isNegated()
        && b.flag != org.apache.calcite.sql.fun.SqlBetweenOperator.Flag.SYMMETRIC) {
      // column BETWEEN low AND high: column >= low and column <= high. The clause is still evaluated
      // (not stated whole), so a bound that does not apply changes nothing.
      OptionalInt c = column(between.operand(0));
      if (c.isPresent()) {
        Object low = constant(between.operand(1));
        Object high = constant(between.operand(2));
        bounds.compare(c.getAsInt(), ScanBounds.Comparison.GREATER_OR_EQUAL, low);
        bounds.compare(c.getAsInt(), ScanBounds.Comparison.LESS_OR_EQUAL, high);
        comparisons.add(new ColumnComparison(c.getAsInt(), ScanBounds.Comparison.GREATER_OR_EQUAL, low));
        comparisons.add(new ColumnComparison(c.getAsInt(), ScanBounds.Comparison.LESS_OR_EQUAL, high));
      }
      return false;
    }
    ScanBounds.Comparison op = io.rocklake.catalog.calcite.RexBounds.comparison(kind);
    if (op == null || !(n instanceof SqlBasicCall call) || call.operandCount() != 2) {
      return false;
    }
    OptionalInt left = column(call.operand(0));
    OptionalInt right = column(call.operand(1));
    if (left.isPresent() && right.isEmpty()) {
      Object v = constant(call.operand(1));
      comparisons.add(new ColumnComparison(left.getAsInt(), op, v));
      return bounds.compare(left.getAsInt(), op, v) && exactFor(left.getAsInt(), v instanceof String);
    } else if (right.isPresent() && left.isEmpty()) {
      Object v = constant(call.operand(0));
      comparisons.add(new ColumnComparison(right.getAsInt(), op.reversed(), v));
      return bounds.compare(right.getAsInt(), op.reversed(), v) && exactFor(right.getAsInt(), v instanceof String);
    }
    return false;
  }

  /**
   * Whether a bound on the column states its conjunct exactly. A quoted constant takes the column's
   * type in PostgreSQL and fails when it does not fit: it does so for a BIGINT (the bound read it as a
   * long), not for a narrower integer, whose range error only the evaluation raises.
   */
  private boolean exactFor(int column, boolean text) {
    return !text || relation.columns().get(column).type() == io.rocklake.catalog.ColumnType.BIGINT;
  }

  /** The relation's column an identifier names: unqualified, or qualified by the relation's name. */
  private OptionalInt column(SqlNode n) {
    if (!(n instanceof SqlIdentifier id) || id.names.size() > 1 && !id.names.get(id.names.size() - 2).equals(name)) {
      return OptionalInt.empty();
    }
    return relation.columnIndex(id.names.get(id.names.size() - 1));
  }

  /** The constant's value as a bound takes it ({@code '5'} as its text), or null if it has none. */
  private Object constant(SqlNode n) {
    if (n instanceof SqlIdentifier id && id.names.size() > 1 && id.names.get(id.names.size() - 2).equals(name)) {
      return null; // another column of the relation itself: no constant
    }
    Object v;
    try {
      v = eval.value(n, constants);
    } catch (RuntimeException notAConstant) {
      return null;
    }
    return v instanceof Unknown u ? u.text() : v;
  }
}
