package io.rocklake.sql.ast;

import java.util.List;
import java.util.Objects;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.checkerframework.checker.nullness.qual.Nullable;

/** {@code ALTER TABLE [IF EXISTS] name action}; Calcite core has no ALTER TABLE. */
public final class SqlPgAlterTable extends SqlCall {
  public static final SqlOperator OPERATOR =
      new SqlSpecialOperator("ALTER TABLE", SqlKind.ALTER_TABLE);

  private final boolean ifExists;
  private SqlIdentifier table;
  private SqlAlterTableAction action;

  public SqlPgAlterTable(SqlParserPos pos, boolean ifExists, SqlIdentifier table,
      SqlAlterTableAction action) {
    super(pos);
    this.ifExists = ifExists;
    this.table = Objects.requireNonNull(table, "table");
    this.action = Objects.requireNonNull(action, "action");
  }

  public boolean ifExists() {
    return ifExists;
  }

  public SqlIdentifier table() {
    return table;
  }

  public SqlAlterTableAction action() {
    return action;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(table, action);
  }

  @Override public void setOperand(int i, @Nullable SqlNode operand) {
    switch (i) {
    case 0 -> table = (SqlIdentifier) Objects.requireNonNull(operand, "table");
    case 1 -> action = (SqlAlterTableAction) Objects.requireNonNull(operand, "action");
    default -> throw new IllegalArgumentException("operand " + i);
    }
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("ALTER TABLE");
    if (ifExists) {
      writer.keyword("IF EXISTS");
    }
    table.unparse(writer, 0, 0);
    action.unparse(writer, 0, 0);
  }
}
