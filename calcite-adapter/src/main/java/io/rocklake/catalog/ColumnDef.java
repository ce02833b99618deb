package io.rocklake.catalog;

import java.util.Optional;

/**
 * One column of a relation: name, type, nullability, and the type's modifier text if any. The
 * modifier of a {@code numeric} column is read only through {@link #numeric()}, the one parse of
 * {@code (p,s)} that pg_catalog's {@code atttypmod}, result descriptions, Calcite's row types and
 * assignment casts share.
 */
public record ColumnDef(String name, ColumnType type, boolean notNull, String typeModifier) {

  /** The declared precision and scale of a {@code numeric(p,s)} column ({@code numeric(p)} has scale 0). */
  public record Numeric(int precision, int scale) {
    /** PostgreSQL's {@code atttypmod} of {@code numeric(p,s)}: {@code ((p << 16) | s) + VARHDRSZ}. */
    public int typmod() {
      return ((precision << 16) | scale) + 4;
    }
  }

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

  /** The column's {@code (p,s)} when it is a numeric with a modifier; empty for an unconstrained numeric or another type. */
  public Optional<Numeric> numeric() {
    if (type != ColumnType.DECIMAL || typeModifier == null) {
      return Optional.empty();
    }
    String[] ps = typeModifier.replaceAll("[()\\s]", "").split(",");
    return Optional.of(new Numeric(Integer.parseInt(ps[0]), ps.length > 1 ? Integer.parseInt(ps[1]) : 0));
  }

  /** PostgreSQL's {@code atttypmod} of the column: the numeric's {@code (p,s)} encoded, else -1. */
  public int typmod() {
    return numeric().map(Numeric::typmod).orElse(-1);
  }
}
