package io.rocklake.conformance.sql;

import java.util.Locale;

/** One lexical token of a PostgreSQL statement, with its place in the source text. */
public record Token(Kind kind, String text, int start, int end) {

  public enum Kind {
    /** An unquoted identifier or keyword; compare with {@link #isWord}. */
    WORD,
    /** A double-quoted identifier; {@code text} is the identifier without quotes. */
    QUOTED_IDENTIFIER,
    /** A string constant ({@code '...'}, {@code E'...'}, {@code $$...$$}); {@code text} is its value. */
    STRING,
    NUMBER,
    /** A positional parameter such as {@code $1}. */
    PARAMETER,
    /** Operators and punctuation: {@code ( ) , ; . :: = <> <= ...}. */
    SYMBOL
  }

  public boolean isWord(String word) {
    return kind == Kind.WORD && text.equalsIgnoreCase(word);
  }

  public boolean isSymbol(String symbol) {
    return kind == Kind.SYMBOL && text.equals(symbol);
  }

  /** The identifier this token names: unquoted words fold to lower case, quoted ones do not. */
  public String identifier() {
    switch (kind) {
      case WORD: return text.toLowerCase(Locale.ROOT);
      case QUOTED_IDENTIFIER: return text;
      default: throw new IllegalStateException(this + " is not an identifier");
    }
  }

  public boolean isIdentifier() {
    return kind == Kind.WORD || kind == Kind.QUOTED_IDENTIFIER;
  }
}
