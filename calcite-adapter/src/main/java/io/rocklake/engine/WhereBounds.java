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
  private WhereBounds() {}

  static ScanBounds of(RelationDef relation, SqlNode where, Eval eval) {
    ScanBounds bounds = ScanBounds.all(relation);
    if (where != null) {
      add(bounds, relation, where, eval);
    }
    return bounds;
  }

  private static void add(ScanBounds bounds, RelationDef relation, SqlNode n, Eval eval) {
    SqlKind kind = n.getKind();
    if (kind == SqlKind.AND) {
      for (SqlNode o : ((SqlCall) n).getOperandList()) {
        add(bounds, relation, o, eval);
      }
      return;
    }
    if (kind == SqlKind.IS_NULL) {
      OptionalInt c = column(relation, ((SqlCall) n).operand(0));
      if (c.isPresent()) {
        bounds.isNull(c.getAsInt());
      }
      return;
    }
    if (kind == SqlKind.IN && n instanceof SqlBasicCall in && in.operand(1) instanceof org.apache.calcite.sql.SqlNodeList list) {
      OptionalInt c = column(relation, in.operand(0));
      if (c.isPresent()) {
        java.util.List<Object> values = new java.util.ArrayList<>();
        for (SqlNode e : list) {
          values.add(constant(e, eval));
        }
        bounds.in(c.getAsInt(), values);
      }
      return;
    }
    ScanBounds.Comparison op = io.rocklake.catalog.calcite.RexBounds.comparison(kind);
    if (op == null || !(n instanceof SqlBasicCall call) || call.operandCount() != 2) {
      return;
    }
    OptionalInt left = column(relation, call.operand(0));
    OptionalInt right = column(relation, call.operand(1));
    if (left.isPresent() && right.isEmpty()) {
      bounds.compare(left.getAsInt(), op, constant(call.operand(1), eval));
    } else if (right.isPresent() && left.isEmpty()) {
      bounds.compare(right.getAsInt(), op.reversed(), constant(call.operand(0), eval));
    }
  }

  private static OptionalInt column(RelationDef relation, SqlNode n) {
    return n instanceof SqlIdentifier id ? relation.columnIndex(id.names.get(id.names.size() - 1)) : OptionalInt.empty();
  }

  /** The constant's value as a bound takes it ({@code '5'} as its text), or null if it has none. */
  private static Object constant(SqlNode n, Eval eval) {
    Object v;
    try {
      v = eval.value(n, Scope.NONE);
    } catch (RuntimeException notAConstant) {
      return null;
    }
    return v instanceof Unknown u ? u.text() : v;
  }
}
