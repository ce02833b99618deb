package io.rocklake.sql.ast;

import java.util.List;
import java.util.Objects;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
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
 * PostgreSQL's {@code UPDATE target SET col = expr, ... FROM from_list WHERE cond}, which Calcite's
 * {@link org.apache.calcite.sql.SqlUpdate} cannot express. DuckLake joins the target with a
 * {@code WITH name(cols) AS (VALUES ...)} list this way; an UPDATE without FROM stays a SqlUpdate.
 */
public final class SqlUpdateFrom extends SqlCall {
  /** Rebuilds the node from its operands, as {@link #getOperandList} gives them. */
  public static final SqlOperator OPERATOR = new SqlSpecialOperator("UPDATE FROM", SqlKind.UPDATE) {
    @Override public SqlCall createCall(@Nullable SqlLiteral functionQualifier, SqlParserPos pos,
        @Nullable SqlNode... operands) {
      return new SqlUpdateFrom(pos, (SqlIdentifier) Objects.requireNonNull(operands[0], "targetTable"),
          (SqlIdentifier) operands[1], (SqlNodeList) Objects.requireNonNull(operands[2], "targetColumns"),
          (SqlNodeList) Objects.requireNonNull(operands[3], "sourceExpressions"),
          Objects.requireNonNull(operands[4], "from"), operands[5]);
    }
  };

  private SqlIdentifier targetTable;
  private @Nullable SqlIdentifier alias;
  private SqlNodeList targetColumns;
  private SqlNodeList sourceExpressions;
  private SqlNode from;
  private @Nullable SqlNode condition;

  public SqlUpdateFrom(SqlParserPos pos, SqlIdentifier targetTable, @Nullable SqlIdentifier alias,
      SqlNodeList targetColumns, SqlNodeList sourceExpressions, SqlNode from,
      @Nullable SqlNode condition) {
    super(pos);
    this.targetTable = Objects.requireNonNull(targetTable, "targetTable");
    this.alias = alias;
    this.targetColumns = Objects.requireNonNull(targetColumns, "targetColumns");
    this.sourceExpressions = Objects.requireNonNull(sourceExpressions, "sourceExpressions");
    this.from = Objects.requireNonNull(from, "from");
    this.condition = condition;
  }

  public SqlIdentifier targetTable() {
    return targetTable;
  }

  public @Nullable SqlIdentifier alias() {
    return alias;
  }

  public SqlNodeList targetColumns() {
    return targetColumns;
  }

  /** One expression per target column, same order. */
  public SqlNodeList sourceExpressions() {
    return sourceExpressions;
  }

  public SqlNode from() {
    return from;
  }

  public @Nullable SqlNode condition() {
    return condition;
  }

  @Override public SqlKind getKind() {
    return SqlKind.UPDATE;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<@Nullable SqlNode> getOperandList() {
    return ImmutableNullableList.of(targetTable, alias, targetColumns, sourceExpressions, from,
        condition);
  }

  @Override public void setOperand(int i, @Nullable SqlNode operand) {
    switch (i) {
    case 0 -> targetTable = (SqlIdentifier) Objects.requireNonNull(operand, "targetTable");
    case 1 -> alias = (SqlIdentifier) operand;
    case 2 -> targetColumns = (SqlNodeList) Objects.requireNonNull(operand, "targetColumns");
    case 3 -> sourceExpressions =
        (SqlNodeList) Objects.requireNonNull(operand, "sourceExpressions");
    case 4 -> from = Objects.requireNonNull(operand, "from");
    case 5 -> condition = operand;
    default -> throw new IllegalArgumentException("operand " + i);
    }
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    final SqlWriter.Frame frame = writer.startList(SqlWriter.FrameTypeEnum.SELECT, "UPDATE", "");
    targetTable.unparse(writer, 0, 0);
    if (alias != null) {
      writer.keyword("AS");
      alias.unparse(writer, 0, 0);
    }
    final SqlWriter.Frame setFrame =
        writer.startList(SqlWriter.FrameTypeEnum.UPDATE_SET_LIST, "SET", "");
    for (int i = 0; i < targetColumns.size(); i++) {
      writer.sep(",");
      targetColumns.get(i).unparse(writer, 0, 0);
      writer.keyword("=");
      sourceExpressions.get(i).unparse(writer, 0, 0);
    }
    writer.endList(setFrame);
    writer.sep("FROM");
    final SqlWriter.Frame fromFrame = writer.startList(SqlWriter.FrameTypeEnum.FROM_LIST);
    from.unparse(writer, SqlJoin.OPERATOR.getLeftPrec() - 1, SqlJoin.OPERATOR.getRightPrec() - 1);
    writer.endList(fromFrame);
    if (condition != null) {
      writer.sep("WHERE");
      condition.unparse(writer, 0, 0);
    }
    writer.endList(frame);
  }
}
