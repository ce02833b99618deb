package io.rocklake.sql.ast;

import java.util.List;
import java.util.Objects;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * {@code COPY (query) TO STDOUT (options)}: how DuckDB's postgres extension reads every catalog
 * table. A read: the query is an ordinary Calcite query.
 */
public final class SqlCopyTo extends SqlCall {
  /** Rebuilds the node from its operands, as {@link #getOperandList} gives them. */
  public static final SqlOperator OPERATOR = new SqlSpecialOperator("COPY TO", SqlKind.OTHER) {
    @Override public SqlCall createCall(@Nullable SqlLiteral functionQualifier, SqlParserPos pos,
        @Nullable SqlNode... operands) {
      return new SqlCopyTo(pos, Objects.requireNonNull(operands[0], "query"), (SqlNodeList) operands[1]);
    }
  };

  private SqlNode query;
  private SqlNodeList options;

  public SqlCopyTo(SqlParserPos pos, SqlNode query, SqlNodeList options) {
    super(pos);
    this.query = Objects.requireNonNull(query, "query");
    this.options = Objects.requireNonNull(options, "options");
  }

  public SqlNode query() {
    return query;
  }

  /** {@link SqlCopyOption}s, in the order written. */
  public SqlNodeList options() {
    return options;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<@Nullable SqlNode> getOperandList() {
    return ImmutableNullableList.of(query, options);
  }

  @Override public void setOperand(int i, @Nullable SqlNode operand) {
    switch (i) {
    case 0 -> query = Objects.requireNonNull(operand, "query");
    case 1 -> options = (SqlNodeList) Objects.requireNonNull(operand, "options");
    default -> throw new IllegalArgumentException("operand " + i);
    }
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("COPY");
    // A query frame, so that the query does not wrap itself in a second pair of parentheses.
    final SqlWriter.Frame frame =
        writer.startList(SqlWriter.FrameTypeEnum.WITH_BODY, "(", ")");
    query.unparse(writer, 0, 0);
    writer.endList(frame);
    writer.keyword("TO STDOUT");
    SqlNodes.unparseCopyOptions(writer, options);
  }
}
