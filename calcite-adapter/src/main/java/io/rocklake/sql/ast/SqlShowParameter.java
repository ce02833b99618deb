package io.rocklake.sql.ast;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code SHOW name}; {@code SHOW TRANSACTION ISOLATION LEVEL} and {@code SHOW TIME ZONE} are read
 * as the parameters {@code transaction_isolation} and {@code timezone}, as PostgreSQL does.
 */
public final class SqlShowParameter extends SqlParameterCommand {
  public static final SqlOperator OPERATOR = new SqlSpecialOperator("SHOW", SqlKind.OTHER);

  public SqlShowParameter(SqlParserPos pos, SqlIdentifier name) {
    super(pos, OPERATOR, name);
  }
}
