package io.rocklake.engine;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Lifts the literals a statement compares with ({@code relname = 'x'}, {@code IN ('a', 'b')},
 * {@code LIKE 'rds%'}, {@code column_id = 5}) out of the tree, replacing them with dynamic
 * parameters, so that statements differing only in those literals share one compiled plan. Literals
 * elsewhere (select lists, function arguments) stay: Calcite must see them to type the query.
 */
final class LiteralParameters {
  private LiteralParameters() {}

  /** Rewrites the statement in place; returns the lifted values in parameter order, or null if it has $n already. */
  static List<Object> lift(SqlNode statement) {
    boolean[] hasParams = {false};
    statement.accept(new SqlBasicVisitor<Void>() {
      @Override public Void visit(SqlDynamicParam param) {
        hasParams[0] = true;
        return null;
      }
    });
    if (hasParams[0]) {
      return null;
    }
    List<Object> values = new ArrayList<>();
    statement.accept(new SqlBasicVisitor<Void>() {
      @Override public Void visit(SqlCall call) {
        if (call instanceof SqlSelect select) {
          visitSelect(select);
          return null;
        }
        // ORDER BY's keys stay as written, like the select list (psql sorts by
        // pg_get_expr(...) = 'DEFAULT'): Calcite matches them against the select list by their text.
        if (call instanceof org.apache.calcite.sql.SqlOrderBy orderBy) {
          orderBy.query.accept(this);
          return null;
        }
        if (call instanceof SqlBasicCall basic && liftsOperands(call.getKind())) {
          for (int i = 1; i < basic.operandCount(); i++) {
            SqlNode o = basic.operand(i);
            if (liftable(o)) {
              basic.setOperand(i, param(o, values));
            } else if (o instanceof SqlNodeList list && call.getKind() == SqlKind.IN) {
              for (int k = 0; k < list.size(); k++) {
                if (liftable(list.get(k))) {
                  list.set(k, param(list.get(k), values));
                }
              }
            }
          }
        }
        return super.visit(call);
      }

      private void visitSelect(SqlSelect select) {
        // The select list is visited for nested subqueries only; its own literals stay.
        for (SqlNode n : new SqlNode[] {select.getFrom(), select.getWhere(), select.getHaving()}) {
          if (n != null) {
            n.accept(this);
          }
        }
        for (SqlNode item : select.getSelectList()) {
          if (item instanceof SqlSelect) {
            item.accept(this);
          } else if (item instanceof SqlCall c) {
            for (SqlNode o : c.getOperandList()) {
              if (o instanceof SqlSelect) {
                o.accept(this);
              }
            }
          }
        }
      }
    });
    return values;
  }

  private static boolean liftsOperands(SqlKind kind) {
    switch (kind) {
      case EQUALS: case NOT_EQUALS: case LESS_THAN: case GREATER_THAN: case LESS_THAN_OR_EQUAL:
      case GREATER_THAN_OR_EQUAL: case IN: case NOT_IN: case LIKE:
        return true;
      default:
        return false;
    }
  }

  /**
   * Typed datetime and interval literals ({@code TIMESTAMP '2024-02-29 12:34:56.789012'}) stay: a
   * parameter would have to be typed from text, and Calcite reads them exactly where they are.
   */
  private static boolean liftable(SqlNode n) {
    return n instanceof SqlLiteral lit && lit.getTypeName() != SqlTypeName.NULL && lit.getTypeName() != SqlTypeName.SYMBOL
        && lit.getTypeName() != SqlTypeName.BOOLEAN && !(lit instanceof org.apache.calcite.sql.SqlAbstractDateTimeLiteral)
        && !(lit instanceof org.apache.calcite.sql.SqlIntervalLiteral) && !(lit instanceof org.apache.calcite.sql.SqlUnknownLiteral);
  }

  private static SqlNode param(SqlNode literal, List<Object> values) {
    values.add(Eval.literal((SqlLiteral) literal));
    return new SqlDynamicParam(values.size() - 1, literal.getParserPosition());
  }
}
