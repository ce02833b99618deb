package io.rocklake.catalog.lake;

import io.rocklake.arrowscan.Projected;
import io.rocklake.arrowscan.ScanPlan;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.ColumnType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A read of some columns of one lake table at a snapshot: the scan plan the catalog gives (files the
 * ranges exclude left out) projected to those columns, and their presented types. Planned in the
 * statement's transaction; {@link #open} reads the files, and may be called again for another pass.
 */
public record LakeRead(String table, ScanPlan plan, List<ColumnType> types) {

  /**
   * The read of {@code positions} (indexes into the table's columns) of {@code table} at {@code snapshot},
   * relative paths resolved against {@code dataPath} when given.
   */
  public static LakeRead of(CatalogTransaction tx, LakeTableDef table, long snapshot, Optional<String> dataPath,
      int[] positions, FileRanges ranges) {
    LakeTablePlanner planner = LakeTablePlanner.on(tx);
    if (dataPath.isPresent()) {
      planner = planner.withDataPath(dataPath.get());
    }
    ScanPlan whole = planner.plan(table.tableId(), snapshot, ranges);
    List<Projected> projection = new ArrayList<>();
    List<ColumnType> types = new ArrayList<>();
    for (int p : positions) {
      LakeTableDef.Column c = table.columns().get(p);
      projection.add(Projected.column(c.columnId()));
      types.add(LakeColumnTypes.presented(c).type());
    }
    return new LakeRead(table.schema() + "." + table.name(), whole.withProjection(projection), List.copyOf(types));
  }

  /** The rows, each mapped by {@code each} from the columns' values in order. */
  public <T> LakeRows<T> open(Function<Object[], T> each) {
    return LakeRows.open(table, plan, types, each);
  }
}
