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
import org.apache.calcite.util.ImmutableNullableList;
import org.checkerframework.checker.nullness.qual.Nullable;

/** What an ALTER TABLE does: ADD COLUMN, DROP COLUMN, RENAME COLUMN or RENAME TO. */
public final class SqlAlterTableAction extends SqlCall {
  public static final SqlOperator OPERATOR =
      new SqlSpecialOperator("ALTER TABLE ACTION", SqlKind.OTHER_DDL);

  /** The kinds of action. */
  public enum Kind { ADD_COLUMN, DROP_COLUMN, RENAME_COLUMN, RENAME_TABLE }

  private final Kind kind;
  /** IF NOT EXISTS (ADD) or IF EXISTS (DROP). */
  private final boolean conditional;
  private final boolean cascade;
  private @Nullable SqlColumnDefinition newColumn;
  private @Nullable SqlIdentifier column;
  private @Nullable SqlIdentifier newName;

  private SqlAlterTableAction(SqlParserPos pos, Kind kind, boolean conditional, boolean cascade,
      @Nullable SqlColumnDefinition newColumn, @Nullable SqlIdentifier column,
      @Nullable SqlIdentifier newName) {
    super(pos);
    this.kind = kind;
    this.conditional = conditional;
    this.cascade = cascade;
    this.newColumn = newColumn;
    this.column = column;
    this.newName = newName;
  }

  public static SqlAlterTableAction addColumn(SqlParserPos pos, boolean ifNotExists,
      SqlColumnDefinition column) {
    return new SqlAlterTableAction(pos, Kind.ADD_COLUMN, ifNotExists, false,
        Objects.requireNonNull(column, "column"), null, null);
  }

  public static SqlAlterTableAction dropColumn(SqlParserPos pos, boolean ifExists,
      SqlIdentifier column, boolean cascade) {
    return new SqlAlterTableAction(pos, Kind.DROP_COLUMN, ifExists, cascade, null,
        Objects.requireNonNull(column, "column"), null);
  }

  public static SqlAlterTableAction renameColumn(SqlParserPos pos, SqlIdentifier column,
      SqlIdentifier newName) {
    return new SqlAlterTableAction(pos, Kind.RENAME_COLUMN, false, false, null,
        Objects.requireNonNull(column, "column"), Objects.requireNonNull(newName, "newName"));
  }

  public static SqlAlterTableAction renameTable(SqlParserPos pos, SqlIdentifier newName) {
    return new SqlAlterTableAction(pos, Kind.RENAME_TABLE, false, false, null, null,
        Objects.requireNonNull(newName, "newName"));
  }

  public Kind actionKind() {
    return kind;
  }

  public boolean isConditional() {
    return conditional;
  }

  public boolean cascade() {
    return cascade;
  }

  /** For ADD COLUMN. */
  public @Nullable SqlColumnDefinition newColumn() {
    return newColumn;
  }

  /** For DROP COLUMN and RENAME COLUMN. */
  public @Nullable SqlIdentifier column() {
    return column;
  }

  /** For RENAME COLUMN and RENAME TO. */
  public @Nullable SqlIdentifier newName() {
    return newName;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<@Nullable SqlNode> getOperandList() {
    return ImmutableNullableList.of(newColumn, column, newName);
  }

  @Override public void setOperand(int i, @Nullable SqlNode operand) {
    switch (i) {
    case 0 -> newColumn = (SqlColumnDefinition) operand;
    case 1 -> column = (SqlIdentifier) operand;
    case 2 -> newName = (SqlIdentifier) operand;
    default -> throw new IllegalArgumentException("operand " + i);
    }
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    switch (kind) {
    case ADD_COLUMN -> {
      writer.keyword("ADD COLUMN");
      if (conditional) {
        writer.keyword("IF NOT EXISTS");
      }
      Objects.requireNonNull(newColumn, "newColumn").unparse(writer, 0, 0);
    }
    case DROP_COLUMN -> {
      writer.keyword("DROP COLUMN");
      if (conditional) {
        writer.keyword("IF EXISTS");
      }
      Objects.requireNonNull(column, "column").unparse(writer, 0, 0);
      if (cascade) {
        writer.keyword("CASCADE");
      }
    }
    case RENAME_COLUMN -> {
      writer.keyword("RENAME COLUMN");
      Objects.requireNonNull(column, "column").unparse(writer, 0, 0);
      writer.keyword("TO");
      Objects.requireNonNull(newName, "newName").unparse(writer, 0, 0);
    }
    case RENAME_TABLE -> {
      writer.keyword("RENAME TO");
      Objects.requireNonNull(newName, "newName").unparse(writer, 0, 0);
    }
    default -> throw new AssertionError(kind);
    }
  }
}
