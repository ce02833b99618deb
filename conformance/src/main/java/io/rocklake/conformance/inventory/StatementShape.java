package io.rocklake.conformance.inventory;

import io.rocklake.conformance.sql.SqlLexer;
import io.rocklake.conformance.sql.Token;
import java.util.ArrayList;
import java.util.List;

/**
 * A statement's shape for the inventory: its tokens with every literal replaced by {@code ?}, white
 * space collapsed, IN-lists of literals collapsed to one {@code ?} and repeated VALUES rows to one.
 * Lexical only: the SQL pipeline's fingerprint works on the parsed tree; this is the corpus survey.
 */
public final class StatementShape {
  private StatementShape() {}

  public static String of(String sql) {
    List<String> out = new ArrayList<>();
    for (Token t : SqlLexer.tokenize(sql)) {
      switch (t.kind()) {
        case STRING: case NUMBER: case PARAMETER:
          out.add("?");
          break;
        case QUOTED_IDENTIFIER:
          out.add('"' + t.text().replace("\"", "\"\"") + '"');
          break;
        default:
          out.add(t.text());
      }
    }
    collapseInLists(out);
    collapseValuesRows(out);
    return render(out);
  }

  /** {@code IN (?, ?, ?)} → {@code IN (?)}. */
  private static void collapseInLists(List<String> t) {
    for (int i = 0; i + 2 < t.size(); i++) {
      if (t.get(i).equalsIgnoreCase("IN") && t.get(i + 1).equals("(")) {
        int j = i + 2;
        while (j + 2 < t.size() && t.get(j).equals("?") && t.get(j + 1).equals(",") && t.get(j + 2).equals("?")) {
          t.remove(j + 1);
          t.remove(j + 1);
        }
      }
    }
  }

  /** {@code VALUES (a), (b), (c)} → {@code VALUES (a)} when the rows have the same shape. */
  private static void collapseValuesRows(List<String> t) {
    for (int i = 0; i < t.size(); i++) {
      if (!t.get(i).equalsIgnoreCase("VALUES") || i + 1 >= t.size() || !t.get(i + 1).equals("(")) {
        continue;
      }
      int firstEnd = closing(t, i + 1);
      if (firstEnd < 0) {
        return;
      }
      List<String> first = new ArrayList<>(t.subList(i + 1, firstEnd + 1));
      int next = firstEnd + 1;
      while (next + first.size() < t.size() + 1 && next < t.size() && t.get(next).equals(",")
          && next + 1 < t.size() && t.get(next + 1).equals("(")) {
        int end = closing(t, next + 1);
        if (end < 0 || !t.subList(next + 1, end + 1).equals(first)) {
          break;
        }
        t.subList(next, end + 1).clear();
      }
    }
  }

  private static int closing(List<String> t, int open) {
    int depth = 0;
    for (int i = open; i < t.size(); i++) {
      if (t.get(i).equals("(")) {
        depth++;
      } else if (t.get(i).equals(")") && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  private static String render(List<String> tokens) {
    StringBuilder sb = new StringBuilder();
    String prev = null;
    for (String tok : tokens) {
      boolean tight = prev != null && (prev.equals("(") || prev.equals(".") || prev.equals("::")
          || tok.equals(")") || tok.equals(",") || tok.equals(".") || tok.equals("::") || tok.equals(";"));
      if (sb.length() > 0 && !tight) {
        sb.append(' ');
      }
      sb.append(tok);
      prev = tok;
    }
    return sb.toString();
  }
}
