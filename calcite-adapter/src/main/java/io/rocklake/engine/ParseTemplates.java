package io.rocklake.engine;

import io.rocklake.sql.fingerprint.CanonicalSql;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.NlsString;

/**
 * Parses that differ only in their literals, made once: DuckDB sends the same few hundred statement
 * shapes with new snapshot ids, file ids and names each time, and Calcite's generated parser costs
 * far more than copying a tree. A text is lexed into its template (the text with each plain string
 * and number literal replaced by a marker of its kind) and its literals; the first text of a
 * template is parsed, and later ones copy that tree with their own literals in place.
 *
 * <p>A copy equals what the parser makes of the text: a literal takes the place of the node the
 * parser made of the same token (same line and column, same kind, same value), only the calls on
 * the path from the root to a literal are rebuilt (the rest of the tree is shared, immutable as
 * every parsed tree here), and a template is used only after rebuilding its own text gave the
 * parser's tree back. Texts with anything else (comments, prefixed or dollar-quoted strings, a
 * literal the parser folds into another node, such as {@code DATE '…'} or a signed number) are
 * parsed every time. {@code ParseTemplatesTest} checks every captured DuckDB text against the parser.
 */
final class ParseTemplates {
  private static final int MAX_TEMPLATES = 4096;
  /** Marks a template whose texts must be parsed each time. */
  private static final Template UNUSABLE = new Template(List.of(), List.of(), Set.of());

  /** Shapes, not texts: a long-running server sees the same few hundred over and over. */
  private final Map<String, Template> templates = Collections.synchronizedMap(
      new LinkedHashMap<>(256, 0.75f, true) {
        @Override protected boolean removeEldestEntry(Map.Entry<String, Template> eldest) {
          return size() > MAX_TEMPLATES;
        }
      });

  enum Kind { STRING, INTEGER, DECIMAL, APPROXIMATE }

  /** A literal token of the text: its kind, where it starts, and its characters. */
  record Token(Kind kind, int start, String text) {}

  /** A text as its template and literals; null when it holds something templates do not cover. */
  record Lexed(String template, List<Token> literals) {}

  /**
   * The statements of {@code sql} copied from the parse of an earlier text of its template, sharing
   * with it what no literal lies under; null when there is none to copy: the caller parses the
   * text then, and hands the parse to {@link #learn}.
   */
  List<SqlNode> copy(String sql) {
    return copy(sql, false);
  }

  /**
   * As {@link #copy}, as trees of the caller's own, which it may change: a full copy, nothing
   * shared with any other tree.
   */
  List<SqlNode> copyPrivate(String sql) {
    return copy(sql, true);
  }

  private List<SqlNode> copy(String sql, boolean deep) {
    Lexed lexed = lex(sql);
    if (lexed == null || lexed.literals().isEmpty()) {
      return null;
    }
    Template known = templates.get(lexed.template());
    return known == null || known == UNUSABLE ? null : known.tryInstantiate(lexed.literals(), deep);
  }

  /**
   * Keeps the parse of {@code sql} as the template of its shape, if it is the first text of that
   * shape and its literals can be told apart safely.
   *
   * @return whether the parse is kept: then it is shared, and no one may change it
   */
  boolean learn(String sql, List<SqlNode> parsed) {
    Lexed lexed = lex(sql);
    if (lexed == null || lexed.literals().isEmpty() || templates.containsKey(lexed.template())) {
      return false;
    }
    Template template = Template.of(sql, lexed, parsed);
    templates.put(lexed.template(), template);
    return template != UNUSABLE;
  }

  /** Whether texts of this text's shape are copied rather than parsed (for tests). */
  boolean copies(String sql) {
    Lexed lexed = lex(sql);
    Template t = lexed == null ? null : templates.get(lexed.template());
    return t != null && t != UNUSABLE;
  }

  // ---- lexing -------------------------------------------------------------------------------

