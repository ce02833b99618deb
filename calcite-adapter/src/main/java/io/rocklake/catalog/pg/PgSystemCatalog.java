package io.rocklake.catalog.pg;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * PostgreSQL 15's description of its own relations — every relation a fresh PostgreSQL 15 database
 * holds in {@code pg_catalog}, {@code information_schema} and {@code pg_toast}, with their columns,
 * types, constraints and indexes — as {@code pg15-system-catalog.tsv} records it (generated from a live
 * PostgreSQL 15 and checked against one by the conformance module's {@code PgSystemCatalogResourceTest}).
 * pg_catalog lists these beside the catalog's relations, so that a client reflecting the database
 * (DuckDB's postgres extension, psql, pgjdbc) sees the system relations PostgreSQL has.
 *
 * <p>Loaded on first use, not at startup: only a query over pg_catalog needs it.
 */
public final class PgSystemCatalog {
  /** The namespaces described, as PostgreSQL names them. */
  public static final List<String> NAMESPACES = List.of("pg_catalog", "information_schema", "pg_toast");

  /** One section of the file: a relation's columns, as its query named them, and the rows' text values. */
  record Section(List<String> columns, List<String[]> rows) {
    int column(String name) {
      int i = columns.indexOf(name);
      if (i < 0) {
        throw new IllegalArgumentException("no column " + name + " in " + columns);
      }
      return i;
    }
  }

  /** A relation: its OID, namespace OID, name and relkind. */
  public record Relation(long oid, long namespace, String name, String kind) {}

  /** What a column of a type copies from its pg_type row into pg_attribute. */
  record TypeTraits(boolean byval, String align, String storage, long collation) {}

  private static final class Holder {
    static final PgSystemCatalog INSTANCE = new PgSystemCatalog(read());
  }

  static PgSystemCatalog get() {
    return Holder.INSTANCE;
  }

  private final Map<String, Section> sections;
  private final Map<Long, String> namespaceNames = new HashMap<>();
  private final Map<String, Long> namespaceOids = new HashMap<>();
  private final Map<Long, Relation> relations = new HashMap<>();
  private final Map<String, Relation> relationsByName = new HashMap<>();
  private final Map<Long, String[]> types = new HashMap<>();
  private final Map<Long, String> formatTypes = new HashMap<>();
  private final Map<Long, TypeTraits> traits = new HashMap<>();

  private PgSystemCatalog(Map<String, Section> sections) {
    this.sections = sections;
    Section ns = section("pg_namespace");
    for (String[] r : ns.rows()) {
      long oid = Long.parseLong(r[ns.column("oid")]);
      namespaceNames.put(oid, r[ns.column("nspname")]);
      namespaceOids.put(r[ns.column("nspname")], oid);
    }
    Section c = section("pg_class");
    for (String[] r : c.rows()) {
      Relation rel = new Relation(Long.parseLong(r[c.column("oid")]), Long.parseLong(r[c.column("relnamespace")]),
          r[c.column("relname")], r[c.column("relkind")]);
      relations.put(rel.oid(), rel);
      relationsByName.put(namespaceNames.get(rel.namespace()) + "." + rel.name(), rel);
    }
    Section t = section("pg_type");
    for (String[] r : t.rows()) {
      long oid = Long.parseLong(r[t.column("oid")]);
      types.put(oid, r);
      formatTypes.put(oid, r[t.column("format_type")]);
      traits.put(oid, new TypeTraits(r[t.column("typbyval")].equals("t"), r[t.column("typalign")],
          r[t.column("typstorage")], Long.parseLong(r[t.column("typcollation")])));
    }
  }

  Section section(String name) {
    Section s = sections.get(name);
    if (s == null) {
      throw new IllegalStateException("pg15-system-catalog.tsv has no section " + name);
    }
    return s;
  }

  /** The OID of a described namespace ({@code information_schema}'s is PostgreSQL's initdb-assigned one). */
  public static Optional<Long> namespaceOid(String name) {
    return Optional.ofNullable(get().namespaceOids.get(name));
  }

  /** A described relation (table, view, index, TOAST table) by namespace and name. */
  public static Optional<Relation> relation(String namespace, String name) {
    return Optional.ofNullable(get().relationsByName.get(namespace + "." + name));
  }

  /** A described relation by OID. */
  public static Optional<Relation> relation(long oid) {
    return Optional.ofNullable(get().relations.get(oid));
  }

  /** The name of a described relation's namespace. */
  public static String namespaceName(Relation r) {
    return get().namespaceNames.get(r.namespace());
  }

  /** {@code format_type(oid, -1)} as PostgreSQL 15 answers it, for a described type. */
  public static Optional<String> formatType(long typeOid) {
    return Optional.ofNullable(get().formatTypes.get(typeOid));
  }

  /** What pg_attribute copies from a described type's pg_type row. */
  static TypeTraits traits(long typeOid) {
    TypeTraits t = get().traits.get(typeOid);
    if (t == null) {
      throw new IllegalArgumentException("pg15-system-catalog.tsv describes no type " + typeOid);
    }
    return t;
  }

  /** Whether a type is described (every type a catalog column can have is). */
  static boolean describesType(long typeOid) {
    return get().types.containsKey(typeOid);
  }

  /** Every described relation. */
  static List<Relation> relations() {
    return get().section("pg_class").rows().stream().map(r -> get().relations.get(Long.parseLong(r[0]))).toList();
  }

  /**
   * A section's rows laid out as one of RockLake's pg_catalog relations: for each of its columns
   * ({@code names}, typed by {@code types}) the section's value converted, or, for a column the
   * section leaves out, the value in {@code absent} (the same for every row).
   */
  static List<Object[]> rows(String name, List<String> names, List<SqlTypeName> sqlTypes, Map<String, Object> absent) {
    return rows(name, names, sqlTypes, column -> SqlTypeName.SMALLINT, absent);
  }

  /** The same, with the element type of each array column ({@code int2[]}'s smallints or {@code text[]}'s text). */
  static List<Object[]> rows(String name, List<String> names, List<SqlTypeName> sqlTypes,
      java.util.function.Function<String, SqlTypeName> arrayElement, Map<String, Object> absent) {
    Section s = get().section(name);
    int[] from = new int[names.size()];
    for (int i = 0; i < names.size(); i++) {
      from[i] = s.columns().indexOf(names.get(i));
      if (from[i] < 0 && !absent.containsKey(names.get(i))) {
        throw new IllegalArgumentException("section " + name + " has no column " + names.get(i) + " and no value for it");
      }
    }
    Map<String, Object> interned = new HashMap<>();
    List<Object[]> out = new ArrayList<>(s.rows().size());
    for (String[] r : s.rows()) {
      Object[] row = new Object[names.size()];
      for (int i = 0; i < row.length; i++) {
        row[i] = from[i] < 0 ? absent.get(names.get(i))
            : sqlTypes.get(i) == SqlTypeName.ARRAY && arrayElement.apply(names.get(i)) == SqlTypeName.VARCHAR
            ? textArray(r[from[i]]) : value(r[from[i]], sqlTypes.get(i), interned);
      }
      out.add(row);
    }
    return List.copyOf(out);
  }

  private static Object value(String text, SqlTypeName type, Map<String, Object> interned) {
    if (text == null) {
      return null;
    }
    switch (type) {
      case BIGINT: return interned.computeIfAbsent("n" + text, k -> Long.valueOf(text));
      case INTEGER: return Integer.valueOf(text);
      case SMALLINT: return Short.valueOf(text);
      case REAL: return Float.valueOf(text);
      case BOOLEAN: return switch (text) {
        case "t" -> Boolean.TRUE;
        case "f" -> Boolean.FALSE;
        default -> throw new IllegalArgumentException("not a boolean: " + text);
      };
      case ARRAY: return shortArray(text);
      case VARCHAR: return interned.computeIfAbsent("s" + text, k -> text);
      default: throw new IllegalArgumentException("no conversion of " + text + " to " + type);
    }
  }

  /**
   * A {@code text[]} (or {@code aclitem[]}) in PostgreSQL's text form, {@code {a,"b c"}}: elements
   * separated by commas, double-quoted when they hold a separator, a quote or a backslash.
   */
  static List<String> textArray(String text) {
    if (text == null) {
      return null;
    }
    if (!text.startsWith("{") || !text.endsWith("}")) {
      throw new IllegalArgumentException("not an array: " + text);
    }
    List<String> out = new ArrayList<>();
    String body = text.substring(1, text.length() - 1);
    StringBuilder element = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < body.length(); i++) {
      char ch = body.charAt(i);
      if (quoted && ch == '\\' && i + 1 < body.length()) {
        element.append(body.charAt(++i));
      } else if (ch == '"') {
        quoted = !quoted;
      } else if (ch == ',' && !quoted) {
        out.add(element.toString());
        element.setLength(0);
      } else {
        element.append(ch);
      }
    }
    if (!body.isEmpty()) {
      out.add(element.toString());
    }
    return List.copyOf(out);
  }

  /** An {@code int2[]} in PostgreSQL's text form, {@code {1,2}}. */
  private static List<Short> shortArray(String text) {
    if (!text.startsWith("{") || !text.endsWith("}")) {
      throw new IllegalArgumentException("not an array: " + text);
    }
    String body = text.substring(1, text.length() - 1);
    return body.isEmpty() ? List.of() : Arrays.stream(body.split(",")).map(Short::valueOf).toList();
  }

  // ---- reading the file --------------------------------------------------------------------------

  private static Map<String, Section> read() {
    Map<String, Section> out = new LinkedHashMap<>();
    try (InputStream in = PgSystemCatalog.class.getResourceAsStream("pg15-system-catalog.tsv")) {
      if (in == null) {
        throw new IllegalStateException("pg15-system-catalog.tsv is missing from the classpath");
      }
      BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      String name = null;
      List<String> columns = null;
      List<String[]> rows = null;
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (line.startsWith("## ")) {
          if (name != null) {
            out.put(name, new Section(columns, List.copyOf(rows)));
          }
          name = line.substring(3);
          columns = null;
          rows = new ArrayList<>();
        } else if (name == null || line.startsWith("-- ")) {
          continue; // the file's comments, and each section's query
        } else if (columns == null) {
          columns = List.of(line.split("\t", -1));
        } else {
          String[] fields = line.split("\t", -1);
          if (fields.length != columns.size()) {
            throw new IllegalStateException(name + ": " + fields.length + " fields where " + columns.size()
                + " columns are: " + line);
          }
          for (int i = 0; i < fields.length; i++) {
            fields[i] = unescape(fields[i]);
          }
          rows.add(fields);
        }
      }
      if (name != null) {
        out.put(name, new Section(columns, List.copyOf(rows)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** One field of COPY's text format: {@code \N} is NULL, backslash escapes are undone. */
  static String unescape(String field) {
    if (field.equals("\\N")) {
      return null;
    }
    if (field.indexOf('\\') < 0) {
      return field;
    }
    StringBuilder sb = new StringBuilder(field.length());
    for (int i = 0; i < field.length(); i++) {
      char ch = field.charAt(i);
      if (ch != '\\' || i + 1 == field.length()) {
        sb.append(ch);
        continue;
      }
      char next = field.charAt(++i);
      switch (next) {
        case 't' -> sb.append('\t');
        case 'n' -> sb.append('\n');
        case 'r' -> sb.append('\r');
        case 'b' -> sb.append('\b');
        case 'f' -> sb.append('\f');
        case 'v' -> sb.append('\u000b');
        default -> sb.append(next);
      }
    }
    return sb.toString();
  }
}
