package io.rocklake.sql.ast;

import java.util.List;
import java.util.Objects;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code COMMIT} or {@code ROLLBACK} [WORK | TRANSACTION] [AND [NO] CHAIN]. */
public final class SqlEndTransaction extends SqlCall {
  public static final SqlOperator COMMIT_OPERATOR =
      new SqlSpecialOperator("COMMIT", SqlKind.COMMIT);
  public static final SqlOperator ROLLBACK_OPERATOR =
      new SqlSpecialOperator("ROLLBACK", SqlKind.ROLLBACK);

  /** How the transaction ends. */
  public enum Outcome { COMMIT, ROLLBACK }

  private final Outcome outcome;
  private final boolean chain;

  public SqlEndTransaction(SqlParserPos pos, Outcome outcome, boolean chain) {
    super(pos);
    this.outcome = Objects.requireNonNull(outcome, "outcome");
    this.chain = chain;
  }

  public Outcome outcome() {
    return outcome;
  }

  /** AND CHAIN: a new transaction with the same modes starts at once. */
  public boolean chain() {
    return chain;
  }

  @Override public SqlOperator getOperator() {
    return outcome == Outcome.COMMIT ? COMMIT_OPERATOR : ROLLBACK_OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of();
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword(outcome.name());
    if (chain) {
      writer.keyword("AND CHAIN");
    }
  }
}
