package io.rocklake.conformance.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a {@code COPY (SELECT items FROM source ...) TO STDOUT} statement reads, as far as the
 * harness needs it to decode the binary rows: each selected item and where it comes from.
 *
 * @param items  the select list in order
 * @param table  the table read, or empty when the source is a subquery ({@code FROM (...) AS x})
 */
public record CopyOut(List<Item> items, Optional<QualifiedName> table) {

  /** One select item: a column (possibly cast), {@code NULL} or {@code ctid}. */
  public record Item(Kind kind, String column, String castType) {
    public enum Kind { COLUMN, NULL, OTHER }
  }

  public static Optional<CopyOut> parse(String sql) {
    TokenCursor c = new TokenCursor(SqlLexer.tokenize(sql));
    if (!c.acceptWord("COPY") || !c.acceptSymbol("(")) {
      return Optional.empty();
    }
    List<Token> query = c.untilClosingParen();
    if (!c.acceptWord("TO")) {
      return Optional.empty();
    }
    TokenCursor q = new TokenCursor(query);
    if (!q.acceptWord("SELECT")) {
      return Optional.empty();
    }
    List<Token> selectList = new ArrayList<>();
    int depth = 0;
    while (!q.atEnd()) {
      Token t = q.peek();
      if (depth == 0 && t.isWord("FROM")) {
        break;
      }
      depth += t.isSymbol("(") ? 1 : t.isSymbol(")") ? -1 : 0;
      selectList.add(q.next());
    }
    List<Item> items = TopLevel.splitAtCommas(selectList).stream().map(CopyOut::item).toList();
    Optional<QualifiedName> table = Optional.empty();
    if (q.acceptWord("FROM") && !q.atEnd() && !q.peek().isSymbol("(")) {
      table = q.qualifiedName();
    }
    return Optional.of(new CopyOut(items, table));
  }

  private static Item item(List<Token> tokens) {
    if (tokens.size() == 1 && tokens.get(0).isWord("NULL")) {
      return new Item(Item.Kind.NULL, null, null);
    }
    if (tokens.isEmpty() || !tokens.get(0).isIdentifier()) {
      return new Item(Item.Kind.OTHER, null, null);
    }
    int i = 0;
    String column = tokens.get(i++).identifier();
    while (i + 1 < tokens.size() && tokens.get(i).isSymbol(".") && tokens.get(i + 1).isIdentifier()) {
      column = tokens.get(i + 1).identifier();
      i += 2;
    }
    String cast = null;
    if (i < tokens.size() && tokens.get(i).isSymbol("::")) {
      cast = TopLevel.text(tokens.subList(i + 1, tokens.size()));
      i = tokens.size();
    }
    return i == tokens.size() ? new Item(Item.Kind.COLUMN, column, cast) : new Item(Item.Kind.OTHER, null, null);
  }
}
