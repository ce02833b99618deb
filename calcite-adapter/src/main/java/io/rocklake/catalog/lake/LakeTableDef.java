package io.rocklake.catalog.lake;

import java.util.List;

/**
 * One DuckLake table as it is at a snapshot: its {@code table_id}, schema and name there, and its
 * top-level columns in {@code column_order} with the type DuckLake records ({@code int64},
 * {@code decimal(18,3)}, …) and whether they allow NULL.
 */
public record LakeTableDef(long tableId, String schema, String name, List<Column> columns) {
  public LakeTableDef {
    columns = List.copyOf(columns);
  }

  /** A top-level column: {@code column_id}, its name and DuckLake type at the snapshot, and {@code nulls_allowed}. */
  public record Column(long columnId, String name, String columnType, boolean nullable) {}
}
