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

/**
 * {@code SHOW name}; {@code SHOW TRANSACTION ISOLATION LEVEL} and {@code SHOW TIME ZONE} are read
 * as the parameters {@code transaction_isolation} and {@code timezone}, as PostgreSQL does.
 */
public final class SqlShowParameter extends SqlCall {
  public static final SqlOperator OPERATOR = new SqlSpecialOperator("SHOW", SqlKind.OTHER);

  private final SqlIdentifier name;

  public SqlShowParameter(SqlParserPos pos, SqlIdentifier name) {
    super(pos);
    this.name = Objects.requireNonNull(name, "name");
  }

  /** The parameter; {@code all} for SHOW ALL. */
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
    writer.keyword("SHOW");
    name.unparse(writer, 0, 0);
  }
}
