package io.rocklake.arrowscan;

import java.util.Objects;

/**
 * One column of the table as it is at the plan's snapshot ({@code ducklake_column}).
 *
 * @param columnId DuckLake's column_id; data files carry it as the Parquet field id
 * @param name the column's name at the snapshot (files may hold an older name)
 * @param columnType DuckLake's spelling of the type at the snapshot, e.g. {@code int64},
 *     {@code decimal(18,3)}; parsed only when the column is projected
 * @param initialDefault {@code initial_default} as DuckLake stores it (text), or null: the value of
 *     the column in files written before the column was added
 */
public record PlanColumn(long columnId, String name, String columnType, String initialDefault) {
  public PlanColumn {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(columnType, "columnType");
  }
}
