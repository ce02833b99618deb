package io.rocklake.sql.ast;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code DISCARD ALL}: DuckDB's connection pool resets every connection it takes back with it. */
public final class SqlDiscard extends SqlCall {
  public static final SqlOperator OPERATOR = new SqlSpecialOperator("DISCARD", SqlKind.OTHER);

  /** What is discarded. */
  public enum Target { ALL, PLANS, SEQUENCES, TEMPORARY }

  private final Target target;

  public SqlDiscard(SqlParserPos pos, Target target) {
    super(pos);
    this.target = Objects.requireNonNull(target, "target");
  }

  public Target target() {
    return target;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of();
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("DISCARD");
    writer.keyword(target.name().toUpperCase(Locale.ROOT));
  }
}
