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

/** {@code RESET name} or {@code RESET ALL}. */
public final class SqlResetParameter extends SqlCall {
  public static final SqlOperator OPERATOR = new SqlSpecialOperator("RESET", SqlKind.OTHER);

  private final SqlIdentifier name;

  public SqlResetParameter(SqlParserPos pos, SqlIdentifier name) {
    super(pos);
    this.name = Objects.requireNonNull(name, "name");
  }

  /** The parameter; {@code all} for RESET ALL. */
  public SqlIdentifier name() {
    return name;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(name);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("RESET");
    name.unparse(writer, 0, 0);
  }
}
