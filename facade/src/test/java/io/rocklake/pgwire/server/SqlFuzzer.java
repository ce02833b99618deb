package io.rocklake.pgwire.server;

import io.rocklake.sql.corpus.ConformanceCorpus;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Random SQL text for fuzzing the simple-query path: real DuckDB statements (the capture corpus
 * and an embedded sample) truncated or mutated token by token, plus garbage,
 * random Unicode, huge literals and deep nesting. Deterministic for a seed.
 *
 * <p>Identifiers are only ever moved within the statement they came from; the global replacement
 * pool holds keywords, punctuation and literals but no data-destroying verbs (DELETE, UPDATE,
 * DROP, TRUNCATE), so no mutation can aim a destructive statement at a table its template did not
 * already touch. That keeps the committed data a fuzz run must leave intact out of legitimate reach.
 */
final class SqlFuzzer {
  /** What a generated string is, for the run's statistics. */
  enum Kind { GARBAGE, TOKEN_SOUP, VERBATIM, TRUNCATED, MUTATED, UNICODE, HUGE_LITERAL, DEEP_NESTING, LONG_LIST }

  record Sql(Kind kind, String text) {}

  private static final Pattern TOKEN = Pattern.compile(
      "\\s+|'(?:[^']|'')*'?|\"(?:[^\"]|\"\")*\"?|[0-9]+(?:\\.[0-9]*)?(?:[eE][+-]?[0-9]+)?|[A-Za-z_][A-Za-z0-9_$]*"
          + "|::|<=|>=|<>|!=|\\|\\||.", Pattern.DOTALL);
  private static final Set<String> DESTRUCTIVE = Set.of("delete", "update", "drop", "truncate");
  private static final String[] EXTRA_TOKENS = {
    "SELECT", "FROM", "WHERE", "AND", "OR", "NOT", "NULL", "IN", "IS", "AS", "ON", "JOIN", "LEFT", "UNION", "ALL",
    "ORDER", "BY", "GROUP", "HAVING", "LIMIT", "OFFSET", "CASE", "WHEN", "THEN", "ELSE", "END", "CAST", "COALESCE",
    "EXISTS", "BETWEEN", "LIKE", "ILIKE", "COLLATE", "\"C\"", "INSERT", "INTO", "VALUES", "COPY", "TO", "STDOUT",
    "STDIN", "FORMAT", "BINARY", "BEGIN", "COMMIT", "ROLLBACK", "DISCARD", "SET", "SHOW", "RESET", "WITH",
    "RECURSIVE", "LATERAL", "DISTINCT", "ARRAY", "ROW", "INTERVAL", "TIMESTAMP", "DATE", "BIGINT", "VARCHAR",
    "BOOLEAN", "UUID", "NOW()", "ctid", "oid", "::", "::regclass", "::text", "::bigint", "::int4[]", "(", ")",
    ",", ";", "*", "=", "<>", "<=", ">=", "+", "-", "/", "%", "||", "[", "]", "'", "\"", "$1", "$2", "?", "0", "-1",
    "1", "2147483648", "9223372036854775807", "-9223372036854775808", "1e308", "1e-400", "0.000000001", "'NaN'",
    "'Infinity'", "'-infinity'", "''", "'x'", "'(0,1)'", "'2026-02-30'", "'00000000-0000-0000-0000-000000000000'",
    "E'\\\\x00'", "U&'\\0041'", "$$dollar$$", "true", "false", "pg_catalog", "pg_class", "version()", "--", "/*", "*/"
  };
  private static final String UNICODE = "\u00e9\u00df\u4e2d\u6587\u0627\u0644\u0639\u0631\u0628\u064a\u0629"
      + "\u05e2\u05d1\u05e8\u05d9\u05ea\u200b\u200d\u200e\u202e\ufeff\ufffd\u0301\u0308\u2028\u2029\u00a0\u3000"
      + "\ud83e\udd86\ud83d\ude00\ud800\udc00\u0000\u0001\u0007\u0008\u001b\u007f";

  private final Random random;
  private final List<String> templates;
  private final List<String> pool = new ArrayList<>();

  SqlFuzzer(long seed, List<String> templates) {
    this.random = new Random(seed);
    this.templates = templates;
    Set<String> p = new LinkedHashSet<>(List.of(EXTRA_TOKENS));
    for (String t : templates) {
      for (String tok : tokens(t)) {
        if (!tok.isBlank() && !isIdentifier(tok) && !DESTRUCTIVE.contains(tok.toLowerCase())) {
          p.add(tok.length() > 80 ? tok.substring(0, 80) : tok);
        }
      }
    }
    pool.addAll(p);
  }

  /** The embedded sample plus every statement DuckDB sent in the capture corpus. */
  static List<String> templates() throws IOException {
    Set<String> out = new LinkedHashSet<>(embedded());
    for (ConformanceCorpus.SqlText text : ConformanceCorpus.sqlTexts()) {
      out.add(text.sql());
    }
    return new ArrayList<>(out);
  }

