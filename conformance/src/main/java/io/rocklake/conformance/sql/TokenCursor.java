package io.rocklake.conformance.sql;

import java.util.List;
import java.util.Optional;

/** A position in a token list with the few look-ahead helpers the small parsers here need. */
final class TokenCursor {
  private final List<Token> tokens;
  private int pos;

  TokenCursor(List<Token> tokens) {
    this.tokens = tokens;
  }

  boolean atEnd() {
    return pos >= tokens.size();
  }

  Token peek() {
    return atEnd() ? null : tokens.get(pos);
  }

  Token next() {
    return tokens.get(pos++);
  }

  boolean acceptWord(String... words) {
    int save = pos;
    for (String w : words) {
      if (atEnd() || !tokens.get(pos).isWord(w)) {
        pos = save;
        return false;
      }
      pos++;
    }
    return true;
  }

  boolean acceptSymbol(String s) {
    if (!atEnd() && tokens.get(pos).isSymbol(s)) {
      pos++;
      return true;
    }
    return false;
  }

  /** A possibly schema-qualified name: {@code a}, {@code "a"."b"}; empty if none is here. */
  Optional<QualifiedName> qualifiedName() {
    if (atEnd() || !peek().isIdentifier()) {
      return Optional.empty();
    }
    String first = next().identifier();
    if (!atEnd() && peek().isSymbol(".") && pos + 1 < tokens.size() && tokens.get(pos + 1).isIdentifier()) {
      pos++;
      return Optional.of(new QualifiedName(first, next().identifier()));
    }
    return Optional.of(new QualifiedName(null, first));
  }

  /** The tokens up to (not including) the parenthesis that closes the one just consumed. */
  List<Token> untilClosingParen() {
    int depth = 1;
    int start = pos;
    while (!atEnd()) {
      Token t = next();
      if (t.isSymbol("(")) {
        depth++;
      } else if (t.isSymbol(")") && --depth == 0) {
        return tokens.subList(start, pos - 1);
      }
    }
    return tokens.subList(start, pos);
  }
}
