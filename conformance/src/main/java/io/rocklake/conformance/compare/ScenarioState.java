package io.rocklake.conformance.compare;

import io.rocklake.conformance.sql.TableSchemas;
import io.rocklake.pgwire.types.Tid;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Everything the comparator learns while one scenario replays: the value mappings (OIDs, times,
 * row locators), which namespace OIDs are PostgreSQL's own on each side, the tables' column types
 * and each connection's last described statement.
 */
public final class ScenarioState {
  final ConsistentMapping<Long> objectIds = new ConsistentMapping<>("object OID");
  final OrderPreservingMapping<Instant> serverTimes = new OrderPreservingMapping<>("server timestamp");
  /** Row locators per relation: a ctid names a row of one table, and two tables have the same ctids. */
  private final Map<String, ConsistentMapping<Tid>> rowLocators = new HashMap<>();
  /** The relation whose row locators the statement being compared reads. */
  private String locatorRelation = "";
  /** The relation of the last statement that read or named ctids. */
  private String lastCtidRelation = "";
  final Set<Long> expectedSystemNamespaces = new HashSet<>();
  final Set<Long> actualSystemNamespaces = new HashSet<>();
  final TableSchemas schemas = new TableSchemas();
  /** Per connection: the column types of the last Describe, by column name. */
  final Map<Integer, Map<String, Integer>> describedTypes = new HashMap<>();

  /** PostgreSQL's own namespaces, whose rows the catalog-reflection queries return but DuckDB ignores. */
  static boolean isSystemNamespace(String nspname) {
    return nspname.equals("pg_catalog") || nspname.equals("information_schema")
        || nspname.startsWith("pg_toast") || nspname.startsWith("pg_temp_");
  }

  public TableSchemas schemas() {
    return schemas;
  }

  private static final java.util.regex.Pattern TARGET_RELATION = java.util.regex.Pattern.compile(
      "(?is)^\\s*(?:UPDATE\\s+|.*?\\bFROM\\s+)(?:\"?\\w+\"?\\s*\\.\\s*)?\"?([\\w-]+)\"?");

  /**
   * The relation a statement's row locators belong to: an UPDATE's target, else the first relation
   * it reads or deletes FROM (DuckDB's ctid scans and {@code DELETE … WHERE ctid IN} name one table).
   */
  static String relationOf(String sql) {
    java.util.regex.Matcher m = TARGET_RELATION.matcher(sql == null ? "" : sql);
    return m.find() ? m.group(1).toLowerCase(java.util.Locale.ROOT) : "";
  }

  /** Compares the next statement's row locators as rows of the relation it names. */
  void locatorsOf(String sql) {
    locatorRelation = relationOf(sql);
    if (sql != null && sql.toLowerCase(java.util.Locale.ROOT).contains("ctid")) {
      lastCtidRelation = locatorRelation;
    }
  }

  /**
   * Text COPY data with every ctid literal rewritten as {@link #rewriteRowLocators} does, as rows of
   * the relation whose ctids were read last: DuckDB copies the ctids it has just read.
   */
  public String rewriteCopiedRowLocators(String data) {
    return data.indexOf("'(") < 0 ? data : rewrite(data, rowLocators(lastCtidRelation));
  }

  ConsistentMapping<Tid> rowLocators() {
    return rowLocators(locatorRelation);
  }

  private ConsistentMapping<Tid> rowLocators(String relation) {
    return rowLocators.computeIfAbsent(relation, r -> new ConsistentMapping<>("ctid of " + (r.isEmpty() ? "a row" : r)));
  }

  /** How many distinct values each mapping has paired so far; for reports and tests. */
  private static final java.util.regex.Pattern TID_LITERAL = java.util.regex.Pattern.compile("'\\((\\d+),(\\d+)\\)'");

  /**
   * A captured statement with every row locator literal ({@code '(0,3)'}) the server answered
   * earlier replaced by what the target answered for the same row: DuckDB sends back the ctids it
   * read, so a replay must send back the target's. Unknown locators are left as captured.
   */
  public String rewriteRowLocators(String sql) {
    if (sql.indexOf("'(") < 0) {
      return sql;
    }
    return rewrite(sql, rowLocators(relationOf(sql)));
  }

  private static String rewrite(String sql, ConsistentMapping<Tid> rowLocators) {
    java.util.regex.Matcher m = TID_LITERAL.matcher(sql);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      Tid captured = new Tid(Long.parseLong(m.group(1)), Integer.parseInt(m.group(2)));
      String replacement = rowLocators.target(captured).map(t -> "'(" + t.block() + "," + t.offset() + ")'")
          .orElse(m.group());
      m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(replacement));
    }
    m.appendTail(out);
    return out.toString();
  }

  public String mappingSummary() {
    return "oids=" + objectIds.size() + " times=" + serverTimes.size() + " ctids=" + rowLocators.values().stream().mapToInt(ConsistentMapping::size).sum();
  }
}