  private static List<String> embedded() throws IOException {
    List<String> out = new ArrayList<>();
    try (InputStream in = SqlFuzzer.class.getResourceAsStream("/fuzz/duckdb-statements.txt");
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (!line.startsWith("#") && !line.isEmpty()) {
          out.add(javaUnescape(line));
        }
      }
    }
    return out;
  }

  private static String javaUnescape(String s) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < s.length()) {
        char n = s.charAt(++i);
        sb.append(n == 'n' ? '\n' : n == 't' ? '\t' : n == 'r' ? '\r' : n);
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  static List<String> tokens(String sql) {
    List<String> out = new ArrayList<>();
    Matcher m = TOKEN.matcher(sql);
    while (m.find()) {
      out.add(m.group());
    }
    return out;
  }

  private static boolean isIdentifier(String tok) {
    return tok.startsWith("\"") || (Character.isLetter(tok.charAt(0)) || tok.charAt(0) == '_')
        && !List.of(EXTRA_TOKENS).contains(tok.toUpperCase()) && tok.chars().anyMatch(Character::isLowerCase);
  }

  Sql next() {
    int dice = random.nextInt(100);
    if (dice < 10) {
      return new Sql(Kind.GARBAGE, garbage());
    } else if (dice < 18) {
      return new Sql(Kind.TOKEN_SOUP, soup());
    } else if (dice < 22) {
      return new Sql(Kind.VERBATIM, template());
    } else if (dice < 36) {
      String t = template();
      return new Sql(Kind.TRUNCATED, t.substring(0, random.nextInt(t.length() + 1)));
    } else if (dice < 80) {
      return new Sql(Kind.MUTATED, mutate(template(), 1 + random.nextInt(random.nextBoolean() ? 3 : 8)));
    } else if (dice < 90) {
      return new Sql(Kind.UNICODE, unicode(template()));
    } else if (dice < 94) {
      return new Sql(Kind.HUGE_LITERAL, huge());
    } else if (dice < 98) {
      return new Sql(Kind.DEEP_NESTING, nested());
    } else {
      return new Sql(Kind.LONG_LIST, longList());
    }
  }

  private String template() {
    return templates.get(random.nextInt(templates.size()));
  }

  private String garbage() {
    int n = random.nextInt(random.nextInt(10) == 0 ? 5000 : 200);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      int pick = random.nextInt(10);
      if (pick < 6) {
        sb.append((char) (32 + random.nextInt(95)));
      } else if (pick < 8) {
        sb.appendCodePoint(randomCodePoint());
      } else {
        sb.append(UNICODE.charAt(random.nextInt(UNICODE.length())));
      }
    }
    return sb.toString().replace('\0', ' ');
  }

  private int randomCodePoint() {
    while (true) {
      int cp = random.nextInt(random.nextBoolean() ? 0x800 : 0x110000);
      if (cp != 0 && Character.isDefined(cp) && !(cp >= 0xD800 && cp <= 0xDFFF)) {
        return cp;
      }
    }
  }

  private String soup() {
    int n = 1 + random.nextInt(40);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append(pool.get(random.nextInt(pool.size()))).append(random.nextInt(4) == 0 ? "" : " ");
    }
    return sb.toString();
  }

  private String mutate(String sql, int rounds) {
    List<String> toks = new ArrayList<>(tokens(sql));
    for (int r = 0; r < rounds && !toks.isEmpty(); r++) {
      int i = random.nextInt(toks.size());
      switch (random.nextInt(6)) {
        case 0 -> toks.remove(i);
        case 1 -> toks.add(i, toks.get(i));
        case 2 -> {
          int j = random.nextInt(toks.size());
          String t = toks.get(i);
          toks.set(i, toks.get(j));
          toks.set(j, t);
        }
        case 3 -> toks.set(i, pool.get(random.nextInt(pool.size())));
        case 4 -> toks.add(i, " " + pool.get(random.nextInt(pool.size())) + " ");
        default -> {
          int j = Math.min(toks.size(), i + 1 + random.nextInt(6));
          toks.subList(i, j).clear();
        }
      }
    }
    return String.join("", toks);
  }

  private String unicode(String sql) {
    StringBuilder sb = new StringBuilder(sql);
    int n = 1 + random.nextInt(6);
    for (int k = 0; k < n; k++) {
      StringBuilder u = new StringBuilder();
      int len = 1 + random.nextInt(12);
      for (int i = 0; i < len; i++) {
        if (random.nextBoolean()) {
          u.append(UNICODE.charAt(random.nextInt(UNICODE.length())));
        } else {
          u.appendCodePoint(randomCodePoint());
        }
      }
      sb.insert(random.nextInt(sb.length() + 1), u.toString().replace('\0', '\u0002'));
    }
    return sb.toString();
  }

  private int hugeLength() {
    int[] sizes = {10_000, 100_000, 1 << 20, 4 << 20};
    int pick = random.nextInt(100);
    return sizes[pick < 60 ? 0 : pick < 90 ? 1 : pick < 98 ? 2 : 3];
  }

  /**
   * Megabyte literals where PostgreSQL takes them. Numbers stop at 20,000 digits (PostgreSQL's
   * numeric takes 131,072 before the point; parsing and printing a BigDecimal is quadratic, 200,000
   * digits take RockLake ~20 s), and a literal put into a DuckDB template, where it may be a LIKE
   * pattern, at 100 KB (Java's regex compiler is quadratic in a pattern's literal run: a 1 MB
   * pattern takes minutes). Both are listed under the limits in docs/protocol.md.
   */
  private String huge() {
    int n = hugeLength();
    switch (random.nextInt(7)) {
      case 0:
        return "SELECT '" + "x".repeat(n) + "'";
      case 1:
        return "SELECT " + "9".repeat(Math.min(n, 20_000));
      case 2:
        return "SELECT 1." + "0".repeat(Math.min(n, 20_000)) + "1e-" + "9".repeat(30);
      case 3:
        return "SELECT \"" + "c".repeat(Math.min(n, 100_000)) + "\" FROM ducklake_snapshot";
      case 4:
        return "INSERT INTO \"public\".ducklake_metadata VALUES ('big', '" + "\u00e9".repeat(n / 2) + "', NULL, NULL)";
      case 5: {
        List<String> toks = new ArrayList<>(tokens(template()));
        for (int i = 0; i < toks.size(); i++) {
          if (toks.get(i).startsWith("'")) {
            toks.set(i, "'" + "y".repeat(Math.min(n, 100_000)) + "'");
            break;
          }
        }
        return String.join("", toks);
      }
      default:
        return "SELECT 1 /* " + "*".repeat(n) + " */ + -- " + "-".repeat(n) + "\n 1";
    }
  }

  private String nested() {
    int[] depths = {20, 60, 100, 500, 2_000, 10_000};
    int d = depths[random.nextInt(depths.length)];
    switch (random.nextInt(9)) {
      case 0:
        return "SELECT " + "(".repeat(d) + "1" + ")".repeat(d);
      case 1:
        return "SELECT " + "(SELECT ".repeat(d) + "1" + ")".repeat(d);
      case 2:
        return "SELECT " + "abs(".repeat(d) + "-1" + ")".repeat(d);
      case 3:
        return "SELECT " + "NOT ".repeat(d) + "true";
      case 4:
        return "SELECT " + "1 + ".repeat(d) + "1";
      case 5:
        return "SELECT " + "CASE WHEN true THEN ".repeat(d) + "1" + " END".repeat(d);
      case 6:
        return "SELECT * FROM " + "(SELECT * FROM ".repeat(d) + "ducklake_snapshot" + ") t".repeat(d);
      case 7:
        return "SELECT 1 WHERE " + "true AND ".repeat(d) + "true";
      default:
        return "SELECT " + "(".repeat(d) + "1";
    }
  }

  private String longList() {
    StringBuilder sb = new StringBuilder();
    switch (random.nextInt(5)) {
      case 0 -> {
        int n = new int[] {1_000, 10_000, 100_000}[random.nextInt(3)];
        sb.append("SELECT snapshot_id FROM ducklake_snapshot WHERE snapshot_id IN (");
        for (int i = 0; i < n; i++) {
          sb.append(i == 0 ? "" : ",").append(i);
        }
        sb.append(')');
      }
      case 1 -> {
        int n = new int[] {10, 100, 1_000}[random.nextInt(3)];
        for (int i = 0; i < n; i++) {
          sb.append(i == 0 ? "" : " UNION ALL ").append("SELECT ").append(i);
        }
      }
      case 2 -> {
        int n = new int[] {100, 1_000, 10_000}[random.nextInt(3)];
        sb.append("SELECT ");
        for (int i = 0; i < n; i++) {
          sb.append(i == 0 ? "" : ", ").append(i);
        }
      }
      case 3 -> {
        int n = new int[] {10, 100, 1_000}[random.nextInt(3)];
        sb.append("INSERT INTO \"public\".ducklake_metadata VALUES ");
        for (int i = 0; i < n; i++) {
          sb.append(i == 0 ? "" : ", ").append("('bulk_").append(i).append("', 'v', 'fuzz', ").append(i).append(')');
        }
      }
      default -> {
        int n = new int[] {10, 30, 100}[random.nextInt(3)];
        for (int i = 0; i < n; i++) {
          sb.append("SELECT ").append(i).append(';');
        }
      }
    }
    return sb.toString();
  }
}
