package io.rocklake.engine;

import io.rocklake.catalog.SqlState;
import io.rocklake.sql.ast.SqlBeginTransaction;
import io.rocklake.sql.ast.SqlCopyFrom;
import io.rocklake.sql.ast.SqlCopyTo;
import io.rocklake.sql.ast.SqlDiscard;
import io.rocklake.sql.ast.SqlEndTransaction;
import io.rocklake.sql.ast.SqlPgAlterTable;
import io.rocklake.sql.ast.SqlPgCreateTable;
import io.rocklake.sql.ast.SqlPgDropTable;
import io.rocklake.sql.ast.SqlResetParameter;
import io.rocklake.sql.ast.SqlSetParameter;
import io.rocklake.sql.ast.SqlSetTransaction;
import io.rocklake.sql.ast.SqlShowParameter;
import io.rocklake.sql.ast.SqlUpdateFrom;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.ddl.SqlCreateSchema;

/**
 * The classify and authorize step, the one place that decides whether a statement may run:
 * what kind of statement it is, whether its shape is on the whitelist ({@link ShapePolicy}: every
 * write, reads too under {@code --strict-shapes}), and the read-only rule (25006 for a write in a
 * read-only transaction, before its relation or options are looked at).
 */
record Authorizer(ShapePolicy shapes, Parser parser) {
  /** What the session does with a statement. */
  enum Kind {
    /** BEGIN, COMMIT, ROLLBACK, SET TRANSACTION: the transaction block. */
    TRANSACTION,
    /** SET, RESET, SHOW, DISCARD, LISTEN, UNLISTEN: the session's settings. */
    SETTING,
    /** A query: rows. */
    QUERY,
    /** {@code COPY (query) TO STDOUT}. */
    COPY_OUT,
    /** {@code COPY table FROM STDIN}. */
    COPY_IN,
    /** Anything else is a write, held to the whitelist rather than let through. */
    WRITE;

    boolean writes() {
      return this == COPY_IN || this == WRITE;
    }
  }

  static Kind classify(SqlNode statement) {
    if (statement instanceof SqlBeginTransaction || statement instanceof SqlEndTransaction
        || statement instanceof SqlSetTransaction) {
      return Kind.TRANSACTION;
    }
    if (statement instanceof SqlDiscard || statement instanceof io.rocklake.sql.ast.SqlListen || statement instanceof SqlSetParameter
        || statement instanceof SqlResetParameter || statement instanceof SqlShowParameter) {
      return Kind.SETTING;
    }
    if (statement instanceof SqlCopyTo) {
      return Kind.COPY_OUT;
    }
    if (statement instanceof SqlCopyFrom) {
      return Kind.COPY_IN;
    }
    return isQuery(statement) ? Kind.QUERY : Kind.WRITE;
  }

  /** A query, {@code WITH … SELECT} included; {@code WITH … UPDATE} is a write. */
  static boolean isQuery(SqlNode n) {
    return n.getKind().belongsTo(SqlKind.QUERY) && !(n instanceof SqlWith w && !w.body.getKind().belongsTo(SqlKind.QUERY));
  }

  /**
   * The statement's kind, if this session may run it now; else the error: 0A000 for a shape off
   * the whitelist, 25006 for a write when {@code readOnly}.
   */
  Kind authorize(SqlNode statement, boolean readOnly) {
    Kind kind = classify(statement);
    if (kind == Kind.QUERY || kind == Kind.COPY_OUT) {
      shapes.checkRead(statement, parser::canonicalCopy);
    } else if (kind.writes()) {
      shapes.checkWrite(statement, parser::canonicalCopy);
      if (readOnly) {
        throw new EngineException(SqlState.READ_ONLY_SQL_TRANSACTION, "cannot execute " + commandName(statement) + " in a read-only transaction");
      }
    }
    return kind;
  }

  /** The command a write statement is, as PostgreSQL names it in 25006's text. */
  private static String commandName(SqlNode statement) {
    if (statement instanceof SqlCopyFrom) {
      return "COPY FROM";
    }
    if (statement instanceof SqlInsert) {
      return "INSERT";
    }
    if (statement instanceof SqlUpdate || statement instanceof SqlUpdateFrom || statement instanceof SqlWith) {
      return "UPDATE";
    }
    if (statement instanceof SqlDelete) {
      return "DELETE";
    }
    if (statement instanceof SqlPgCreateTable) {
      return "CREATE TABLE";
    }
    if (statement instanceof SqlPgDropTable) {
      return "DROP TABLE";
    }
    if (statement instanceof SqlCreateSchema) {
      return "CREATE SCHEMA";
    }
    if (statement instanceof SqlPgAlterTable) {
      return "ALTER TABLE";
    }
    return statement.getKind().sql;
  }
}
