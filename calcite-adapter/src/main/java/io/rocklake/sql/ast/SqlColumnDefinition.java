package io.rocklake.sql.ast;

import java.util.List;
import java.util.Objects;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A column of CREATE TABLE / ALTER TABLE ADD COLUMN:
 * {@code name type [NOT NULL | NULL] [PRIMARY KEY] [UNIQUE] [DEFAULT expr]}. Calcite's
 * SqlColumnDeclaration has no column-level PRIMARY KEY, which DuckDB's DDL uses.
 */
public final class SqlColumnDefinition extends SqlCall {
  public static final SqlOperator OPERATOR =
      new SqlSpecialOperator("COLUMN DEFINITION", SqlKind.COLUMN_DECL);

  /** Column constraints as the parser collects them. */
  public static final class Constraints {
    /** TRUE for NOT NULL, FALSE for an explicit NULL, null when not given. */
    public @Nullable Boolean notNull;
    public boolean primaryKey;
    public boolean unique;
    public @Nullable SqlNode defaultValue;
  }

  private SqlIdentifier name;
  private SqlDataTypeSpec type;
  private final @Nullable Boolean notNull;
  private final boolean primaryKey;
  private final boolean unique;
  private @Nullable SqlNode defaultValue;

  public SqlColumnDefinition(SqlParserPos pos, SqlIdentifier name, SqlDataTypeSpec type,
      Constraints constraints) {
    super(pos);
    this.name = Objects.requireNonNull(name, "name");
    this.type = Objects.requireNonNull(type, "type");
    this.notNull = constraints.notNull;
    this.primaryKey = constraints.primaryKey;
    this.unique = constraints.unique;
    this.defaultValue = constraints.defaultValue;
  }

  public SqlIdentifier name() {
    return name;
  }

  public SqlDataTypeSpec type() {
    return type;
  }

  /** NOT NULL, or PRIMARY KEY (which implies it). */
  public boolean isNotNull() {
    return Boolean.TRUE.equals(notNull) || primaryKey;
  }

  public boolean isPrimaryKey() {
    return primaryKey;
  }

  public boolean isUnique() {
    return unique;
  }

  public @Nullable SqlNode defaultValue() {
    return defaultValue;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<@Nullable SqlNode> getOperandList() {
    return ImmutableNullableList.of(name, type, defaultValue);
  }

  @Override public void setOperand(int i, @Nullable SqlNode operand) {
    switch (i) {
    case 0 -> name = (SqlIdentifier) Objects.requireNonNull(operand, "name");
    case 1 -> type = (SqlDataTypeSpec) Objects.requireNonNull(operand, "type");
    case 2 -> defaultValue = operand;
    default -> throw new IllegalArgumentException("operand " + i);
    }
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    name.unparse(writer, 0, 0);
    type.unparse(writer, 0, 0);
    if (notNull != null) {
      writer.keyword(notNull ? "NOT NULL" : "NULL");
    }
    if (primaryKey) {
      writer.keyword("PRIMARY KEY");
    }
    if (unique) {
      writer.keyword("UNIQUE");
    }
    if (defaultValue != null) {
      writer.keyword("DEFAULT");
      defaultValue.unparse(writer, 0, 0);
    }
  }
}
