package io.rocklake.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;

/** Test shorthand: parse SQL that is expected to be valid. */
public final class Sql {
  private static final SqlStatementParser PARSER = new SqlStatementParser();

  private Sql() {
  }

  /** The single statement of {@code sql}. */
  public static SqlNode parse(String sql) {
    final List<SqlNode> statements = parseAll(sql);
    assertThat(statements).as("statements in %s", sql).hasSize(1);
    return statements.get(0);
  }

  /** Every statement of {@code sql}. */
  public static List<SqlNode> parseAll(String sql) {
    try {
      return PARSER.parseStatements(sql);
    } catch (SqlParseException e) {
      throw new AssertionError("Does not parse: " + sql + "\n" + e.getMessage(), e);
    }
  }
}
