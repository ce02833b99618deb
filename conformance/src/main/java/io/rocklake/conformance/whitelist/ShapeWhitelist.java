package io.rocklake.conformance.whitelist;

import io.rocklake.conformance.corpus.CapturedMessage;
import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import io.rocklake.conformance.wire.FrontendMessages;
import io.rocklake.engine.ShapeKey;
import io.rocklake.sql.fingerprint.Fingerprint;
import io.rocklake.sql.parser.SqlStatementParser;
import io.rocklake.sql.statement.StatementClassifier;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;

/**
 * The whitelist of statement shapes, generated from the wire captures: every statement DuckDB sent
 * (each statement of a multi-statement Query, and every Parse), parsed by the server's own grammar
 * and keyed by {@link ShapeKey}. One line per shape: {@code hash<TAB>category<TAB>normalized SQL}.
 */
public final class ShapeWhitelist {
  public static final String HEADER = """
      # Statement shapes DuckDB sends, generated from the wire captures in conformance/corpus by
      # `bin/rocklake-conformance whitelist`; do not edit by hand. hash<TAB>category<TAB>normalized SQL.
      # Writes must match a line; with --strict-shapes, reads must too. See docs/shapes.md.
      """;

  private ShapeWhitelist() {}

  /** The lines of the whitelist, sorted by category then hash. */
  public static String generate(Corpus corpus) {
    SqlStatementParser parser = new SqlStatementParser();
    Map<String, String> lines = new TreeMap<>();
    for (Scenario s : corpus.scenarios()) {
      for (CapturedMessage m : s.messages()) {
        if (!m.isFrontend() || !(m.type().equals("Q") || m.type().equals("P"))) {
          continue;
        }
        String sql = FrontendMessages.sql(m).orElse("");
        List<SqlNode> statements;
        try {
          statements = parser.parseStatements(sql);
        } catch (SqlParseException e) {
          throw new IllegalStateException("captured statement does not parse (scenario " + s.name() + ", seq "
              + m.seq() + "): " + sql, e);
        }
        for (SqlNode statement : statements) {
          String category = StatementClassifier.classify(statement).name().toLowerCase(Locale.ROOT);
          Fingerprint f = ShapeKey.of(statement);
          lines.put(category + "\t" + f.hash(), f.hash() + "\t" + category + "\t" + f.normalizedSql().replace('\n', ' '));
        }
      }
    }
    StringBuilder out = new StringBuilder(HEADER);
    lines.values().forEach(l -> out.append(l).append('\n'));
    return out.toString();
  }
}
