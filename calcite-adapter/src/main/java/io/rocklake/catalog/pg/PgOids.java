package io.rocklake.catalog.pg;

import io.rocklake.catalog.RelationDef;

/**
 * Stable object identifiers for pg_catalog. PostgreSQL allocates OIDs; RockLake derives them from
 * what never changes: a relation's id (persisted, never reused) gives its table, row type, primary
 * key index and constraint OIDs; namespaces and built-in types keep PostgreSQL's own numbers.
 */
public final class PgOids {
  public static final long PG_CATALOG_NAMESPACE = 11;
  public static final long PUBLIC_NAMESPACE = 2200;
  public static final long ROCKLAKE_NAMESPACE = 16_384;
  public static final long DATABASE = 16_385;
  /** First OID PostgreSQL gives to user objects; relation OIDs start above it. */
  static final long FIRST_RELATION_OID = 20_000;
  static final int OIDS_PER_RELATION = 4;

  private PgOids() {}

  public static final long TEMP_NAMESPACE = 16_386;

  /**
   * A schema's OID: PostgreSQL's for pg_catalog and public, fixed ones for rocklake and pg_temp, and
   * for any other schema a number derived from its name (schemas are not yet catalog objects).
   */
  public static long namespace(String schema) {
    switch (schema) {
      case "pg_catalog": return PG_CATALOG_NAMESPACE;
      case "public": return PUBLIC_NAMESPACE;
      case "rocklake": return ROCKLAKE_NAMESPACE;
      case "pg_temp": return TEMP_NAMESPACE;
      default: return 17_000 + (schema.hashCode() & 0x7FF);
    }
  }

  public static long relation(RelationDef r) {
    return FIRST_RELATION_OID + (long) r.id() * OIDS_PER_RELATION;
  }

  public static long rowType(RelationDef r) {
    return relation(r) + 1;
  }

  public static long primaryKeyIndex(RelationDef r) {
    return relation(r) + 2;
  }

  public static long primaryKeyConstraint(RelationDef r) {
    return relation(r) + 3;
  }
}
