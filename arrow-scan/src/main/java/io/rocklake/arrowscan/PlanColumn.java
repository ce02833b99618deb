package io.rocklake.arrowscan;

import java.util.List;
import java.util.Objects;

/**
 * One column of the table as it is at the plan's snapshot ({@code ducklake_column}).
 *
 * @param columnId DuckLake's column_id; data files carry it as the Parquet field id
 * @param name the column's name at the snapshot (files may hold an older name)
 * @param columnType DuckLake's spelling of the type at the snapshot, e.g. {@code int64},
 *     {@code decimal(18,3)}, {@code list}; parsed only when the column is projected
 * @param initialDefault {@code initial_default} as DuckLake stores it (text), or null: the value of
 *     the column in files written before the column was added
 * @param children the fields of a {@code struct}, {@code list} ({@code element}) or {@code map}
 *     ({@code key}, {@code value}) column: the {@code ducklake_column} rows whose
 *     {@code parent_column} is this column, in {@code column_order}; empty for other types
 */
public record PlanColumn(long columnId, String name, String columnType, String initialDefault, List<PlanColumn> children) {
  public PlanColumn {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(columnType, "columnType");
    children = List.copyOf(children);
  }

  /** A column without child columns (every type but struct, list and map). */
  public PlanColumn(long columnId, String name, String columnType, String initialDefault) {
    this(columnId, name, columnType, initialDefault, List.of());
  }
}
