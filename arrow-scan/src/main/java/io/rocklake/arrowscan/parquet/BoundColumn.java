package io.rocklake.arrowscan.parquet;

import io.rocklake.arrowscan.LakeType;
import io.rocklake.arrowscan.PlanColumn;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * One output column of a scan, resolved once for all its files: a table column with its parsed type
 * and default, or the {@code rowid} (column == null).
 */
public record BoundColumn(PlanColumn column, LakeType type, InitialDefault initialDefault, Field field) {

  public static BoundColumn of(PlanColumn c) {
    LakeType t = LakeType.parse(c.name(), c.columnType());
    return new BoundColumn(c, t, InitialDefault.parse(c.name(), t, c.initialDefault()),
        ArrowFields.tableColumn(c.name(), t, c.columnId()));
  }

  public static BoundColumn rowId() {
    return new BoundColumn(null, LakeType.of(LakeType.Kind.INT64), null, ArrowFields.rowId());
  }

  public boolean isRowId() {
    return column == null;
  }
}
