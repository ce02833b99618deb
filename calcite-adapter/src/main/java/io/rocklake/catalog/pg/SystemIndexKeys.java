package io.rocklake.catalog.pg;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The key columns of PostgreSQL 15's own indexes, read from their definitions as
 * {@code pg15-system-catalog.tsv} records them in pg_indexes ({@code ... USING btree (relname,
 * relnamespace)}) and numbered by the table's pg_attribute rows: what pg_index's {@code indkey}
 * holds and {@code pg_get_indexdef(index, k, ...)} answers. Derived rather than recorded so that the
 * recorded file stays what PostgreSQL's own queries print.
 */
public final class SystemIndexKeys {
  private SystemIndexKeys() {}

  private static final class Holder {
    /** Index OID to its key columns' names, and to its definition. */
    static final Map<Long, List<String>> COLUMNS = new HashMap<>();
    static final Map<Long, String> DEFINITIONS = new HashMap<>();

    static {
      PgSystemCatalog.Section indexes = PgSystemCatalog.get().section("pg_indexes");
      for (String[] r : indexes.rows()) {
        String schema = r[indexes.column("schemaname")];
        String def = r[indexes.column("indexdef")];
        PgSystemCatalog.relation(schema, r[indexes.column("indexname")]).ifPresent(index -> {
          int open = def.lastIndexOf('(');
          int close = def.lastIndexOf(')');
          List<String> names = new ArrayList<>();
          for (String c : def.substring(open + 1, close).split(",")) {
            names.add(c.trim());
          }
          COLUMNS.put(index.oid(), List.copyOf(names));
          DEFINITIONS.put(index.oid(), def);
        });
      }
    }
  }

  /** The names of a system index's key columns, in key order. */
  public static Optional<List<String>> columns(long indexOid) {
    return Optional.ofNullable(Holder.COLUMNS.get(indexOid));
  }

  /** A system index's {@code CREATE INDEX} statement, as {@code pg_get_indexdef} prints it. */
  public static Optional<String> definition(long indexOid) {
    return Optional.ofNullable(Holder.DEFINITIONS.get(indexOid));
  }

  /** pg_index rows of the system indexes with {@code indnkeyatts}, {@code indkey} and {@code indoption} filled in. */
  static List<Object[]> completed(List<Object[]> rows, List<String> names) {
    int indexrelid = names.indexOf("indexrelid");
    int indrelid = names.indexOf("indrelid");
    int nkey = names.indexOf("indnkeyatts");
    int key = names.indexOf("indkey");
    int option = names.indexOf("indoption");
    PgSystemCatalog.Section attributes = PgSystemCatalog.get().section("pg_attribute");
    Map<String, Short> attnums = new HashMap<>();
    for (String[] a : attributes.rows()) {
      attnums.put(a[attributes.column("attrelid")] + "." + a[attributes.column("attname")],
          Short.valueOf(a[attributes.column("attnum")]));
    }
    List<Object[]> out = new ArrayList<>(rows.size());
    for (Object[] row : rows) {
      Object[] copy = row.clone();
      List<String> columns = columns((Long) row[indexrelid]).orElse(List.of());
      List<Short> numbers = new ArrayList<>();
      for (String c : columns) {
        Short n = attnums.get(row[indrelid] + "." + c);
        if (n != null) {
          numbers.add(n);
        }
      }
      copy[nkey] = (short) numbers.size();
      copy[key] = List.copyOf(numbers);
      copy[option] = PgCatalogTables.zeros(numbers.size());
      out.add(copy);
    }
    return List.copyOf(out);
  }
}
