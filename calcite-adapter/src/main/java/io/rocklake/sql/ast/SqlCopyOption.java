package io.rocklake.sql.ast;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;
import org.checkerframework.checker.nullness.qual.Nullable;

/** One option of a COPY statement, e.g. {@code FORMAT binary} or {@code NULL '\b'}. */
public final class SqlCopyOption extends SqlCall {
  public static final SqlOperator OPERATOR = new SqlSpecialOperator("COPY OPTION", SqlKind.OTHER);

  /** PostgreSQL's COPY options that the grammar reads as bare words (ESCAPE and DEFAULT are reserved). */
  private static final Set<String> BARE_NAMES = Set.of("FORMAT", "NULL", "DELIMITER", "HEADER", "QUOTE", "ENCODING",
      "FREEZE", "FORCE_QUOTE", "FORCE_NOT_NULL", "FORCE_NULL", "ON_ERROR", "LOG_VERBOSITY", "OIDS");

  private final String name;
  private @Nullable SqlNode value;

  /** {@code name} is upper case; {@code value} is a literal, an identifier, or null (flag option). */
  public SqlCopyOption(SqlParserPos pos, String name, @Nullable SqlNode value) {
    super(pos);
    this.name = Objects.requireNonNull(name, "name");
    this.value = value;
  }

  public String name() {
    return name;
  }

  public @Nullable SqlNode value() {
    return value;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<@Nullable SqlNode> getOperandList() {
    return ImmutableNullableList.of(value);
  }

  @Override public void setOperand(int i, @Nullable SqlNode operand) {
    if (i != 0) {
      throw new IllegalArgumentException("operand " + i);
    }
    value = operand;
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    // Any other name came in quoted ("binary", "select"): written bare it could be a reserved word
    // and the text would not parse back, so it is written quoted (as the upper-case name it is).
    if (BARE_NAMES.contains(name)) {
      writer.keyword(name);
    } else {
      writer.identifier(name, true);
    }
    if (value != null) {
      value.unparse(writer, 0, 0);
    }
  }
}
