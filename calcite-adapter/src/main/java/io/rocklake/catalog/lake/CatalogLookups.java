package io.rocklake.catalog.lake;

import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.ScanBounds;

/**
 * The two lookups every reader of the DuckLake relations in this package needs: a column's position
 * by name, and the bounds of {@code column = value}. A missing column is a defect of the relation
 * definitions, not of the catalog's data, hence {@link IllegalStateException}.
 */
final class CatalogLookups {
  private CatalogLookups() {}

  /** The position of {@code column} in {@code rel}. */
  static int col(RelationDef rel, String column) {
    java.util.OptionalInt at = rel.columnIndex(column);
    if (at.isEmpty() && SYSTEM_COLUMNS.contains(column)) {
      at = rel.columnIndex(SYSTEM_PREFIX + column); // a DuckLake 1.1 inlined table's _ducklake_row_id, …
    }
    return at.orElseThrow(() -> new IllegalStateException(rel.name() + " has no column " + column));
  }

  /**
   * The system columns of an inlined data table, which DuckLake 1.1 names {@code _ducklake_row_id},
   * {@code _ducklake_begin_snapshot}, {@code _ducklake_end_snapshot} (a migrated catalog renames
   * them): {@link #col} finds either name.
   */
  static final java.util.Set<String> SYSTEM_COLUMNS = java.util.Set.of("row_id", "begin_snapshot", "end_snapshot");
  static final String SYSTEM_PREFIX = "_ducklake_";

  /** Whether a column of an inlined data table is one of its system columns, by either version's name. */
  static boolean isSystemColumn(String column) {
    return SYSTEM_COLUMNS.contains(column)
        || column.startsWith(SYSTEM_PREFIX) && SYSTEM_COLUMNS.contains(column.substring(SYSTEM_PREFIX.length()));
  }

  /** Bounds of {@code column = value} on {@code rel}. */
  static ScanBounds where(RelationDef rel, String column, long value) {
    ScanBounds bounds = ScanBounds.all(rel);
    bounds.compare(col(rel, column), ScanBounds.Comparison.EQUAL, value);
    return bounds;
  }
}
