package io.rocklake.conformance.sql;

import java.util.ArrayList;
import java.util.List;

/** Splits token lists at commas that are not nested in parentheses. */
final class TopLevel {
  private TopLevel() {}

  static List<List<Token>> splitAtCommas(List<Token> tokens) {
    List<List<Token>> parts = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (t.isSymbol("(")) {
        depth++;
      } else if (t.isSymbol(")")) {
        depth--;
      } else if (depth == 0 && t.isSymbol(",")) {
        parts.add(tokens.subList(start, i));
        start = i + 1;
      }
    }
    if (start < tokens.size()) {
      parts.add(tokens.subList(start, tokens.size()));
    }
    return parts;
  }

  static String text(List<Token> tokens) {
    StringBuilder sb = new StringBuilder();
    for (Token t : tokens) {
      if (sb.length() > 0 && !t.isSymbol("(") && !t.isSymbol(")") && !t.isSymbol(",")
          && sb.charAt(sb.length() - 1) != '(') {
        sb.append(' ');
      }
      sb.append(t.text());
    }
    return sb.toString();
  }
}
