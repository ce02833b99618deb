package io.rocklake.sql.fingerprint;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDdl;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.type.SqlTypeName;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Turns a statement's AST into its shape, in place:
 * <ul>
 *   <li>every value literal (numbers, strings, booleans, NULL, dates, intervals; a signed number
 *       and a chain of adjacent string literals count as one literal) becomes a {@code ?} placeholder;</li>
 *   <li>an IN list keeps only its first element;</li>
 *   <li>a multi-row VALUES keeps only its first row.</li>
 * </ul>
 * Structural literals stay: symbols (DISTINCT, join types, ...), the flags of joins, WITH
 * items, windows and DDL statements, and column positions in ORDER BY / GROUP BY. The tree is mutated, so callers pass a copy they own.
 */
final class ShapeNormalizer {
  private int placeholders;

  private ShapeNormalizer() {
  }

  /** Normalizes {@code statement}; returns the node that replaces it (usually itself). */
  static SqlNode normalize(SqlNode statement) {
    final SqlNode shape = new ShapeNormalizer().visit(statement);
    return shape == null ? statement : shape;
  }

  private @Nullable SqlNode visit(@Nullable SqlNode node) {
    if (node == null) {
      return null;
    }
    if (node instanceof SqlLiteral literal) {
      return isValue(literal) ? placeholder(literal) : literal;
    }
    if (node instanceof SqlNodeList list) {
      for (int i = 0; i < list.size(); i++) {
        final SqlNode child = list.get(i);
        final SqlNode replacement = visit(child);
        if (replacement != child) {
          list.set(i, replacement);
        }
      }
      return list;
    }
    if (node instanceof SqlCall call) {
      return visitCall(call);
    }
    return node;
  }

  private SqlNode visitCall(SqlCall call) {
    // 'a' 'b' (adjacent string literals) is one value; its operator renders literal operands only.
    if (isSignedNumber(call) || call.getKind() == SqlKind.LITERAL_CHAIN) {
      return placeholder(call);
    }
    if (call.getKind() == SqlKind.VALUES && call.operandCount() > 1) {
      call = new SqlBasicCall(call.getOperator(), List.of(call.operand(0)),
          call.getParserPosition());
    }
    if ((call.getKind() == SqlKind.IN || call.getKind() == SqlKind.NOT_IN)
        && call.operand(1) instanceof SqlNodeList list && list.size() > 1) {
      call.setOperand(1, new SqlNodeList(List.of(list.get(0)), list.getParserPosition()));
    }
    // Literal operands of these are flags (NATURAL, RECURSIVE, IF NOT EXISTS, ROWS, ...), not values.
    final boolean keepLiteralOperands = call instanceof SqlJoin || call instanceof SqlWithItem
        || call instanceof SqlDdl || call instanceof SqlWindow;
    final List<@Nullable SqlNode> operands = new ArrayList<>(call.getOperandList());
    boolean changed = false;
    for (int i = 0; i < operands.size(); i++) {
      final SqlNode child = operands.get(i);
      if (child == null || (keepLiteralOperands && child instanceof SqlLiteral)) {
        continue;
      }
      final SqlNode replacement =
          isOrdinalList(call, child) ? visitOrdinalList((SqlNodeList) child) : visit(child);
      if (replacement != child) {
        operands.set(i, replacement);
        changed = true;
      }
    }
    return changed ? withOperands(call, operands) : call;
  }

  /**
   * ORDER BY and GROUP BY lists, where a number is a column position ({@code ORDER BY 1}), not a
   * value: replacing it would change what the statement means.
   */
  private static boolean isOrdinalList(SqlCall parent, SqlNode child) {
    if (parent instanceof SqlSelect select) {
      return child == select.getOrderList() || child == select.getGroup();
    }
    return parent instanceof SqlOrderBy orderBy && child == orderBy.orderList;
  }

  private SqlNode visitOrdinalList(SqlNodeList list) {
    for (int i = 0; i < list.size(); i++) {
      final SqlNode item = list.get(i);
      if (!isOrdinal(item)) {
        final SqlNode replacement = visit(item);
        if (replacement != item) {
          list.set(i, replacement);
        }
      }
    }
    return list;
  }

  /** {@code 1}, {@code 1 DESC}, {@code 1 NULLS LAST}, ... */
  private static boolean isOrdinal(SqlNode item) {
    if (item instanceof SqlNumericLiteral) {
      return true;
    }
    return item instanceof SqlCall call
        && (call.getKind() == SqlKind.DESCENDING
            || call.getKind() == SqlKind.NULLS_FIRST
            || call.getKind() == SqlKind.NULLS_LAST)
        && isOrdinal(call.operand(0));
  }

  /** Sets the new operands; nodes without setOperand (SqlOrderBy) are rebuilt by their operator. */
  private static SqlCall withOperands(SqlCall call, List<@Nullable SqlNode> operands) {
    try {
      for (int i = 0; i < operands.size(); i++) {
        if (operands.get(i) != call.getOperandList().get(i)) {
          call.setOperand(i, operands.get(i));
        }
      }
      return call;
    } catch (UnsupportedOperationException e) {
      final SqlCall rebuilt = call.getOperator().createCall(call.getFunctionQuantifier(),
          call.getParserPosition(), operands.toArray(new SqlNode[0]));
      if (rebuilt.getClass() != call.getClass()) {
        throw new IllegalStateException("Cannot normalize " + call.getClass().getName(), e);
      }
      return rebuilt;
    }
  }

  private static boolean isValue(SqlLiteral literal) {
    return literal.getTypeName() != SqlTypeName.SYMBOL;
  }

  /** {@code -1} is a minus applied to a literal: one value for the shape, like {@code 1}. */
  private static boolean isSignedNumber(SqlCall call) {
    return (call.getKind() == SqlKind.MINUS_PREFIX || call.getKind() == SqlKind.PLUS_PREFIX)
        && call.operandCount() == 1
        && call.operand(0) instanceof SqlLiteral literal
        && isValue(literal);
  }

  private SqlDynamicParam placeholder(SqlNode replaced) {
    return new SqlDynamicParam(placeholders++, replaced.getParserPosition());
  }
}
