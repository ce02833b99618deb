package io.rocklake.conformance.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * A PostgreSQL lexer, just deep enough for the harness to find statement boundaries, the tables a
 * COPY reads and the types a CREATE TABLE declares. It follows {@code standard_conforming_strings=on}
 * (backslashes in {@code '...'} are literal), {@code ''} and {@code ""} doubling, {@code E'...'}
 * escapes, dollar quoting, and {@code --} and nested block comments. It never fails: text it does
 * not understand becomes single-character symbols.
 */
public final class SqlLexer {
  private static final String[] MULTI_CHAR_SYMBOLS = {"::", "<=", ">=", "<>", "!=", "||", "=>"};

  private SqlLexer() {}

  public static List<Token> tokenize(String sql) {
    List<Token> tokens = new ArrayList<>();
    int i = 0;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        while (i < n && sql.charAt(i) != '\n') {
          i++;
        }
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        i = skipBlockComment(sql, i);
      } else if (c == '\'') {
        i = string(sql, i, i, false, tokens);
      } else if ((c == 'E' || c == 'e') && i + 1 < n && sql.charAt(i + 1) == '\'') {
        i = string(sql, i, i + 1, true, tokens);
      } else if (c == '"') {
        i = quotedIdentifier(sql, i, tokens);
      } else if (c == '$' && i + 1 < n && Character.isDigit(sql.charAt(i + 1))) {
        int j = i + 1;
        while (j < n && Character.isDigit(sql.charAt(j))) {
          j++;
        }
        tokens.add(new Token(Token.Kind.PARAMETER, sql.substring(i, j), i, j));
        i = j;
      } else if (c == '$' && dollarTagEnd(sql, i) > 0) {
        i = dollarString(sql, i, tokens);
      } else if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(sql.charAt(i + 1)))) {
        i = number(sql, i, tokens);
      } else if (Character.isLetter(c) || c == '_') {
        int j = i + 1;
        while (j < n && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_' || sql.charAt(j) == '$')) {
          j++;
        }
        tokens.add(new Token(Token.Kind.WORD, sql.substring(i, j), i, j));
        i = j;
      } else {
        i = symbol(sql, i, tokens);
      }
    }
    return tokens;
  }

  private static int skipBlockComment(String sql, int i) {
    int depth = 0;
    int n = sql.length();
    while (i < n) {
      if (sql.startsWith("/*", i)) {
        depth++;
        i += 2;
      } else if (sql.startsWith("*/", i)) {
        depth--;
        i += 2;
        if (depth == 0) {
          return i;
        }
      } else {
        i++;
      }
    }
    return n;
  }

  private static int string(String sql, int start, int quote, boolean escapes, List<Token> out) {
    StringBuilder value = new StringBuilder();
    int i = quote + 1;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      if (c == '\'') {
        if (i + 1 < n && sql.charAt(i + 1) == '\'') {
          value.append('\'');
          i += 2;
          continue;
        }
        out.add(new Token(Token.Kind.STRING, value.toString(), start, i + 1));
        return i + 1;
      }
      if (escapes && c == '\\' && i + 1 < n) {
        char e = sql.charAt(i + 1);
        value.append(e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == 'b' ? '\b' : e);
        i += 2;
        continue;
      }
      value.append(c);
      i++;
    }
    out.add(new Token(Token.Kind.STRING, value.toString(), start, n)); // unterminated: to the end
    return n;
  }

  private static int quotedIdentifier(String sql, int start, List<Token> out) {
    StringBuilder value = new StringBuilder();
    int i = start + 1;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      if (c == '"') {
        if (i + 1 < n && sql.charAt(i + 1) == '"') {
          value.append('"');
          i += 2;
          continue;
        }
        out.add(new Token(Token.Kind.QUOTED_IDENTIFIER, value.toString(), start, i + 1));
        return i + 1;
      }
      value.append(c);
      i++;
    }
    out.add(new Token(Token.Kind.QUOTED_IDENTIFIER, value.toString(), start, n));
    return n;
  }

  /** End index (exclusive) of a {@code $tag$} opener at {@code i}, or -1. */
  private static int dollarTagEnd(String sql, int i) {
    int j = i + 1;
    while (j < sql.length() && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
      j++;
    }
    return j < sql.length() && sql.charAt(j) == '$' ? j + 1 : -1;
  }

  private static int dollarString(String sql, int start, List<Token> out) {
    int tagEnd = dollarTagEnd(sql, start);
    String tag = sql.substring(start, tagEnd);
    int close = sql.indexOf(tag, tagEnd);
    if (close < 0) {
      out.add(new Token(Token.Kind.STRING, sql.substring(tagEnd), start, sql.length()));
      return sql.length();
    }
    out.add(new Token(Token.Kind.STRING, sql.substring(tagEnd, close), start, close + tag.length()));
    return close + tag.length();
  }

  private static int number(String sql, int start, List<Token> out) {
    int i = start;
    int n = sql.length();
    while (i < n && (Character.isDigit(sql.charAt(i)) || sql.charAt(i) == '.')) {
      i++;
    }
    if (i < n && (sql.charAt(i) == 'e' || sql.charAt(i) == 'E')) {
      int j = i + 1;
      if (j < n && (sql.charAt(j) == '+' || sql.charAt(j) == '-')) {
        j++;
      }
      if (j < n && Character.isDigit(sql.charAt(j))) {
        i = j;
        while (i < n && Character.isDigit(sql.charAt(i))) {
          i++;
        }
      }
    }
    out.add(new Token(Token.Kind.NUMBER, sql.substring(start, i), start, i));
    return i;
  }

  private static int symbol(String sql, int i, List<Token> out) {
    for (String s : MULTI_CHAR_SYMBOLS) {
      if (sql.startsWith(s, i)) {
        out.add(new Token(Token.Kind.SYMBOL, s, i, i + s.length()));
        return i + s.length();
      }
    }
    out.add(new Token(Token.Kind.SYMBOL, String.valueOf(sql.charAt(i)), i, i + 1));
    return i + 1;
  }
}
