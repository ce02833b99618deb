package io.rocklake.sql.ast;

import java.util.List;
import java.util.Objects;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * {@code COPY table [(columns)] FROM STDIN (options)}: DuckDB's bulk insert (binary, or text with
 * {@code NULL '<0x08>'} for its temp-table updates). A write.
 */
public final class SqlCopyFrom extends SqlCall {
  public static final SqlOperator OPERATOR = new SqlSpecialOperator("COPY FROM", SqlKind.OTHER);

  private SqlIdentifier table;
  private @Nullable SqlNodeList columns;
  private SqlNodeList options;

  public SqlCopyFrom(SqlParserPos pos, SqlIdentifier table, @Nullable SqlNodeList columns,
      SqlNodeList options) {
    super(pos);
    this.table = Objects.requireNonNull(table, "table");
    this.columns = columns;
    this.options = Objects.requireNonNull(options, "options");
  }

  public SqlIdentifier table() {
    return table;
  }

  /** The explicit column list, or null when the rows carry every column in table order. */
  public @Nullable SqlNodeList columns() {
    return columns;
  }

  /** {@link SqlCopyOption}s, in the order written. */
  public SqlNodeList options() {
    return options;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<@Nullable SqlNode> getOperandList() {
    return ImmutableNullableList.of(table, columns, options);
  }

  @Override public void setOperand(int i, @Nullable SqlNode operand) {
    switch (i) {
    case 0 -> table = (SqlIdentifier) Objects.requireNonNull(operand, "table");
    case 1 -> columns = (SqlNodeList) operand;
    case 2 -> options = (SqlNodeList) Objects.requireNonNull(operand, "options");
    default -> throw new IllegalArgumentException("operand " + i);
    }
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("COPY");
    table.unparse(writer, 0, 0);
    if (columns != null) {
      SqlNodes.unparseParenthesized(writer, columns);
    }
    writer.keyword("FROM STDIN");
    SqlNodes.unparseCopyOptions(writer, options);
  }
}
