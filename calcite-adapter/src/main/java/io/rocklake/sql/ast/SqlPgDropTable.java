package io.rocklake.sql.ast;

import java.util.List;
import java.util.Objects;
import org.apache.calcite.sql.SqlDrop;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code DROP TABLE [IF EXISTS] name [CASCADE | RESTRICT]}; Calcite's SqlDropTable has no CASCADE. */
public final class SqlPgDropTable extends SqlDrop {
  public static final SqlOperator OPERATOR =
      new SqlSpecialOperator("DROP TABLE", SqlKind.DROP_TABLE);

  private final SqlIdentifier name;
  private final boolean cascade;

  public SqlPgDropTable(SqlParserPos pos, boolean ifExists, SqlIdentifier name, boolean cascade) {
    super(OPERATOR, pos, ifExists);
    this.name = Objects.requireNonNull(name, "name");
    this.cascade = cascade;
  }

  public SqlIdentifier name() {
    return name;
  }

  public boolean ifExists() {
    return ifExists;
  }

  public boolean cascade() {
    return cascade;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(name);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("DROP TABLE");
    if (ifExists) {
      writer.keyword("IF EXISTS");
    }
    name.unparse(writer, 0, 0);
    if (cascade) {
      writer.keyword("CASCADE");
    }
  }
}
