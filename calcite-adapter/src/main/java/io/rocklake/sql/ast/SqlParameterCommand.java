package io.rocklake.sql.ast;

import java.util.List;
import java.util.Objects;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** A session command on one named parameter: {@code SHOW name}, {@code RESET name}. */
abstract class SqlParameterCommand extends SqlCall {
  private final SqlOperator operator;
  private final SqlIdentifier name;

  SqlParameterCommand(SqlParserPos pos, SqlOperator operator, SqlIdentifier name) {
    super(pos);
    this.operator = operator;
    this.name = Objects.requireNonNull(name, "name");
  }

  /** The parameter; {@code all} for SHOW ALL / RESET ALL. */
  public SqlIdentifier name() {
    return name;
  }

  @Override public SqlOperator getOperator() {
    return operator;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(name);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword(operator.getName());
    name.unparse(writer, 0, 0);
  }
}
