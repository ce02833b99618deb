package io.rocklake.engine;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.JoinConditionType;
import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * PostgreSQL's {@code information_schema._pg_expandarray(a)} in a select list — a set-returning
 * function whose rows are the composite {@code (x, n)}: each element of {@code a} and its position
 * from 1 — as Calcite can plan it: the SELECT gets {@code CROSS JOIN UNNEST(a) WITH ORDINALITY AS
 * e(x, n)} (a correlated UNNEST), {@code (_pg_expandarray(a)).x} and {@code .n} become {@code e.x}
 * and {@code e.n}, and a bare {@code _pg_expandarray(a) AS k} becomes {@code e.x AS k}, so that an
 * enclosing query's {@code (q.k).x} reads {@code q.k}. pgjdbc's {@code getPrimaryKeys},
 * {@code getIndexInfo} and its updatable-result-set key lookup are written this way.
 *
 * <p>Like PostgreSQL, an input row whose array is empty yields no rows; a NULL array fails the
 * statement inside Calcite's UNNEST (XX000) where PostgreSQL yields no rows — the pg_catalog columns
 * clients expand ({@code conkey} of a key, {@code indkey}) are never NULL. A select list that
 * expands two different arrays (which PostgreSQL runs in lockstep) is left alone: it fails
 * validation as an unknown function (42883), never with rows PostgreSQL would not give.
 * Rejected: a scalar function returning a struct, which Calcite's select list cannot fan out.
 */
final class SelectListArrayExpansion {
  static final String FUNCTION = "_pg_expandarray";

  private SelectListArrayExpansion() {}

  /** Rewrites every SELECT of a statement in place; what enclosing queries read as {@code (k).x} is unwrapped. */
  static SqlNode rewrite(SqlNode statement) {
    Set<String> expandedAliases = new HashSet<>();
    int[] counter = {0};
    SqlNode out = walk(statement, n -> n instanceof SqlSelect s ? expand(s, expandedAliases, counter) : null);
    if (expandedAliases.isEmpty()) {
      return out;
    }
    return walk(out, n -> {
      if (n instanceof SqlCall c && c.getKind() == SqlKind.DOT && c.operand(0) instanceof SqlIdentifier id
          && c.operand(1) instanceof SqlIdentifier field && field.getSimple().equalsIgnoreCase("x")
          && expandedAliases.contains(id.names.get(id.names.size() - 1).toLowerCase(Locale.ROOT))) {
        return id;
      }
      // The parser reads (q.k).x as the compound name q.k.x.
      if (n instanceof SqlIdentifier id && id.names.size() >= 2 && !id.isStar()
          && id.names.get(id.names.size() - 1).equalsIgnoreCase("x")
          && expandedAliases.contains(id.names.get(id.names.size() - 2).toLowerCase(Locale.ROOT))) {
        return id.getComponent(0, id.names.size() - 1);
      }
      return null;
    });
  }

  private static SqlSelect expand(SqlSelect select, Set<String> expandedAliases, int[] counter) {
    if (select.getFrom() == null) {
      return null;
    }
    List<SqlNode> arguments = new ArrayList<>();
    for (SqlNode item : select.getSelectList()) {
      collect(item, arguments);
    }
    if (arguments.isEmpty() || arguments.stream().map(SqlNode::toString).distinct().count() > 1) {
      return null;
    }
    SqlParserPos pos = select.getParserPosition();
    String alias = "_pg_expandarray$" + counter[0]++;
    SqlNodeList items = select.getSelectList();
    for (int i = 0; i < items.size(); i++) {
      SqlNode item = items.get(i);
      if (item instanceof SqlCall as && as.getKind() == SqlKind.AS && isExpansion(as.operand(0))) {
        expandedAliases.add(((SqlIdentifier) as.operand(1)).getSimple().toLowerCase(Locale.ROOT));
      }
      items.set(i, walk(item, n -> {
        if (n instanceof SqlCall c && c.getKind() == SqlKind.DOT && isExpansion(c.operand(0))
            && c.operand(1) instanceof SqlIdentifier field) {
          String name = field.getSimple().toLowerCase(Locale.ROOT);
          return name.equals("x") || name.equals("n") ? new SqlIdentifier(List.of(alias, name), n.getParserPosition())
              : null;
        }
        return isExpansion(n) ? new SqlIdentifier(List.of(alias, "x"), n.getParserPosition()) : null;
      }));
    }
    SqlNode array = ((SqlCall) arguments.get(0)).getOperandList().get(0);
    SqlNode unnest = SqlStdOperatorTable.UNNEST_WITH_ORDINALITY.createCall(pos, List.of(array));
    SqlNode named = SqlStdOperatorTable.AS.createCall(pos, unnest, new SqlIdentifier(alias, pos),
        new SqlIdentifier("x", pos), new SqlIdentifier("n", pos));
    select.setFrom(new SqlJoin(pos, select.getFrom(), SqlLiteral.createBoolean(false, pos),
        JoinType.CROSS.symbol(pos), named, JoinConditionType.NONE.symbol(pos), null));
    return select;
  }

  private static void collect(SqlNode n, List<SqlNode> out) {
    if (isExpansion(n)) {
      out.add(n);
    } else if (n instanceof SqlCall c && !(n instanceof SqlSelect)) {
      for (SqlNode operand : c.getOperandList()) {
        collect(operand, out);
      }
    }
  }

  private static boolean isExpansion(SqlNode n) {
    return n instanceof SqlBasicCall c && c.getOperator() instanceof SqlUnresolvedFunction f
        && f.getNameAsId().names.get(f.getNameAsId().names.size() - 1).equalsIgnoreCase(FUNCTION)
        && c.operandCount() == 1;
  }

  /**
   * Replaces, top-down, each node for which {@code replace} gives another node (not descending into
   * the replacement); a node for which it gives itself or null is descended into.
   */
  private static SqlNode walk(SqlNode n, java.util.function.Function<SqlNode, SqlNode> replace) {
    SqlNode r = n == null ? null : replace.apply(n);
    if (r != null && r != n) {
      return r;
    }
    if (n instanceof SqlNodeList list) {
      for (int i = 0; i < list.size(); i++) {
        if (list.get(i) != null) {
          list.set(i, walk(list.get(i), replace));
        }
      }
    } else if (n instanceof SqlCall c) {
      List<SqlNode> operands = c.getOperandList();
      for (int i = 0; i < operands.size(); i++) {
        SqlNode operand = operands.get(i);
        if (operand == null) {
          continue;
        }
        SqlNode replaced = walk(operand, replace);
        if (replaced != operand) {
          try {
            c.setOperand(i, replaced);
          } catch (UnsupportedOperationException | IllegalArgumentException | ClassCastException notSettable) {
            // a position that holds no expression
          }
        }
      }
    }
    return n;
  }
}
