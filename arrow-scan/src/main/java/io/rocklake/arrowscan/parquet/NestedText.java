package io.rocklake.arrowscan.parquet;

import io.rocklake.arrowscan.LakeType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * DuckDB's text of a list, struct or map value — what its VARCHAR cast prints and DuckLake stores for
 * an inlined nested value: {@code [1, 2, NULL]}, {@code {'p': 1, 'q': [a, NULL]}},
 * {@code {1=one, 2=NULL}} — parsed by the column's child types. DuckDB quotes a string that would
 * otherwise be ambiguous ({@code 'NULL'}, {@code 'x,y'}, {@code ''}, {@code ' s'}, {@code 'it\'s'}),
 * so an unquoted {@code NULL} is a NULL; each scalar is then parsed as its type's text (see
 * {@link InitialDefault}). A struct field missing from the text takes its initial_default.
 */
public final class NestedText {
  private final String text;
  private int at;

  private NestedText(String text) {
    this.text = text;
  }

  /**
   * A writer of the value {@code text} spells, of the nested column {@code c}.
   *
   * @throws IllegalArgumentException naming what is wrong when the text is not a value of the type
   */
  public static InitialDefault parse(BoundColumn c, String text) {
    NestedText p = new NestedText(text);
    Object value = p.value(c, "");
    p.spaces();
    if (p.at != text.length()) {
      throw new IllegalArgumentException("unexpected '" + text.substring(p.at) + "' after the value");
    }
    return (v, i) -> write(c, value, v, i);
  }

  /** A struct's value: one entry per child, {@code ABSENT} where the text has no such field. */
  private static final Object ABSENT = new Object();

  private record Entry(Object key, Object value) {}

  /** Parses one value of {@code c}; a scalar ends before any of {@code ends} outside quotes. */
  private Object value(BoundColumn c, String ends) {
    spaces();
    if (c.type().isNested() && text.regionMatches(true, at, "NULL", 0, 4) && ended(at + 4, ends)) {
      at += 4;
      return null;
    }
    return switch (c.type().kind()) {
      case LIST -> list(c);
      case STRUCT -> struct(c);
      case MAP -> map(c);
      default -> scalar(c.type(), ends);
    };
  }

  private boolean ended(int k, String ends) {
    while (k < text.length() && text.charAt(k) == ' ') {
      k++;
    }
    return k == text.length() || ends.indexOf(text.charAt(k)) >= 0;
  }

  private List<Object> list(BoundColumn c) {
    expect('[');
    List<Object> out = new ArrayList<>();
    if (peek() == ']') {
      at++;
      return out;
    }
    do {
      out.add(value(c.children().get(0), ",]"));
    } while (next(',', ']'));
    return out;
  }

  private Object[] struct(BoundColumn c) {
    expect('{');
    Object[] fields = new Object[c.children().size()];
    Arrays.fill(fields, ABSENT);
    if (peek() == '}') {
      at++;
      return fields;
    }
    do {
      spaces();
      String name = text.charAt(at) == '\'' ? quoted() : bare(":");
      expect(':');
      int k = 0;
      while (k < fields.length && !c.children().get(k).column().name().equals(name)) {
        k++;
      }
      if (k == fields.length) {
        throw new IllegalArgumentException("the struct has no field named " + name);
      }
      fields[k] = value(c.children().get(k), ",}");
    } while (next(',', '}'));
    return fields;
  }

  private List<Entry> map(BoundColumn c) {
    expect('{');
    List<Entry> out = new ArrayList<>();
    if (peek() == '}') {
      at++;
      return out;
    }
    do {
      Object key = value(c.children().get(0), "=");
      expect('=');
      out.add(new Entry(key, value(c.children().get(1), ",}")));
    } while (next(',', '}'));
    return out;
  }

  private InitialDefault scalar(LakeType type, String ends) {
    spaces();
    if (at < text.length() && text.charAt(at) == '\'') {
      return InitialDefault.ofText(type, quoted());
    }
    String token = bare(ends).trim();
    if (token.toUpperCase(Locale.ROOT).equals("NULL")) {
      return null;
    }
    return InitialDefault.ofText(type, token);
  }

