package io.rocklake.sql.ast;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * {@code BEGIN [TRANSACTION] [ISOLATION LEVEL ...] [READ ONLY | READ WRITE] [[NOT] DEFERRABLE]}.
 * DuckDB sends {@code BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ [READ ONLY]}.
 */
public final class SqlBeginTransaction extends SqlCall {
  public static final SqlOperator OPERATOR = new SqlSpecialOperator("BEGIN", SqlKind.OTHER);

  /** PostgreSQL's isolation levels. */
  public enum Isolation {
    READ_UNCOMMITTED, READ_COMMITTED, REPEATABLE_READ, SERIALIZABLE;

    String sql() {
      return name().replace('_', ' ');
    }
  }

  /** The transaction modes as the parser collects them; a null field was not given. */
  public static final class Modes {
    public @Nullable Isolation isolation;
    public @Nullable Boolean readOnly;
    public @Nullable Boolean deferrable;
  }

  private final @Nullable Isolation isolation;
  private final @Nullable Boolean readOnly;
  private final @Nullable Boolean deferrable;

  public SqlBeginTransaction(SqlParserPos pos, Modes modes) {
    super(pos);
    this.isolation = modes.isolation;
    this.readOnly = modes.readOnly;
    this.deferrable = modes.deferrable;
  }

  /** The requested isolation level, or null for the server's default. */
  public @Nullable Isolation isolation() {
    return isolation;
  }

  /** TRUE for READ ONLY, FALSE for READ WRITE, null when not given. */
  public @Nullable Boolean readOnly() {
    return readOnly;
  }

  public @Nullable Boolean deferrable() {
    return deferrable;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of();
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("BEGIN TRANSACTION");
    if (isolation != null) {
      writer.keyword("ISOLATION LEVEL");
      writer.keyword(isolation.sql());
    }
    if (readOnly != null) {
      writer.keyword(readOnly ? "READ ONLY" : "READ WRITE");
    }
    if (deferrable != null) {
      writer.keyword(deferrable ? "DEFERRABLE" : "NOT DEFERRABLE");
    }
  }
}
