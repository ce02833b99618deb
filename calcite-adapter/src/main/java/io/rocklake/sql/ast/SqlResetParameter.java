package io.rocklake.sql.ast;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code RESET name} or {@code RESET ALL}. */
public final class SqlResetParameter extends SqlParameterCommand {
  public static final SqlOperator OPERATOR = new SqlSpecialOperator("RESET", SqlKind.OTHER);

  public SqlResetParameter(SqlParserPos pos, SqlIdentifier name) {
    super(pos, OPERATOR, name);
  }
}
