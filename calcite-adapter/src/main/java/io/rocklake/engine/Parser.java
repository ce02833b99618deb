package io.rocklake.engine;

import io.rocklake.catalog.SqlState;
import io.rocklake.sql.fingerprint.Fingerprint;
import io.rocklake.sql.parser.SqlStatementParser;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;

/**
 * The parse step: statement text to trees, for every session of one {@link SqlEngine}. It owns
 * the engine's one parse cache — each distinct text is parsed once, and a text that differs from
 * one seen before only in its literals is copied from that parse ({@link ParseTemplates}) — so
 * DuckDB's repeated texts cost the generated parser nothing after the first time.
 */
final class Parser {
  private static final int CACHE_ENTRIES = 4096;
  private static final int CACHE_MAX_TEXT = 16 * 1024;

  private final SqlStatementParser grammar = new SqlStatementParser();
  private final ParseTemplates templates = new ParseTemplates();
  /** Parsed statements by exact text: DuckDB repeats most of its texts many times. */
  private final Map<String, List<SqlNode>> parsed = Collections.synchronizedMap(
      new LinkedHashMap<>(256, 0.75f, true) {
        @Override protected boolean removeEldestEntry(Map.Entry<String, List<SqlNode>> eldest) {
          return size() > CACHE_ENTRIES;
        }
      });

  /**
   * The statements of a text, shared between sessions: they must not be modified. A syntax error
   * is 42601, a statement over a program limit ({@link StatementLimits}) 54001 or 54011.
   */
  List<SqlNode> parse(String sql) {
    if (sql.length() > CACHE_MAX_TEXT) {
      return parseOwn(sql);
    }
    List<SqlNode> hit = parsed.get(sql);
    if (hit != null) {
      return hit;
    }
    List<SqlNode> fresh = templates.copy(sql);
    if (fresh == null) {
      fresh = parseOwn(sql);
      templates.learn(sql, fresh);
    }
    parsed.put(sql, fresh);
    return fresh;
  }

  /** The statements of a text as trees of the caller's own, which it may rewrite (Calcite's validator does). */
  List<SqlNode> parseOwn(String sql) {
    List<SqlNode> statements;
    try {
      statements = grammar.parseStatements(sql);
    } catch (SqlParseException e) {
      if (StatementLimits.isStackOverflow(e)) {
        throw StatementLimits.tooDeep();
      }
      throw new EngineException(SqlState.SYNTAX_ERROR, "syntax error: "
          + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
    }
    StatementLimits.check(statements);
    return statements;
  }

  /**
   * A private tree of a statement's canonical rendering, for its whitelist key ({@link ShapeKey}):
   * a full copy of the template's parse when there is one, else a parse.
   */
  SqlNode canonicalCopy(String canonical) {
    List<SqlNode> copy = templates.copyPrivate(canonical);
    if (copy != null) {
      return copy.get(0);
    }
    SqlNode parsed = Fingerprint.parse(canonical);
    if (!templates.learn(canonical, List.of(parsed))) {
      return parsed;
    }
    copy = templates.copyPrivate(canonical); // the parse is the template's now: hand out a copy of it
    return copy != null ? copy.get(0) : Fingerprint.parse(canonical);
  }
}
