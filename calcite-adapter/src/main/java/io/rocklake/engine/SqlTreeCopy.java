package io.rocklake.engine;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;

/**
 * A deep copy of a parsed expression, for a rewrite that needs the same expression twice: the
 * validator keys its scopes and types by node identity, so two places in a tree must not share
 * a node. Calls, lists and identifiers are copied; literals, immutable, are shared.
 */
final class SqlTreeCopy {
  private SqlTreeCopy() {}

  static SqlNode of(SqlNode n) {
    if (n instanceof SqlNodeList list) {
      List<SqlNode> items = new ArrayList<>(list.size());
      for (SqlNode item : list) {
        items.add(of(item));
      }
      return new SqlNodeList(items, list.getParserPosition());
    }
    if (n instanceof SqlCall call) {
      List<SqlNode> operands = new ArrayList<>(call.operandCount());
      for (SqlNode operand : call.getOperandList()) {
        operands.add(of(operand));
      }
      return call.getOperator().createCall(call.getFunctionQuantifier(), call.getParserPosition(),
          operands.toArray(new SqlNode[0]));
    }
    if (n instanceof SqlIdentifier id) {
      return id.clone(id.getParserPosition());
    }
    return n;
  }
}
