package io.rocklake.conformance.sql;

import io.rocklake.pgwire.types.PgType;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The column types of the tables a scenario creates, learned from the DDL it sends (CREATE TABLE,
 * ALTER TABLE ... ADD/DROP/RENAME COLUMN, ALTER COLUMN ... TYPE, RENAME TO, DROP TABLE). Binary
 * COPY carries no type information, so this is how the harness knows how to decode each field.
 * Columns whose type it cannot resolve are simply absent: their values are compared as raw bytes.
 */
public final class TableSchemas {
  private static final String DEFAULT_SCHEMA = "public";
  private static final String TEMP_SCHEMA = "pg_temp";
  private static final List<String> CONSTRAINT_WORDS = List.of(
      "NOT", "NULL", "PRIMARY", "UNIQUE", "DEFAULT", "REFERENCES", "CHECK", "COLLATE", "CONSTRAINT", "GENERATED");

  private final Map<String, LinkedHashMap<String, PgType>> tables = new HashMap<>();

  /** Learns from one statement; statements that are not DDL are ignored. */
  public void observe(String statement) {
    List<Token> tokens = SqlLexer.tokenize(statement);
    TokenCursor c = new TokenCursor(tokens);
    if (c.acceptWord("CREATE")) {
      boolean temp = false;
      while (c.acceptWord("LOCAL") || c.acceptWord("GLOBAL") || c.acceptWord("UNLOGGED")) {
        // modifiers
      }
      if (c.acceptWord("TEMPORARY") || c.acceptWord("TEMP")) {
        temp = true;
      }
      if (!c.acceptWord("TABLE")) {
        return;
      }
      c.acceptWord("IF", "NOT", "EXISTS");
      Optional<QualifiedName> name = c.qualifiedName();
      if (name.isEmpty() || !c.acceptSymbol("(")) {
        return;
      }
      LinkedHashMap<String, PgType> columns = new LinkedHashMap<>();
      for (List<Token> element : TopLevel.splitAtCommas(c.untilClosingParen())) {
        if (element.isEmpty() || !element.get(0).isIdentifier() || isTableConstraint(element.get(0))) {
          continue;
        }
        typeOf(element.subList(1, element.size())).ifPresent(t -> columns.put(element.get(0).identifier(), t));
      }
      tables.put(key(name.get(), temp), columns);
    } else if (c.acceptWord("ALTER", "TABLE")) {
      c.acceptWord("IF", "EXISTS");
      c.qualifiedName().ifPresent(name -> alter(name, c));
    } else if (c.acceptWord("DROP", "TABLE")) {
      c.acceptWord("IF", "EXISTS");
      c.qualifiedName().ifPresent(name -> resolveKey(name).ifPresent(tables::remove));
    }
  }

  private void alter(QualifiedName name, TokenCursor c) {
    Optional<String> key = resolveKey(name);
    if (key.isEmpty()) {
      return;
    }
    LinkedHashMap<String, PgType> columns = tables.get(key.get());
    if (c.acceptWord("ADD")) {
      c.acceptWord("COLUMN");
      c.acceptWord("IF", "NOT", "EXISTS");
      if (!c.atEnd() && c.peek().isIdentifier()) {
        String column = c.next().identifier();
        java.util.ArrayList<Token> rest = new java.util.ArrayList<>();
        while (!c.atEnd()) {
          rest.add(c.next());
        }
        typeOf(rest).ifPresent(t -> columns.put(column, t));
      }
    } else if (c.acceptWord("DROP")) {
      c.acceptWord("COLUMN");
      c.acceptWord("IF", "EXISTS");
      if (!c.atEnd() && c.peek().isIdentifier()) {
        columns.remove(c.next().identifier());
      }
    } else if (c.acceptWord("RENAME", "COLUMN") || c.acceptWord("RENAME")) {
      if (c.acceptWord("TO")) {
        c.qualifiedName().ifPresent(n -> tables.put(key(new QualifiedName(schemaOf(key.get()), n.name()), false),
            tables.remove(key.get())));
        return;
      }
      if (!c.atEnd() && c.peek().isIdentifier()) {
        String from = c.next().identifier();
        if (c.acceptWord("TO") && !c.atEnd() && c.peek().isIdentifier()) {
          PgType t = columns.remove(from);
          String to = c.next().identifier();
          if (t != null) {
            columns.put(to, t);
          }
        }
      }
    } else if (c.acceptWord("ALTER")) {
      c.acceptWord("COLUMN");
      if (!c.atEnd() && c.peek().isIdentifier()) {
        String column = c.next().identifier();
        c.acceptWord("SET", "DATA");
        if (c.acceptWord("TYPE")) {
          java.util.ArrayList<Token> rest = new java.util.ArrayList<>();
          while (!c.atEnd() && !c.peek().isWord("USING")) {
            rest.add(c.next());
          }
          typeOf(rest).ifPresent(t -> columns.put(column, t));
        }
      }
    }
  }

  /** The type of a column, if the table and column are known. */
  public Optional<PgType> columnType(QualifiedName table, String column) {
    if ("ctid".equals(column)) {
      return Optional.of(PgType.TID);
    }
    return resolveKey(table).map(tables::get).map(cols -> cols.get(column));
  }

  public boolean knowsTable(QualifiedName table) {
    return resolveKey(table).isPresent();
  }

  private Optional<String> resolveKey(QualifiedName name) {
    if (name.schema() != null) {
      String k = name.schema() + "." + name.name();
      return tables.containsKey(k) ? Optional.of(k) : Optional.empty();
    }
    for (String schema : List.of(TEMP_SCHEMA, DEFAULT_SCHEMA)) {
      String k = schema + "." + name.name();
      if (tables.containsKey(k)) {
        return Optional.of(k);
      }
    }
    return Optional.empty();
  }

  private static String key(QualifiedName name, boolean temp) {
    String schema = temp ? TEMP_SCHEMA : name.schema() == null ? DEFAULT_SCHEMA : name.schema();
    return schema + "." + name.name();
  }

  private static String schemaOf(String key) {
    return key.substring(0, key.indexOf('.'));
  }

  private static boolean isTableConstraint(Token first) {
    return first.kind() == Token.Kind.WORD
        && List.of("PRIMARY", "UNIQUE", "CONSTRAINT", "CHECK", "FOREIGN", "EXCLUDE", "LIKE")
            .stream().anyMatch(first::isWord);
  }

  private static Optional<PgType> typeOf(List<Token> afterName) {
    int end = 0;
    while (end < afterName.size() && !isConstraintWord(afterName.get(end))) {
      end++;
    }
    if (end == 0) {
      return Optional.empty();
    }
    return PgType.bySqlName(TopLevel.text(afterName.subList(0, end)));
  }

  private static boolean isConstraintWord(Token t) {
    return CONSTRAINT_WORDS.stream().anyMatch(t::isWord);
  }
}
