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
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * {@code SET TRANSACTION modes} (the current transaction) or
 * {@code SET SESSION CHARACTERISTICS AS TRANSACTION modes} (the session's default), which PgJDBC
 * sends for {@code Connection.setTransactionIsolation}.
 */
public final class SqlSetTransaction extends SqlCall {
  public static final SqlOperator OPERATOR =
      new SqlSpecialOperator("SET TRANSACTION", SqlKind.OTHER);

  /** Which transactions the modes apply to. */
  public enum Target {
    /** SET TRANSACTION. */
    CURRENT_TRANSACTION,
    /** SET SESSION CHARACTERISTICS AS TRANSACTION. */
    SESSION_DEFAULT
  }

  private final Target target;
  private final TransactionModes modes;

  /** {@code modes} is the parser's fresh instance and is not copied. */
  public SqlSetTransaction(SqlParserPos pos, Target target, TransactionModes modes) {
    super(pos);
    this.target = Objects.requireNonNull(target, "target");
    this.modes = Objects.requireNonNull(modes, "modes");
  }

  public Target target() {
    return target;
  }

  public TransactionModes.@Nullable Isolation isolation() {
    return modes.isolation();
  }

  public @Nullable Boolean readOnly() {
    return modes.readOnly();
  }

  public @Nullable Boolean deferrable() {
    return modes.deferrable();
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of();
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword(target == Target.CURRENT_TRANSACTION
        ? "SET TRANSACTION" : "SET SESSION CHARACTERISTICS AS TRANSACTION");
    modes.unparse(writer);
  }
}
