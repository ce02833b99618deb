package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.sql.fingerprint.CanonicalSql;
import io.rocklake.sql.parser.SqlStatementParser;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;

/**
 * Whatever literal values a captured DuckDB text carries (quotes, Unicode, huge or tiny numbers),
 * taking it through a template made from other values gives what the parser makes of it.
 */
class ParseTemplatesProperties {
  private static final SqlStatementParser PARSER = new SqlStatementParser();
  private static final List<String> TEXTS = capturedTexts();

  private static List<String> capturedTexts() {
    List<String> out = new ArrayList<>();
    for (String sql : ParseTemplatesTest.capturedTexts()) {
      ParseTemplates.Lexed lexed = ParseTemplates.lex(sql);
      if (lexed != null && !lexed.literals().isEmpty()) {
        out.add(sql);
      }
    }
    return out;
  }

  private static List<SqlNode> parse(String sql) {
    try {
      return PARSER.parseStatements(sql);
    } catch (SqlParseException e) {
      return null;
    }
  }

  /** {@code sql} with its literals replaced, in order, by {@code values} of the same kinds. */
  private static String with(String sql, List<String> strings, List<String> integers, List<String> decimals) {
    ParseTemplates.Lexed lexed = ParseTemplates.lex(sql);
    StringBuilder out = new StringBuilder();
    int at = 0;
    int k = 0;
    for (ParseTemplates.Token t : lexed.literals()) {
      out.append(sql, at, t.start());
      String v = switch (t.kind()) {
        case STRING -> "'" + strings.get(k % strings.size()).replace("'", "''") + "'";
        case INTEGER -> integers.get(k % integers.size());
        case DECIMAL -> decimals.get(k % decimals.size());
        case APPROXIMATE -> t.text();
      };
      out.append(v);
      at = t.start() + t.text().length();
      k++;
    }
    return out.append(sql.substring(at)).toString();
  }

  @Property(tries = 600)
  void aTextThroughAnotherTextsTemplateIsWhatTheParserMakesOfIt(
      @ForAll("texts") String text,
      @ForAll("strings") List<String> seedStrings, @ForAll("integers") List<String> seedIntegers,
      @ForAll("decimals") List<String> seedDecimals,
      @ForAll("strings") List<String> strings, @ForAll("integers") List<String> integers,
      @ForAll("decimals") List<String> decimals) {
    String seed = with(text, seedStrings, seedIntegers, seedDecimals);
    String sql = with(text, strings, integers, decimals);
    List<SqlNode> expected = parse(sql);
    if (parse(seed) == null || expected == null) {
      return; // a value the grammar refuses here (a huge number as a type length, say)
    }
    ParseTemplates templates = new ParseTemplates();
    templates.learn(seed, parse(seed));
    List<SqlNode> copied = templates.copy(sql);
    List<SqlNode> actual = copied != null ? copied : expected;
    assertThat(actual).as(sql).hasSameSizeAs(expected);
    for (int i = 0; i < expected.size(); i++) {
      assertThat(ParseTemplates.sameTree(expected.get(i), actual.get(i)))
          .as("%s\nparser:   %s\ntemplate: %s", sql, CanonicalSql.render(expected.get(i)),
              CanonicalSql.render(actual.get(i)))
          .isTrue();
    }
  }

  @Provide
  Arbitrary<String> texts() {
    return Arbitraries.of(TEXTS);
  }

  @Provide
  Arbitrary<List<String>> strings() {
    return Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(12),
        Arbitraries.strings().withChars("a'\" ;,()\t\n").ofMaxLength(8),
        Arbitraries.of("", "'", "''", "😀", "日本", "(0,1)", "2026-01-01 10:00:00+00", "NULL", "--", "/*"))
        .list().ofMinSize(1).ofMaxSize(4);
  }

  @Provide
  Arbitrary<List<String>> integers() {
    return Arbitraries.oneOf(
        Arbitraries.longs().greaterOrEqual(0).map(String::valueOf),
        Arbitraries.of("0", "00", "2147483648", "9223372036854775808", "99999999999999999999999"))
        .list().ofMinSize(1).ofMaxSize(4);
  }

  @Provide
  Arbitrary<List<String>> decimals() {
    return Arbitraries.of("0.0", "1.5", "0.000001", "12345678901234567890.123", "1.", "3.14")
        .list().ofMinSize(1).ofMaxSize(4);
  }
}
