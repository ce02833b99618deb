package io.rocklake.engine;

import io.rocklake.catalog.SqlState;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;

/**
 * Program limits checked on the parsed statements before anything plans them, PostgreSQL's
 * {@code max_stack_depth} and target-list limit for RockLake. Calcite's validator, planner and code
 * generator recurse per level of nesting (some of them worse than linearly), so a statement nested a
 * few thousand levels deep would overflow a session thread's stack or keep it busy for minutes, and
 * a select list of thousands of items takes it seconds before the generated code exceeds the JVM's
 * method size anyway. Such statements are refused up front: 54001 (too deep; the deepest statement
 * DuckDB sends nests 11 levels, and 100 levels plan in seconds on a 1 MB thread stack) and 54011
 * (more than PostgreSQL's 1,664 target entries).
 */
final class StatementLimits {
  /** Levels of AST nesting (calls, lists, subqueries) a statement may have. */
  static final int MAX_DEPTH = 100;
  /** PostgreSQL's limit on the entries of a select list. */
  static final int MAX_TARGET_ENTRIES = 1664;

  private StatementLimits() {}

  /** Refuses the first statement over a limit. Iterative, so any depth is safe to measure. */
  static void check(List<SqlNode> statements) {
    Deque<SqlNode> nodes = new ArrayDeque<>();
    Deque<Integer> depths = new ArrayDeque<>();
    for (SqlNode statement : statements) {
      nodes.push(statement);
      depths.push(1);
      while (!nodes.isEmpty()) {
        SqlNode n = nodes.pop();
        int d = depths.pop();
        if (d > MAX_DEPTH) {
          throw tooDeep();
        }
        if (n instanceof SqlSelect select && select.getSelectList() != null
            && select.getSelectList().size() > MAX_TARGET_ENTRIES) {
          throw new EngineException(SqlState.TOO_MANY_COLUMNS, "target lists can have at most " + MAX_TARGET_ENTRIES + " entries");
        }
        List<SqlNode> children = n instanceof SqlNodeList l ? l.getList()
            : n instanceof SqlCall c ? c.getOperandList() : List.of();
        for (SqlNode child : children) {
          if (child != null) {
            nodes.push(child);
            depths.push(d + 1);
          }
        }
      }
    }
  }

  /** True if a stack overflow caused this failure (Calcite wraps some of them in its own exceptions). */
  static boolean isStackOverflow(Throwable t) {
    for (int i = 0; t != null && i < 20; t = t.getCause(), i++) {
      if (t instanceof StackOverflowError) {
        return true;
      }
    }
    return false;
  }

  /**
   * The limit a failure ran into, or null if it is not a limit (then it is an internal error): a
   * stack overflow (54001), or a plan whose generated code exceeds the JVM's 64 KB method size,
   * which happens for VALUES lists and select lists of several thousand items (54000).
   */
  static EngineException limitExceeded(Throwable failure) {
    if (isStackOverflow(failure)) {
      return tooDeep();
    }
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t.getClass().getName().startsWith("org.codehaus.") && t.getMessage() != null
          && t.getMessage().contains("grows beyond 64 KB")) {
        return new EngineException(SqlState.PROGRAM_LIMIT_EXCEEDED, "statement too large: its compiled plan exceeds the JVM's 64 KB method"
            + " size limit (a VALUES or select list of thousands of items)");
      }
    }
    return null;
  }

  static EngineException tooDeep() {
    return new EngineException(SqlState.STATEMENT_TOO_COMPLEX, "stack depth limit exceeded: the statement nests more than " + MAX_DEPTH
        + " levels deep");
  }
}
