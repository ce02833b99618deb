package io.rocklake.arrowscan;

/**
 * One output column of a scan: a table column, or one of DuckLake's virtual columns {@code rowid} and
 * {@code snapshot_id}.
 */
public sealed interface Projected permits Projected.Column, Projected.RowId, Projected.SnapshotId {

  /** The table column with that DuckLake column_id. */
  record Column(long columnId) implements Projected {}

  /**
   * {@code rowid}: the id stored in the row's file ({@code _ducklake_internal_row_id}) if the file has
   * one, else the file's row_id_start plus the row's physical position in the file; an inlined row's
   * {@code row_id}.
   */
  record RowId() implements Projected {}

  /**
   * {@code snapshot_id}: the snapshot that inserted the row — the one stored in the row's file
   * ({@code _ducklake_internal_snapshot_id}) if the file has one, else the file's begin_snapshot; an
   * inlined row's {@code begin_snapshot}.
   */
  record SnapshotId() implements Projected {}

  static Projected column(long columnId) {
    return new Column(columnId);
  }

  static Projected rowId() {
    return new RowId();
  }

  static Projected snapshotId() {
    return new SnapshotId();
  }
}
