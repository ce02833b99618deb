package io.rocklake.conformance.sql;

import java.util.List;
import java.util.Set;

/** What the comparator needs to know about one statement to compare its result fairly. */
public final class StatementFacts {
  private static final Set<String> SYSTEM_CATALOG_RELATIONS = Set.of(
      "pg_namespace", "pg_class", "pg_attribute", "pg_type", "pg_constraint", "pg_index",
      "pg_indexes", "pg_enum", "pg_description", "pg_tables");

  private final String sql;
  private final List<Token> tokens;

  public StatementFacts(String sql) {
    this.sql = sql;
    this.tokens = SqlLexer.tokenize(sql);
  }

  public String sql() {
    return sql;
  }

  /**
   * True when the outermost query sorts its rows: an ORDER BY at parenthesis depth 0, or depth 1
   * inside {@code COPY (query)}. Results of other statements are compared as multisets.
   */
  public boolean isOrdered() {
    return orderByAt() >= 0;
  }

  /** Where the outermost query's ORDER BY starts (the ORDER token), or -1. */
  private int orderByAt() {
    int queryDepth = !tokens.isEmpty() && tokens.get(0).isWord("COPY") ? 1 : 0;
    int depth = 0;
    for (int i = 0; i + 1 < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (t.isSymbol("(")) {
        depth++;
      } else if (t.isSymbol(")")) {
        depth--;
      } else if (depth == queryDepth && t.isWord("ORDER") && tokens.get(i + 1).isWord("BY")) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The column names the outermost ORDER BY sorts on (the last part of each key), or an empty list
   * when a key is not a plain column reference. Rows equal on these keys may come in any order.
   */
  public List<String> orderKeyNames() {
    int at = orderByAt();
    if (at < 0) {
      return List.of();
    }
    List<String> keys = new java.util.ArrayList<>();
    String last = null;
    for (int k = at + 2; k < tokens.size(); k++) {
      Token x = tokens.get(k);
      if (x.isSymbol(",") || x.isSymbol(")") || x.isSymbol(";") || x.isWord("LIMIT") || x.isWord("OFFSET")) {
        if (last == null) {
          return List.of();
        }
        keys.add(last);
        last = null;
        if (!x.isSymbol(",")) {
          return keys;
        }
      } else if (x.isIdentifier()) {
        last = x.identifier();
      } else if (!(x.isWord("ASC") || x.isWord("DESC") || x.isWord("NULLS") || x.isWord("FIRST")
          || x.isWord("LAST") || x.isSymbol("."))) {
        return List.of();
      }
    }
    if (last != null) {
      keys.add(last);
    }
    return keys;
  }

  /** True when the statement reads PostgreSQL's own catalog relations (pg_namespace, ...). */
  public boolean readsSystemCatalog() {
    return tokens.stream().anyMatch(t -> t.isIdentifier() && SYSTEM_CATALOG_RELATIONS.contains(t.identifier()));
  }

  /** True when the statement calls {@code version()}, whose text describes the server. */
  public boolean callsVersion() {
    for (int i = 0; i + 1 < tokens.size(); i++) {
      if (tokens.get(i).isWord("version") && tokens.get(i + 1).isSymbol("(")) {
        return true;
      }
    }
    return false;
  }

  public boolean startsWith(String... words) {
    if (tokens.size() < words.length) {
      return false;
    }
    for (int i = 0; i < words.length; i++) {
      if (!tokens.get(i).isWord(words[i])) {
        return false;
      }
    }
    return true;
  }

  public List<Token> tokens() {
    return tokens;
  }
}
