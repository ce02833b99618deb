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
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * PostgreSQL's {@code SET [SESSION | LOCAL] name { TO | = } value [, ...]}; {@code SET TIME ZONE v}
 * is read as the parameter {@code timezone}. Calcite's SqlSetOption has no LOCAL scope and renders
 * as ALTER ... SET, hence this node.
 */
public final class SqlSetParameter extends SqlCall {
  public static final SqlOperator OPERATOR = new SqlSpecialOperator("SET", SqlKind.SET_OPTION);

  /** How long the setting lasts. */
  public enum Scope {
    /** No scope written: the session. */
    SESSION_DEFAULT,
    /** SET SESSION. */
    SESSION,
    /** SET LOCAL: until the end of the current transaction. */
    LOCAL
  }

  private final Scope scope;
  private SqlIdentifier name;
  private SqlNodeList values;

  public SqlSetParameter(SqlParserPos pos, Scope scope, SqlIdentifier name, SqlNodeList values) {
    super(pos);
    this.scope = Objects.requireNonNull(scope, "scope");
    this.name = Objects.requireNonNull(name, "name");
    this.values = Objects.requireNonNull(values, "values");
  }

  public Scope scope() {
    return scope;
  }

  public SqlIdentifier name() {
    return name;
  }

  /** Literals, identifiers, or a single DEFAULT call. */
  public SqlNodeList values() {
    return values;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(name, values);
  }

  @Override public void setOperand(int i, @Nullable SqlNode operand) {
    switch (i) {
    case 0 -> name = (SqlIdentifier) Objects.requireNonNull(operand, "name");
    case 1 -> values = (SqlNodeList) Objects.requireNonNull(operand, "values");
    default -> throw new IllegalArgumentException("operand " + i);
    }
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("SET");
    if (scope != Scope.SESSION_DEFAULT) {
      writer.keyword(scope.name());
    }
    name.unparse(writer, 0, 0);
    writer.keyword("TO");
    final SqlWriter.Frame frame = writer.startList("", "");
    for (SqlNode value : values) {
      writer.sep(",");
      value.unparse(writer, 0, 0);
    }
    writer.endList(frame);
  }
}
