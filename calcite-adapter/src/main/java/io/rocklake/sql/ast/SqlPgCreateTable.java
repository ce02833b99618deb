package io.rocklake.sql.ast;

import java.util.List;
import java.util.Objects;
import org.apache.calcite.sql.SqlCreate;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * PostgreSQL's CREATE TABLE as DuckDB sends it:
 * {@code CREATE [LOCAL TEMPORARY] TABLE [IF NOT EXISTS] name (elements) [ON COMMIT ...]}.
 * Elements are {@link SqlColumnDefinition}s and Calcite's SqlKeyConstraints.
 */
public final class SqlPgCreateTable extends SqlCreate {
  public static final SqlOperator OPERATOR =
      new SqlSpecialOperator("CREATE TABLE", SqlKind.CREATE_TABLE);

  /** What happens to a temporary table at commit. */
  public enum OnCommit { UNSPECIFIED, DROP, PRESERVE_ROWS, DELETE_ROWS }

  private final boolean temporary;
  private SqlIdentifier name;
  private SqlNodeList elements;
  private final OnCommit onCommit;

  public SqlPgCreateTable(SqlParserPos pos, boolean replace, boolean temporary,
      boolean ifNotExists, SqlIdentifier name, SqlNodeList elements, OnCommit onCommit) {
    super(OPERATOR, pos, replace, ifNotExists);
    this.temporary = temporary;
    this.name = Objects.requireNonNull(name, "name");
    this.elements = Objects.requireNonNull(elements, "elements");
    this.onCommit = Objects.requireNonNull(onCommit, "onCommit");
  }

  public boolean isTemporary() {
    return temporary;
  }

  public boolean ifNotExists() {
    return ifNotExists;
  }

  public SqlIdentifier name() {
    return name;
  }

  /** Column definitions and table constraints, in the order written. */
  public SqlNodeList elements() {
    return elements;
  }

  public OnCommit onCommit() {
    return onCommit;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(name, elements);
  }

  @Override public void setOperand(int i, @Nullable SqlNode operand) {
    switch (i) {
    case 0 -> name = (SqlIdentifier) Objects.requireNonNull(operand, "name");
    case 1 -> elements = (SqlNodeList) Objects.requireNonNull(operand, "elements");
    default -> throw new IllegalArgumentException("operand " + i);
    }
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("CREATE");
    if (getReplace()) {
      writer.keyword("OR REPLACE");
    }
    if (temporary) {
      writer.keyword("TEMPORARY");
    }
    writer.keyword("TABLE");
    if (ifNotExists) {
      writer.keyword("IF NOT EXISTS");
    }
    name.unparse(writer, 0, 0);
    SqlNodes.unparseParenthesized(writer, elements);
    if (onCommit != OnCommit.UNSPECIFIED) {
      writer.keyword("ON COMMIT");
      writer.keyword(onCommit.name().replace('_', ' '));
    }
  }
}
