package io.rocklake.sql.parser;

import io.rocklake.sql.parser.impl.GrowingCharStream;
import io.rocklake.sql.parser.impl.RockLakeSqlParserImpl;
import java.io.StringReader;
import java.util.List;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlConformanceEnum;

/**
 * Parses the SQL text of a PostgreSQL Query or Parse message into Calcite ASTs with the RockLake
 * grammar. Stateless and thread-safe.
 *
 * <p>A simple Query may hold several statements; the grammar's statement-list production splits
 * them (the text is never split on {@code ;} by hand, which would break on {@code ';'} inside
 * literals). Empty statements ({@code ;;}, a trailing {@code ;}) are skipped.
 *
 * <p>Every failure is a {@link SqlParseException} with a position, usable for SQLSTATE 42601.
 */
public final class SqlStatementParser {

  /**
   * PostgreSQL lexical rules: double-quoted identifiers keep their case, unquoted ones fold to
   * lower case, and Babel conformance for the lenient bits (LIMIT, {@code ::}, ...).
   */
  public static final SqlParser.Config CONFIG = SqlParser.config()
      .withParserFactory(RockLakeSqlParserImpl.FACTORY)
      .withConformance(SqlConformanceEnum.BABEL)
      .withQuoting(Quoting.DOUBLE_QUOTE)
      .withUnquotedCasing(Casing.TO_LOWER)
      .withQuotedCasing(Casing.UNCHANGED)
      .withCaseSensitive(true);

  /** Parses zero or more statements separated by {@code ;}. */
  public List<SqlNode> parseStatements(String sql) throws SqlParseException {
    final RockLakeSqlParserImpl parser = newParser(sql);
    try {
      return List.copyOf(parser.RockLakeStatementList());
    } catch (OutOfMemoryError e) {
      throw e;
    } catch (Throwable e) {
      // Every other failure becomes a syntax error: lexical errors (TokenMgrError), exceptions
      // thrown inside parser actions, and a stack overflow on absurdly nested input.
      throw withPosition(parser.normalizeException(e));
    }
  }

  /**
   * A generated parser set up as {@link SqlParser} would for {@link #CONFIG}; used directly
   * because SqlParser can only run Calcite's own statement list, which fails on an empty text.
   */
  private static RockLakeSqlParserImpl newParser(String sql) {
    // A plain StringReader: for a SourceStringReader the factory sizes the character buffer to
    // the text, and a zero-sized buffer fails on the empty text.
    final StringReader reader = new StringReader(sql);
    final RockLakeSqlParserImpl parser = (RockLakeSqlParserImpl) CONFIG.parserFactory().getParser(reader);
    // A buffer that grows geometrically: JavaCC's grows by 2 KB, quadratic in the longest token.
    GrowingCharStream.install(parser, reader);
    parser.setOriginalSql(sql);
    parser.setTabSize(1);
    parser.setQuotedCasing(CONFIG.quotedCasing());
    parser.setUnquotedCasing(CONFIG.unquotedCasing());
    parser.setIdentifierMaxLength(CONFIG.identifierMaxLength());
    parser.setConformance(CONFIG.conformance());
    parser.switchTo(SqlAbstractParserImpl.LexicalState.forConfig(CONFIG));
    return parser;
  }

  /** Parses exactly one statement (an optional trailing {@code ;} is allowed). */
  public SqlNode parseStatement(String sql) throws SqlParseException {
    final List<SqlNode> statements = parseStatements(sql);
    if (statements.size() != 1) {
      throw new SqlParseException(
          "Expected exactly one statement, found " + statements.size(),
          new SqlParserPos(1, 1),
          null, null, null);
    }
    return statements.get(0);
  }

  /**
   * Calcite leaves the position out of a few errors (an exception thrown inside a parser
   * action); the wire layer needs one, so such errors point at the start of the text.
   */
  private static SqlParseException withPosition(SqlParseException e) {
    if (e.getPos() != null) {
      return e;
    }
    return new SqlParseException(e.getMessage(), new SqlParserPos(1, 1),
        e.getExpectedTokenSequences(), e.getTokenImages(), e.getCause());
  }
}
