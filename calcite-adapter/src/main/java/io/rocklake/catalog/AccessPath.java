package io.rocklake.catalog;

import java.util.OptionalInt;

/**
 * How the catalog reads the rows a {@link ScanBounds} asks for: the narrowest of four paths, chosen
 * from the bounds and the relation alone (docs/architecture.md, "The read path"). Every path returns
 * the same rows; they differ in what they touch, which is what keeps a query's cost the cost of its
 * own rows rather than of the catalog's history.
 */
public enum AccessPath {
  /** A range of a single BIGINT primary key, or a list of its values: those keys only. */
  KEY_RANGE,
  /**
   * {@code table_id = T AND end_snapshot IS NULL} at the latest commit (or {@code table_id IN (…)}):
   * the live index of each table named.
   */
  LIVE_INDEX,
  /** {@code table_id = T} (or {@code IN (…)}): each named table's cluster of the table index, its history only. */
  TABLE_INDEX,
  /** Every row of the relation. */
  FULL_SCAN;

  static AccessPath choose(RelationDef relation, ScanBounds bounds, boolean atLatestCommit) {
    OptionalInt key = relation.integerKeyColumn();
    if (key.isPresent() && bounds.range(key.getAsInt()) != null) {
      return KEY_RANGE;
    }
    if (TableIndex.covers(relation) && bounds.points(TableIndex.tableIdColumn(relation)) != null) {
      boolean liveOnly = LiveIndex.covers(relation)
          && bounds.requiresNull(LiveIndex.endSnapshotColumn(relation).getAsInt());
      return liveOnly && atLatestCommit ? LIVE_INDEX : TABLE_INDEX;
    }
    return FULL_SCAN;
  }
}