  /**
   * Splits off the literals PostgreSQL's lexer would see: {@code '…'} strings ({@code ''} inside)
   * and unsigned numbers not part of a name. Quoted identifiers and {@code $n} pass as they are.
   */
  static Lexed lex(String sql) {
    StringBuilder template = new StringBuilder(sql.length());
    List<Token> literals = new ArrayList<>();
    int n = sql.length();
    int i = 0;
    while (i < n) {
      char c = sql.charAt(i);
      if (c == '\'') {
        if (i > 0 && isNameChar(sql.charAt(i - 1))) {
          return null; // E'…', X'…', U&'…', N'…': other rules
        }
        int end = closingQuote(sql, i);
        if (end < 0) {
          return null; // unterminated: leave the error to the parser
        }
        literals.add(new Token(Kind.STRING, i, sql.substring(i, end + 1)));
        template.append("\u0000S");
        i = end + 1;
      } else if (c == '"') {
        int end = closingQuote(sql, i);
        if (end < 0) {
          return null;
        }
        template.append(sql, i, end + 1);
        i = end + 1;
      } else if (c == '$' || c == '\\' || c == '\u0000'
          || c == '-' && i + 1 < n && sql.charAt(i + 1) == '-'
          || c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        return null; // parameters and dollar quotes, escapes, comments: parsed as they are
      } else if (isNameStart(c)) {
        int end = i + 1;
        while (end < n && isNameChar(sql.charAt(end))) {
          end++;
        }
        template.append(sql, i, end);
        i = end;
      } else if (isDigit(c) || c == '.' && i + 1 < n && isDigit(sql.charAt(i + 1))) {
        int end = i;
        boolean point = false;
        boolean exponent = false;
        while (end < n && isDigit(sql.charAt(end))) {
          end++;
        }
        if (end < n && sql.charAt(end) == '.' && !(end + 1 < n && sql.charAt(end + 1) == '.')) {
          point = true;
          end++;
          while (end < n && isDigit(sql.charAt(end))) {
            end++;
          }
        }
        if (end < n && (sql.charAt(end) == 'e' || sql.charAt(end) == 'E')) {
          int e = end + 1;
          if (e < n && (sql.charAt(e) == '+' || sql.charAt(e) == '-')) {
            e++;
          }
          if (e < n && isDigit(sql.charAt(e))) {
            exponent = true;
            end = e;
            while (end < n && isDigit(sql.charAt(end))) {
              end++;
            }
          }
        }
        if (end < n && isNameChar(sql.charAt(end))) {
          return null; // 1abc: not a number on its own
        }
        Kind kind = exponent ? Kind.APPROXIMATE : point ? Kind.DECIMAL : Kind.INTEGER;
        literals.add(new Token(kind, i, sql.substring(i, end)));
        template.append("\u0000").append(kind.name().charAt(0));
        i = end;
      } else {
        template.append(c);
        i++;
      }
    }
    return new Lexed(template.toString(), literals);
  }

