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
 * {@code BEGIN [TRANSACTION] [modes]} or {@code START TRANSACTION [modes]}. DuckDB sends
 * {@code BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ [READ ONLY]}.
 */
public final class SqlBeginTransaction extends SqlCall {
  public static final SqlOperator OPERATOR = new SqlSpecialOperator("BEGIN", SqlKind.OTHER);

  private final TransactionModes modes;

  /** {@code modes} is the parser's fresh instance and is not copied. */
  public SqlBeginTransaction(SqlParserPos pos, TransactionModes modes) {
    super(pos);
    this.modes = Objects.requireNonNull(modes, "modes");
  }

  /** The requested isolation level, or null for the server's default. */
  public TransactionModes.@Nullable Isolation isolation() {
    return modes.isolation();
  }

  /** TRUE for READ ONLY, FALSE for READ WRITE, null when not given. */
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
    writer.keyword("BEGIN TRANSACTION");
    modes.unparse(writer);
  }
}
