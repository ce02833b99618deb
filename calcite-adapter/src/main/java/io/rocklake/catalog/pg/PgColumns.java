package io.rocklake.catalog.pg;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * PostgreSQL 15's own description of its catalog columns (relation OID, attnum, type OID), so that a
 * column read from RockLake's derived {@code pg_catalog} is described in RowDescription exactly as
 * PostgreSQL describes it. Read from {@link PgSystemCatalog} (namespace pg_catalog) on first use.
 */
public final class PgColumns {
  /** One column of a PostgreSQL catalog relation. */
  public record PgColumn(long relationOid, short attnum, int typeOid) {}

  private static final class Holder {
    static final Map<String, PgColumn> COLUMNS = load();
  }

  private PgColumns() {}

  public static Optional<PgColumn> of(String relation, String column) {
    return Optional.ofNullable(Holder.COLUMNS.get(relation + "." + column));
  }

  private static Map<String, PgColumn> load() {
    long pgCatalog = PgSystemCatalog.namespaceOid("pg_catalog").orElseThrow();
    Map<Long, String> names = new HashMap<>();
    for (PgSystemCatalog.Relation r : PgSystemCatalog.relations()) {
      if (r.namespace() == pgCatalog) {
        names.put(r.oid(), r.name());
      }
    }
    PgSystemCatalog.Section a = PgSystemCatalog.get().section("pg_attribute");
    int relid = a.column("attrelid");
    int attname = a.column("attname");
    int attnum = a.column("attnum");
    int atttypid = a.column("atttypid");
    Map<String, PgColumn> out = new HashMap<>();
    for (String[] row : a.rows()) {
      long oid = Long.parseLong(row[relid]);
      String relation = names.get(oid);
      if (relation != null) {
        out.put(relation + "." + row[attname],
            new PgColumn(oid, Short.parseShort(row[attnum]), Integer.parseInt(row[atttypid])));
      }
    }
    return Map.copyOf(out);
  }
}
