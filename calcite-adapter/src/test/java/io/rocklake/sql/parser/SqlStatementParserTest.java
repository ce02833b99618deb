package io.rocklake.sql.parser;

import static io.rocklake.sql.parser.Sql.parseAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.rocklake.sql.ast.SqlBeginTransaction;
import java.util.List;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.junit.jupiter.api.Test;

/** Splitting multi-statement texts and reporting syntax errors. */
class SqlStatementParserTest {
  private final SqlStatementParser parser = new SqlStatementParser();

  @Test
  void beginIsAcceptedAsTheFirstOfSeveralStatementsInOneQuery() {
    final List<SqlNode> statements = parseAll(
        "BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ;\n\nSELECT oid, nspname\nFROM pg_namespace\n"
            + "\nORDER BY oid;\n\nSELECT 1;\n");

    assertThat(statements).hasSize(3);
    assertThat(statements.get(0)).isInstanceOf(SqlBeginTransaction.class);
  }

  @Test
  void aBareBeginEndsAtItsSemicolon() {
    assertThat(parseAll("BEGIN; SELECT 1; COMMIT")).hasSize(3);
  }

  @Test
  void semicolonsInsideLiteralsDoNotSplit() {
    final List<SqlNode> statements =
        parseAll("INSERT INTO t VALUES (1, 'a;b');INSERT INTO t VALUES (2, 'c')");

    assertThat(statements).hasSize(2).allMatch(SqlInsert.class::isInstance);
  }

  @Test
  void emptyStatementsBetweenAndAfterSemicolonsAreSkipped() {
    assertThat(parseAll("SELECT 1;;SELECT 2;")).hasSize(2).allMatch(SqlSelect.class::isInstance);
  }

  @Test
  void leadingSemicolonsAreSkippedToo() {
    assertThat(parseAll(";\n;SELECT 1")).hasSize(1);
  }

  @Test
  void anEmptyTextHasNoStatements() {
    assertThat(parseAll("")).isEmpty();
    assertThat(parseAll("  \n\t")).isEmpty();
  }

  @Test
  void aSyntaxErrorIsASqlParseExceptionWithLineAndColumn() {
    final SqlParseException error = catchThrowableOfType(SqlParseException.class,
        () -> parser.parseStatements("SELECT 1;\nSELECT a FROM WHERE b = 1"));

    assertThat(error.getPos()).isNotNull();
    assertThat(error.getPos().getLineNum()).isEqualTo(2);
    assertThat(error.getPos().getColumnNum()).isEqualTo(15);
    assertThat(error.getMessage()).contains("WHERE");
  }

  @Test
  void theErrorPositionConvertsToPostgresCharacterOffset() {
    final String sql = "SELECT 1;\nSELECT a FROM WHERE b = 1";
    final SqlParseException error =
        catchThrowableOfType(SqlParseException.class, () -> parser.parseStatements(sql));

    final int offset = SyntaxErrorPosition.characterOffset(sql, error);

    assertThat(sql.substring(offset - 1)).startsWith("WHERE");
  }

  @Test
  void lexicalErrorsAreParseErrorsToo() {
    assertThatThrownBy(() -> parser.parseStatements("SELECT 'unterminated"))
        .isInstanceOf(SqlParseException.class);
    assertThatThrownBy(() -> parser.parseStatements("SELECT \u0008"))
        .isInstanceOf(SqlParseException.class);
  }

  @Test
  void parameterNumbersOutOfRangeAreParseErrors() {
    assertThatThrownBy(() -> parser.parseStatements("SELECT $0"))
        .isInstanceOf(SqlParseException.class);
    assertThatThrownBy(() -> parser.parseStatements("SELECT $12345678901234"))
        .isInstanceOf(SqlParseException.class);
  }

  @Test
  void absurdlyDeepNestingIsAParseErrorNotACrash() {
    final String sql = "SELECT " + "(".repeat(200_000) + "1" + ")".repeat(200_000);

    assertThatThrownBy(() -> parser.parseStatements(sql)).isInstanceOf(SqlParseException.class);
  }

  @Test
  void parseStatementDemandsExactlyOne() {
    assertThatThrownBy(() -> parser.parseStatement("SELECT 1; SELECT 2"))
        .isInstanceOf(SqlParseException.class)
        .hasMessageContaining("exactly one");
  }
}
