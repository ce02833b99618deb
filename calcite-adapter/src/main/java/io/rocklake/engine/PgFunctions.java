package io.rocklake.engine;

import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.pg.PgOids;
import io.rocklake.pgwire.types.PgType;
import java.util.Map;
import java.util.Optional;

/**
 * The PostgreSQL functions clients call on the catalog ({@code version()}, {@code to_regclass},
 * {@code current_schema()}, ...), as Calcite user-defined functions. Functions that read the
 * catalog see the transaction of the statement running on this thread.
 */
public final class PgFunctions {
  static final ThreadLocal<CatalogTransaction> CURRENT = new ThreadLocal<>();
  static final String VERSION = "PostgreSQL 15.0 (RockLake) on x86_64-pc-linux-gnu, compiled by javac, 64-bit";

  /** The PostgreSQL type each function returns, for RowDescription. */
  static final Map<String, PgType> RETURN_TYPES = Map.of(
      "version", PgType.TEXT, "to_regclass", PgType.REGCLASS, "current_schema", PgType.NAME,
      "current_database", PgType.NAME, "pg_my_temp_schema", PgType.OID,
      "pg_backend_pid", PgType.INT4);

  private PgFunctions() {}

  public static String version() {
    return VERSION;
  }

  public static String current_schema() {
    return "public";
  }

  public static String current_database() {
    return "rocklake";
  }

  public static long pg_my_temp_schema() {
    return PgOids.TEMP_NAMESPACE;
  }

  public static int pg_backend_pid() {
    return (int) ProcessHandle.current().pid();
  }

  /** The relation's OID, or NULL when there is no such relation (PostgreSQL's {@code to_regclass}). */
  public static Long to_regclass(String name) {
    CatalogTransaction tx = CURRENT.get();
    if (tx == null || name == null) {
      return null;
    }
    String[] parts = name.split("\\.", 2);
    String schema = parts.length == 2 ? unquote(parts[0]) : null;
    String rel = unquote(parts.length == 2 ? parts[1] : parts[0]);
    Optional<RelationDef> r = tx.relation(schema, rel);
    return r.map(PgOids::relation).orElse(null);
  }

  private static String unquote(String s) {
    return s.startsWith("\"") && s.endsWith("\"") && s.length() >= 2 ? s.substring(1, s.length() - 1).replace("\"\"", "\"")
        : s.toLowerCase(java.util.Locale.ROOT);
  }
}
