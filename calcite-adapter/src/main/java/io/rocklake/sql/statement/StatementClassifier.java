package io.rocklake.sql.statement;

import io.rocklake.sql.ast.SqlBeginTransaction;
import io.rocklake.sql.ast.SqlCopyFrom;
import io.rocklake.sql.ast.SqlCopyTo;
import io.rocklake.sql.ast.SqlDiscard;
import io.rocklake.sql.ast.SqlEndTransaction;
import io.rocklake.sql.ast.SqlResetParameter;
import io.rocklake.sql.ast.SqlSetParameter;
import io.rocklake.sql.ast.SqlSetTransaction;
import io.rocklake.sql.ast.SqlShowParameter;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSetOption;
import org.apache.calcite.sql.SqlWith;

/** Sorts a parsed statement into a {@link StatementCategory}. */
public final class StatementClassifier {
  private StatementClassifier() {
  }

  /**
   * Anything not recognised as a read or as control counts as a write, so that an unexpected
   * statement is held to the strict (whitelisted) rule rather than let through.
   */
  public static StatementCategory classify(SqlNode statement) {
    if (statement instanceof SqlCopyTo) {
      return StatementCategory.READ;
    }
    if (statement instanceof SqlCopyFrom) {
      return StatementCategory.WRITE;
    }
    if (statement instanceof SqlWith with) {
      // WITH ... UPDATE is a write; WITH ... SELECT a read.
      return classify(with.body);
    }
    if (statement instanceof SqlBeginTransaction
        || statement instanceof SqlEndTransaction
        || statement instanceof SqlDiscard
        || statement instanceof io.rocklake.sql.ast.SqlListen
        || statement instanceof SqlSetParameter
        || statement instanceof SqlSetTransaction
        || statement instanceof SqlResetParameter
        || statement instanceof SqlShowParameter
        || statement instanceof SqlSetOption) {
      return StatementCategory.CONTROL;
    }
    if (statement.isA(SqlKind.QUERY)) {
      return StatementCategory.READ;
    }
    return StatementCategory.WRITE;
  }
}
