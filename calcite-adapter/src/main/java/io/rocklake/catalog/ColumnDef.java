package io.rocklake.catalog;

/** One column of a relation: name, type, nullability, and the type's modifier text if any. */
public record ColumnDef(String name, ColumnType type, boolean notNull, String typeModifier) {

  public static ColumnDef of(String name, ColumnType type) {
    return new ColumnDef(name, type, false, null);
  }

  public static ColumnDef notNull(String name, ColumnType type) {
    return new ColumnDef(name, type, true, null);
  }

  /** The type as written in DDL, modifier included: {@code DECIMAL(18,3)}. */
  public String typeSql() {
    return typeModifier == null ? type.sqlName() : type.sqlName() + typeModifier;
  }
}
