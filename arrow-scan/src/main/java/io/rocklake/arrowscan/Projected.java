package io.rocklake.arrowscan;

/** One output column of a scan: a table column, or the virtual {@code rowid}. */
public sealed interface Projected permits Projected.Column, Projected.RowId {

  /** The table column with that DuckLake column_id. */
  record Column(long columnId) implements Projected {}

  /** {@code rowid}: the file's row_id_start plus the row's physical position in the file. */
  record RowId() implements Projected {}

  static Projected column(long columnId) {
    return new Column(columnId);
  }

  static Projected rowId() {
    return new RowId();
  }
}