  /** Where the quoted run opened at {@code open} closes (a doubled quote is part of it), or -1. */
  private static int closingQuote(String sql, int open) {
    char quote = sql.charAt(open);
    int at = open + 1;
    while (at < sql.length()) {
      if (sql.charAt(at) == quote) {
        if (at + 1 < sql.length() && sql.charAt(at + 1) == quote) {
          at += 2;
          continue;
        }
        return at;
      }
      at++;
    }
    return -1;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isNameStart(char c) {
    return Character.isLetter(c) || c == '_' || c > 127;
  }

  private static boolean isNameChar(char c) {
    return isNameStart(c) || isDigit(c) || c == '$';
  }

  /** The value a string token stands for: without its quotes, {@code ''} as one quote. */
  static String unquote(String token) {
    return token.substring(1, token.length() - 1).replace("''", "'");
  }

  // ---- templates ----------------------------------------------------------------------------

  /** A parse to copy: its statements, the literal node of each token, and the calls above them. */
  private static final class Template {
    private final List<SqlNode> statements;
    private final List<SqlLiteral> slots;
    private final Set<SqlNode> spine;

    Template(List<SqlNode> statements, List<SqlLiteral> slots, Set<SqlNode> spine) {
      this.statements = statements;
      this.slots = slots;
      this.spine = spine;
    }

    /** The template of a parse, or {@link #UNUSABLE} when its literals cannot be told apart safely. */
    static Template of(String sql, Lexed lexed, List<SqlNode> statements) {
      try {
        Map<Long, SqlLiteral> byPosition = new LinkedHashMap<>();
        Set<SqlNode> spine = Collections.newSetFromMap(new IdentityHashMap<>());
        for (SqlNode s : statements) {
          if (!collect(s, new ArrayList<>(), byPosition, spine)) {
            return UNUSABLE;
          }
        }
        if (byPosition.size() != lexed.literals().size()) {
          return UNUSABLE; // a literal the parser made from no token, or a token it folded
        }
        int[] lineStarts = lineStarts(sql);
        List<SqlLiteral> slots = new ArrayList<>();
        for (Token t : lexed.literals()) {
          SqlLiteral node = byPosition.get(position(lineStarts, t.start()));
          if (node == null || !sameValue(t, node)) {
            return UNUSABLE;
          }
          slots.add(node);
        }
        Template template = new Template(statements, slots, spine);
        // Rebuilding the text's own tree must give the parser's tree back, node for node.
        List<SqlNode> again = template.instantiate(lexed.literals(), false);
        if (again == null || again.size() != statements.size()) {
          return UNUSABLE;
        }
        for (int i = 0; i < again.size(); i++) {
          if (!sameTree(statements.get(i), again.get(i))) {
            return UNUSABLE;
          }
        }
        return template;
      } catch (RuntimeException e) {
        return UNUSABLE;
      }
    }

    /** Records the string and number literals under {@code node} and the calls and lists above them. */
    private static boolean collect(SqlNode node, List<SqlNode> path, Map<Long, SqlLiteral> byPosition,
        Set<SqlNode> spine) {
      if (node == null) {
        return true;
      }
      if (node instanceof SqlCharStringLiteral || node instanceof SqlNumericLiteral) {
        SqlParserPos pos = node.getParserPosition();
        if (byPosition.put(key(pos.getLineNum(), pos.getColumnNum()), (SqlLiteral) node) != null) {
          return false; // two literals at one place: not from two tokens
        }
        spine.addAll(path);
        return true;
      }
      List<SqlNode> children = node instanceof SqlNodeList list ? list.getList()
          : node instanceof SqlCall call ? call.getOperandList() : List.of();
      path.add(node);
      for (SqlNode child : children) {
        if (!collect(child, path, byPosition, spine)) {
          return false;
        }
      }
      path.remove(path.size() - 1);
      return true;
    }

    /** As {@link #instantiate}, with any failure to copy meaning "parse it instead". */
    List<SqlNode> tryInstantiate(List<Token> literals, boolean deep) {
      try {
        return instantiate(literals, deep);
      } catch (RuntimeException e) {
        return null;
      }
    }

    /**
     * The statements with {@code literals} in the slots; null when a call cannot be rebuilt as
     * itself. Shares what no literal lies under, unless {@code deep}: then every list, call and
     * name is new, so the caller may change the copy.
     */
    List<SqlNode> instantiate(List<Token> literals, boolean deep) {
      if (literals.size() != slots.size()) {
        return null;
      }
      Map<SqlNode, SqlNode> replaced = new IdentityHashMap<>();
      for (int i = 0; i < slots.size(); i++) {
        SqlLiteral slot = slots.get(i);
        Token t = literals.get(i);
        SqlLiteral literal;
        if (t.kind() == Kind.STRING) {
          NlsString nls = ((SqlCharStringLiteral) slot).getValueAs(NlsString.class);
          literal = SqlLiteral.createCharString(unquote(t.text()), nls.getCharsetName(), slot.getParserPosition());
        } else if (t.kind() == Kind.APPROXIMATE) {
          literal = SqlLiteral.createApproxNumeric(t.text(), slot.getParserPosition());
        } else {
          literal = SqlLiteral.createExactNumeric(t.text(), slot.getParserPosition());
        }
        replaced.put(slot, literal);
      }
      List<SqlNode> out = new ArrayList<>(statements.size());
      for (SqlNode s : statements) {
        SqlNode copy = copy(s, replaced, deep);
        if (copy == null) {
          return null;
        }
        out.add(copy);
      }
      return out;
    }

    private SqlNode copy(SqlNode node, Map<SqlNode, SqlNode> replaced, boolean deep) {
      if (node == null) {
        return null;
      }
      SqlNode literal = replaced.get(node);
      if (literal != null) {
        return literal;
      }
      if (deep && node instanceof SqlIdentifier id) {
        return id.clone(id.getParserPosition());
      }
      if (!(node instanceof SqlNodeList || node instanceof SqlCall) || !deep && !spine.contains(node)) {
        return node; // literals, type names and the like are never changed in place
      }
      if (node instanceof SqlNodeList list) {
        List<SqlNode> items = new ArrayList<>(list.size());
        for (SqlNode item : list) {
          SqlNode c = copy(item, replaced, deep);
          if (c == null && item != null) {
            return null;
          }
          items.add(c);
        }
        return new SqlNodeList(items, list.getParserPosition());
      }
      SqlCall call = (SqlCall) node;
      List<SqlNode> operands = call.getOperandList();
      SqlNode[] copied = new SqlNode[operands.size()];
      for (int i = 0; i < copied.length; i++) {
        SqlNode operand = operands.get(i);
        copied[i] = copy(operand, replaced, deep);
        if (copied[i] == null && operand != null) {
          return null;
        }
      }
      SqlCall rebuilt = call.getOperator().createCall(call.getFunctionQuantifier(), call.getParserPosition(), copied);
      return rebuilt.getClass() == call.getClass() ? rebuilt : null;
    }
  }

  private static boolean sameValue(Token t, SqlLiteral node) {
    if (t.kind() == Kind.STRING) {
      if (!(node instanceof SqlCharStringLiteral s)) {
        return false;
      }
      NlsString nls = s.getValueAs(NlsString.class);
      return nls.getCollation() == null && unquote(t.text()).equals(nls.getValue());
    }
    if (!(node instanceof SqlNumericLiteral number) || number.isExact() == (t.kind() == Kind.APPROXIMATE)) {
      return false;
    }
    BigDecimal value = number.getValueAs(BigDecimal.class);
    return value != null && value.compareTo(new BigDecimal(t.text())) == 0;
  }

  /** Same classes, same rendering, and equal as Calcite compares trees. */
  static boolean sameTree(SqlNode a, SqlNode b) {
    return sameClasses(a, b) && a.equalsDeep(b, org.apache.calcite.util.Litmus.IGNORE)
        && CanonicalSql.render(a).equals(CanonicalSql.render(b));
  }

  private static boolean sameClasses(SqlNode a, SqlNode b) {
    if (a == null || b == null) {
      return a == b;
    }
    if (a.getClass() != b.getClass()) {
      return false;
    }
    List<SqlNode> ca = a instanceof SqlNodeList l ? l.getList() : a instanceof SqlCall c ? c.getOperandList() : List.of();
    List<SqlNode> cb = b instanceof SqlNodeList l ? l.getList() : b instanceof SqlCall c ? c.getOperandList() : List.of();
    if (ca.size() != cb.size()) {
      return false;
    }
    for (int i = 0; i < ca.size(); i++) {
      if (!sameClasses(ca.get(i), cb.get(i))) {
        return false;
      }
    }
    return true;
  }

  /** Where each line starts, counting lines as the generated parser does (\n, \r\n or \r). */
  private static int[] lineStarts(String sql) {
    List<Integer> starts = new ArrayList<>();
    starts.add(0);
    for (int i = 0; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (c == '\n' || c == '\r' && !(i + 1 < sql.length() && sql.charAt(i + 1) == '\n')) {
        starts.add(i + 1);
      }
    }
    return starts.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The parser's line and column (both from 1; a tab is one column) of an offset, as one key. */
  private static long position(int[] lineStarts, int offset) {
    int line = java.util.Arrays.binarySearch(lineStarts, offset);
    if (line < 0) {
      line = -line - 2;
    }
    return key(line + 1, offset - lineStarts[line] + 1);
  }

  private static long key(int line, int column) {
    return ((long) line << 32) | (column & 0xFFFFFFFFL);
  }
}