  /** A quoted string: backslash escapes the next character. */
  private String quoted() {
    expect('\'');
    StringBuilder b = new StringBuilder();
    while (at < text.length() && text.charAt(at) != '\'') {
      char ch = text.charAt(at++);
      if (ch == '\\' && at < text.length()) {
        ch = text.charAt(at++);
      }
      b.append(ch);
    }
    expect('\'');
    return b.toString();
  }

  /** The unquoted text up to the next of {@code ends}. */
  private String bare(String ends) {
    int start = at;
    while (at < text.length() && ends.indexOf(text.charAt(at)) < 0) {
      at++;
    }
    return text.substring(start, at);
  }

  /** Consumes a separator (true) or the closing character (false). */
  private boolean next(char separator, char close) {
    spaces();
    if (at < text.length() && text.charAt(at) == separator) {
      at++;
      return true;
    }
    expect(close);
    return false;
  }

  private char peek() {
    spaces();
    return at < text.length() ? text.charAt(at) : 0;
  }

  private void expect(char ch) {
    spaces();
    if (at >= text.length() || text.charAt(at) != ch) {
      throw new IllegalArgumentException("expected '" + ch + "' at character " + at + " of DuckDB's text of the value");
    }
    at++;
  }

  private void spaces() {
    while (at < text.length() && text.charAt(at) == ' ') {
      at++;
    }
  }

  /** Writes a parsed value of {@code c} (null for NULL) into slot {@code i}. */
  @SuppressWarnings("unchecked")
  private static void write(BoundColumn c, Object value, FieldVector v, int i) {
    NestedColumnReader.ensureCapacity(v, i);
    if (value == null) {
      writeNull(c, v, i);
      return;
    }
    switch (c.type().kind()) {
      case LIST -> {
        ListVector l = (ListVector) v;
        List<Object> elements = (List<Object>) value;
        int start = l.startNewValue(i);
        for (int k = 0; k < elements.size(); k++) {
          write(c.children().get(0), elements.get(k), l.getDataVector(), start + k);
        }
        l.endValue(i, elements.size());
      }
      case MAP -> {
        ListVector l = (ListVector) v;
        List<Entry> entries = (List<Entry>) value;
        StructVector s = (StructVector) l.getDataVector();
        int start = l.startNewValue(i);
        for (int k = 0; k < entries.size(); k++) {
          s.setIndexDefined(start + k);
          write(c.children().get(0), entries.get(k).key(), (FieldVector) s.getChildByOrdinal(0), start + k);
          write(c.children().get(1), entries.get(k).value(), (FieldVector) s.getChildByOrdinal(1), start + k);
        }
        l.endValue(i, entries.size());
      }
      case STRUCT -> {
        StructVector s = (StructVector) v;
        Object[] fields = (Object[]) value;
        s.setIndexDefined(i);
        for (int k = 0; k < fields.length; k++) {
          FieldVector child = (FieldVector) s.getChildByOrdinal(k);
          if (fields[k] == ABSENT) {
            NestedColumnReader.ensureCapacity(child, i);
            c.children().get(k).initialDefault().write(child, i);
          } else {
            write(c.children().get(k), fields[k], child, i);
          }
        }
      }
      default -> ((InitialDefault) value).write(v, i);
    }
  }

  private static void writeNull(BoundColumn c, FieldVector v, int i) {
    if (c.type().kind() == LakeType.Kind.STRUCT) {
      StructVector s = (StructVector) v;
      s.setNull(i);
      for (int k = 0; k < c.children().size(); k++) {
        FieldVector child = (FieldVector) s.getChildByOrdinal(k);
        NestedColumnReader.ensureCapacity(child, i);
        writeNull(c.children().get(k), child, i);
      }
    } else {
      ValueCopier.setNull(v, i);
    }
  }
}
