package io.rocklake.conformance.sql;

import java.util.ArrayList;
import java.util.List;

/** Splits a multi-statement simple-query string at top-level semicolons (not inside literals). */
public final class Statements {
  private Statements() {}

  /** The statements' texts, trimmed, with empty statements dropped. */
  public static List<String> split(String sql) {
    List<String> out = new ArrayList<>();
    int from = 0;
    for (Token t : SqlLexer.tokenize(sql)) {
      if (t.isSymbol(";")) {
        add(out, sql.substring(from, t.start()));
        from = t.end();
      }
    }
    add(out, sql.substring(from));
    return out;
  }

  private static void add(List<String> out, String statement) {
    String s = statement.strip();
    if (!s.isEmpty() && !SqlLexer.tokenize(s).isEmpty()) {
      out.add(s);
    }
  }
}
