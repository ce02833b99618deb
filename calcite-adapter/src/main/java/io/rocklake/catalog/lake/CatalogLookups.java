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
    return rel.columnIndex(column).orElseThrow(() -> new IllegalStateException(rel.name() + " has no column " + column));
  }

  /** Bounds of {@code column = value} on {@code rel}. */
  static ScanBounds where(RelationDef rel, String column, long value) {
    ScanBounds bounds = ScanBounds.all(rel);
    bounds.compare(col(rel, column), ScanBounds.Comparison.EQUAL, value);
    return bounds;
  }
}
