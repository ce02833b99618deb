package io.rocklake.conformance.sql;

/** A table name with an optional schema; both already case-folded as PostgreSQL would. */
public record QualifiedName(String schema, String name) {
  @Override public String toString() {
    return schema == null ? name : schema + "." + name;
  }
}
