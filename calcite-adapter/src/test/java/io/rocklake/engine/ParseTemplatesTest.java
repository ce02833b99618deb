package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.sql.corpus.ConformanceCorpus;
import io.rocklake.sql.fingerprint.CanonicalSql;
import io.rocklake.sql.parser.SqlStatementParser;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A text copied from the parse of another text of its shape is exactly what the parser makes of
 * it: checked for every SQL text DuckDB sent in the captures, with the template made from the same
 * text with every literal changed.
 */
class ParseTemplatesTest {
  private static final SqlStatementParser PARSER = new SqlStatementParser();

  private ParseTemplates templates = new ParseTemplates();

  @BeforeEach
  void forget() {
    templates = new ParseTemplates();
  }

  private static List<SqlNode> parse(String sql) {
    try {
      return PARSER.parseStatements(sql);
    } catch (SqlParseException e) {
      throw new IllegalArgumentException(e);
    }
  }

  /** The text with every literal changed, kinds kept: strings get a 'z', numbers a leading 1. */
  private static String variant(String sql) {
    ParseTemplates.Lexed lexed = ParseTemplates.lex(sql);
    StringBuilder out = new StringBuilder();
    int at = 0;
    for (ParseTemplates.Token t : lexed.literals()) {
      out.append(sql, at, t.start());
      out.append(t.kind() == ParseTemplates.Kind.STRING
          ? t.text().substring(0, t.text().length() - 1) + "z'" : "1" + t.text());
      at = t.start() + t.text().length();
    }
    return out.append(sql.substring(at)).toString();
  }

  /** Keeps the parse of {@code sql} as the template of its shape, as the engine's parser does. */
  private void learn(String sql) {
    templates.learn(sql, parse(sql));
  }

  /** {@code sql} copied from its template, which must copy it. */
  private List<SqlNode> copied(String sql) {
    List<SqlNode> copy = templates.copy(sql);
    assertThat(copy).as("copied, not left to the parser: %s", sql).isNotNull();
    return copy;
  }

  /** Seeds the template with a variant of {@code sql}, then takes {@code sql} through it. */
  private List<SqlNode> throughTemplate(String sql) {
    learn(variant(sql));
    return copied(sql);
  }

  private static void assertSameParse(String sql, List<SqlNode> actual) {
    List<SqlNode> expected = parse(sql);
    assertThat(actual).as(sql).hasSameSizeAs(expected);
    for (int i = 0; i < expected.size(); i++) {
      assertThat(ParseTemplates.sameTree(expected.get(i), actual.get(i)))
          .as("statement %d of %s:\nparser:   %s\ntemplate: %s", i, sql, CanonicalSql.render(expected.get(i)),
              CanonicalSql.render(actual.get(i)))
          .isTrue();
    }
  }

  /** Every distinct SQL text DuckDB sent in the captures. */
  static Set<String> capturedTexts() {
    Set<String> texts = new LinkedHashSet<>();
    for (ConformanceCorpus.SqlText t : ConformanceCorpus.sqlTexts()) {
      texts.add(t.sql());
    }
    return texts;
  }

  @Test
  void everyCapturedTextThroughItsTemplateIsWhatTheParserMakesOfIt() {
    Set<String> texts = capturedTexts();
    int withLiterals = 0;
    int copied = 0;
    List<String> notCopied = new ArrayList<>();
    for (String sql : texts) {
      ParseTemplates.Lexed lexed = ParseTemplates.lex(sql);
      if (lexed == null || lexed.literals().isEmpty()) {
        continue;
      }
      withLiterals++;
      try {
        parse(variant(sql));
      } catch (IllegalArgumentException variantDoesNotParse) {
        continue;
      }
      templates = new ParseTemplates();
      learn(variant(sql));
      if (!templates.copies(sql)) {
        notCopied.add(sql);
        continue;
      }
      assertSameParse(sql, throughTemplate(sql));
      copied++;
    }
    System.out.printf("parse templates: %d captured texts, %d with literals, %d copied from a template%n",
        texts.size(), withLiterals, copied);
    assertThat(withLiterals).isGreaterThan(400);
    assertThat(copied).as("texts copied; not copied: %s", notCopied.subList(0, Math.min(5, notCopied.size())))
        .isGreaterThanOrEqualTo(withLiterals * 9 / 10);
  }

  @Test
  void everyCapturedStatementHasTheSameWhitelistKeyWithTemplatesAsWithout() {
    Set<String> texts = capturedTexts();
    int compared = 0;
    for (String sql : texts) {
      List<SqlNode> statements = parse(sql);
      ParseTemplates.Lexed lexed = ParseTemplates.lex(sql);
      List<SqlNode> variants = null;
      if (lexed != null && !lexed.literals().isEmpty()) {
        try {
          variants = parse(variant(sql));
        } catch (IllegalArgumentException variantDoesNotParse) {
          variants = null;
        }
      }
      for (int i = 0; i < statements.size(); i++) {
        io.rocklake.sql.fingerprint.Fingerprint expected =
            ShapeKey.of(statements.get(i), io.rocklake.sql.fingerprint.Fingerprint::parse);
        Parser parser = new Parser(); // the engine's, with templates of its own
        if (variants != null && variants.size() == statements.size()) {
          ShapeKey.of(variants.get(i), parser::canonicalCopy); // the template now holds the variant's literals
        }
        assertThat(ShapeKey.of(statements.get(i), parser::canonicalCopy)).as("statement %d of %s", i, sql).isEqualTo(expected);
        assertThat(ShapeKey.of(statements.get(i), parser::canonicalCopy)).as("again, %d of %s", i, sql).isEqualTo(expected);
        compared++;
      }
    }
    assertThat(compared).isGreaterThan(800);
  }

  @Test
  void literalsTakeTheirPlacesAcrossLinesTabsAndStatements() {
    String sql = "INSERT INTO t VALUES (1, 'it''s',\t2.5);\r\nUPDATE t SET a = 7\n\tWHERE b IN (8, 9) AND c = 'x'";
    assertSameParse(sql, throughTemplate(sql));
  }

  @Test
  void textsWithCommentsEscapesOrFoldedLiteralsAreParsedEachTime() {
    for (String sql : List.of("SELECT 1 -- one", "SELECT /* c */ 1", "SELECT E'a\\n'", "SELECT $1 + 1")) {
      assertThat(ParseTemplates.lex(sql)).as(sql).isNull();
    }
    for (String sql : List.of("SELECT DATE '2026-01-01', 1", "SELECT -5, 'a'", "SELECT INTERVAL '1' DAY")) {
      learn(sql);
      assertThat(templates.copies(sql)).as(sql).isFalse();
      assertThat(templates.copy(sql)).as(sql).isNull();
    }
  }

  @Test
  void aTemplateTellsNumbersFromStringsAndIntegersFromDecimals() {
    learn("SELECT a FROM t WHERE b = 1");
    assertThat(ParseTemplates.lex("SELECT a FROM t WHERE b = '1'").template())
        .isNotEqualTo(ParseTemplates.lex("SELECT a FROM t WHERE b = 1").template());
    assertThat(ParseTemplates.lex("SELECT a FROM t WHERE b = 1.0").template())
        .isNotEqualTo(ParseTemplates.lex("SELECT a FROM t WHERE b = 1").template());
    assertSameParse("SELECT a FROM t WHERE b = 2", copied("SELECT a FROM t WHERE b = 2"));
  }
}
