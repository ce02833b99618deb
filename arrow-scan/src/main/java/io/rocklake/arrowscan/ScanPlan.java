package io.rocklake.arrowscan;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What to read of one DuckLake table at one snapshot: its columns at the snapshot, the data files
 * visible at it in the order their rows are to be returned, and the output columns.
 */
public record ScanPlan(List<PlanColumn> columns, List<DataFile> files, List<Projected> projection) {

  public ScanPlan {
    columns = List.copyOf(columns);
    files = List.copyOf(files);
    projection = List.copyOf(projection);
    Map<Long, PlanColumn> byId = new HashMap<>();
    for (PlanColumn c : columns) {
      if (byId.put(c.columnId(), c) != null) {
        throw new IllegalArgumentException("column_id " + c.columnId() + " appears twice in the plan");
      }
    }
    java.util.Set<Projected> seen = new java.util.HashSet<>();
    for (Projected p : projection) {
      if (!seen.add(p)) {
        throw new IllegalArgumentException("projection names " + p + " twice; project it once and reuse the vector");
      }
      if (p instanceof Projected.Column c && !byId.containsKey(c.columnId())) {
        throw new IllegalArgumentException("projection names column_id " + c.columnId() + ", which the plan's table does not have");
      }
    }
  }

  /** A plan that reads every column, in table order. */
  public static ScanPlan allColumns(List<PlanColumn> columns, List<DataFile> files) {
    return new ScanPlan(columns, files, columns.stream().map(c -> Projected.column(c.columnId())).toList());
  }

  /** The same plan with another projection. */
  public ScanPlan withProjection(List<Projected> newProjection) {
    return new ScanPlan(columns, files, newProjection);
  }

  /** The column with that id. */
  public PlanColumn column(long columnId) {
    for (PlanColumn c : columns) {
      if (c.columnId() == columnId) {
        return c;
      }
    }
    throw new IllegalArgumentException("no column_id " + columnId + " in the plan");
  }
}
