package io.rocklake.arrowscan.parquet;

import io.rocklake.arrowscan.LakeReadException;
import io.rocklake.arrowscan.LakeType;
import io.rocklake.arrowscan.PlanColumn;
import io.rocklake.arrowscan.Projected;
import io.rocklake.arrowscan.UnsupportedLakeTypeException;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * One output column of a scan, resolved once for all its files: a table column with its parsed type
 * and default (and, for a struct, list or map, its bound child columns), or a virtual column
 * ({@code rowid} or {@code snapshot_id}: column == null, {@code virtualColumn} says which).
 */
public record BoundColumn(PlanColumn column, LakeType type, InitialDefault initialDefault, Field field,
    List<BoundColumn> children, Projected virtualColumn) {

  public BoundColumn {
    children = List.copyOf(children);
    if ((column == null) == (virtualColumn == null)) {
      throw new IllegalArgumentException("a bound column is either a table column or a virtual one");
    }
  }

  /** A table column's, or (column == null) the rowid's. */
  public BoundColumn(PlanColumn column, LakeType type, InitialDefault initialDefault, Field field,
      List<BoundColumn> children) {
    this(column, type, initialDefault, field, children, column == null ? Projected.rowId() : null);
  }

  public static BoundColumn of(PlanColumn c) {
    LakeType t = LakeType.parse(c.name(), c.columnType());
    List<BoundColumn> children = c.children().stream().map(BoundColumn::of).toList();
    if (t.isNested()) {
      checkChildren(c, t);
    } else if (!children.isEmpty()) {
      throw new LakeReadException("column \"" + c.name() + "\" has type " + t + ", which has no child columns, but the plan"
          + " gives it " + children.size());
    }
    Field field = ArrowFields.tableColumn(c.name(), t, c.columnId(), children.stream().map(BoundColumn::field).toList());
    if (!t.isNested() || c.initialDefault() == null) {
      return new BoundColumn(c, t, InitialDefault.parse(c.name(), t, c.initialDefault()), field, children);
    }
    BoundColumn shape = new BoundColumn(c, t, ValueCopier::setNull, field, children);
    try {
      return new BoundColumn(c, t, NestedText.parse(shape, c.initialDefault()), field, children);
    } catch (RuntimeException e) {
      throw new LakeReadException("initial_default '" + c.initialDefault() + "' of column \"" + c.name() + "\" is not a "
          + t + " value: " + e.getMessage(), e);
    }
  }

  private static void checkChildren(PlanColumn c, LakeType t) {
    List<String> names = c.children().stream().map(PlanColumn::name).toList();
    if (names.isEmpty()) {
      throw new UnsupportedLakeTypeException(c.name(), c.columnType(), c.columnId());
    }
    if (t.kind() == LakeType.Kind.LIST && names.size() != 1) {
      throw new LakeReadException("column \"" + c.name() + "\" has type list, which needs exactly one child column (its"
          + " element), not " + names.size());
    }
    if (t.kind() == LakeType.Kind.MAP && !names.equals(List.of("key", "value"))) {
      throw new LakeReadException("column \"" + c.name() + "\" has type map, which needs exactly two child columns named"
          + " key and value, not " + names);
    }
  }

  public static BoundColumn rowId() {
    return new BoundColumn(null, LakeType.of(LakeType.Kind.INT64), null, ArrowFields.rowId(), List.of());
  }

  /** {@code snapshot_id}: the snapshot that inserted the row. */
  public static BoundColumn snapshotId() {
    return new BoundColumn(null, LakeType.of(LakeType.Kind.INT64), null, ArrowFields.snapshotId(), List.of(),
        Projected.snapshotId());
  }

  public boolean isRowId() {
    return virtualColumn instanceof Projected.RowId;
  }

  public boolean isSnapshotId() {
    return virtualColumn instanceof Projected.SnapshotId;
  }

  /** rowid or snapshot_id: no table column. */
  public boolean isVirtual() {
    return column == null;
  }
}
