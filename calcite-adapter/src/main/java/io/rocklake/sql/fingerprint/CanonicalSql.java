package io.rocklake.sql.fingerprint;

import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDialect;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.SqlWriterConfig;
import org.apache.calcite.sql.pretty.SqlPrettyWriter;

/**
 * Renders an AST as one line of SQL in RockLake's dialect: every identifier double-quoted,
 * keywords upper case, single spaces. The output parses back with the RockLake grammar, which
 * is what makes it usable as a normal form.
 */
public final class CanonicalSql {
  private CanonicalSql() {
  }

  /** PostgreSQL's identifier and literal quoting, with none of Calcite's dialect rewrites. */
  public static final SqlDialect DIALECT = new SqlDialect(SqlDialect.EMPTY_CONTEXT
      .withIdentifierQuoteString("\"")
      .withLiteralQuoteString("'")
      .withLiteralEscapedQuoteString("''")
      .withUnquotedCasing(Casing.TO_LOWER)
      .withQuotedCasing(Casing.UNCHANGED)
      .withCaseSensitive(true)) {
    /**
     * Calcite's DOT prints its "." as a list separator, which the pretty writer drops after a first
     * operand that is not an identifier ({@code 'a'.b}, {@code f(x).b} came out as {@code 'a' "b"},
     * which does not parse back); written out here.
     */
    @Override public void unparseCall(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
      if (call.getKind() != SqlKind.DOT) {
        super.unparseCall(writer, call, leftPrec, rightPrec);
        return;
      }
      call.operand(0).unparse(writer, leftPrec, call.getOperator().getLeftPrec());
      writer.setNeedWhitespace(false);
      writer.print(".");
      writer.setNeedWhitespace(false);
      call.operand(1).unparse(writer, 0, 0);
    }
  };

  private static final SqlWriterConfig CONFIG = SqlPrettyWriter.config()
      .withDialect(DIALECT)
      .withQuoteAllIdentifiers(true)
      .withKeywordsLowerCase(false)
      .withAlwaysUseParentheses(false)
      .withClauseStartsLine(false)
      .withClauseEndsLine(false)
      .withIndentation(0)
      .withSelectListItemsOnSeparateLines(false)
      .withWhereListItemsOnSeparateLines(false)
      .withUpdateSetListNewline(false)
      .withValuesListNewline(false)
      .withWindowNewline(false)
      .withWindowDeclListNewline(false)
      .withCaseClausesOnNewLines(false)
      .withLineFolding(SqlWriterConfig.LineFolding.WIDE);

  /** The statement as canonical one-line SQL. */
  public static String render(SqlNode statement) {
    final SqlPrettyWriter writer = new OneLineWriter();
    statement.unparse(writer, 0, 0);
    return writer.toSqlString().getSql();
  }

  /**
   * Calcite's pretty writer still breaks lines before some clauses (LIMIT, VALUES rows) whatever
   * its configuration; every line break becomes one space here.
   */
  private static final class OneLineWriter extends SqlPrettyWriter {
    OneLineWriter() {
      super(CONFIG);
    }

    @Override protected void whiteSpace() {
      if (NL.equals(nextWhitespace)) {
        nextWhitespace = " ";
      }
      super.whiteSpace();
    }

    @Override public void newlineAndIndent(int indent) {
      nextWhitespace = " ";
      setNeedWhitespace(true);
    }
  }
}
