package io.rocklake.arrowscan;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What to read of one DuckLake table at one snapshot: its columns at the snapshot, the data files
 * visible at it in the order their rows are to be returned, the rows inlined in the catalog that are
 * visible at it, and the output columns. Inlined rows are returned in {@code row_id} order, each
 * before the first file whose {@code row_id_start} is above it (after all files if none is; a file whose
 * row ids are in the file has no row_id_start and places none before itself).
 */
public record ScanPlan(List<PlanColumn> columns, List<DataFile> files, List<InlinedRow> inlinedRows,
    List<Projected> projection) {

  /** A plan of data files only. */
  public ScanPlan(List<PlanColumn> columns, List<DataFile> files, List<Projected> projection) {
    this(columns, files, List.of(), projection);
  }

  public ScanPlan {
    columns = List.copyOf(columns);
    files = List.copyOf(files);
    inlinedRows = List.copyOf(inlinedRows);
    projection = List.copyOf(projection);
    Map<Long, PlanColumn> byId = new HashMap<>();
    for (PlanColumn c : columns) {
      if (byId.put(c.columnId(), c) != null) {
        throw new IllegalArgumentException("column_id " + c.columnId() + " appears twice in the plan");
      }
    }
    Set<Projected> seen = new HashSet<>();
    Set<Long> rowIds = new HashSet<>();
    for (InlinedRow r : inlinedRows) {
      if (!rowIds.add(r.rowId())) {
        throw new IllegalArgumentException("row_id " + r.rowId() + " appears twice among the inlined rows");
      }
    }
    for (Projected p : projection) {
      if (!seen.add(p)) {
        throw new IllegalArgumentException("projection names " + p + " twice; project it once and reuse the vector");
      }
      if (p instanceof Projected.Column c && !byId.containsKey(c.columnId())) {
        throw new IllegalArgumentException("projection names column_id " + c.columnId() + ", which the plan's table does not have");
      }
      if (p instanceof Projected.SnapshotId) {
        requireBeginSnapshots(files, inlinedRows);
      }
    }
  }

  /** snapshot_id falls back on begin_snapshot, so every file and inlined row must have it. */
  private static void requireBeginSnapshots(List<DataFile> files, List<InlinedRow> inlinedRows) {
    for (DataFile f : files) {
      if (f.beginSnapshot().isEmpty()) {
        throw new IllegalArgumentException("projection names snapshot_id, but the plan gives no begin_snapshot for data"
            + " file " + f.path());
      }
    }
    for (InlinedRow r : inlinedRows) {
      if (r.beginSnapshot().isEmpty()) {
        throw new IllegalArgumentException("projection names snapshot_id, but the plan gives no begin_snapshot for the"
            + " inlined row " + r.rowId());
      }
    }
  }

  /** A plan that reads every column, in table order. */
  public static ScanPlan allColumns(List<PlanColumn> columns, List<DataFile> files) {
    return new ScanPlan(columns, files, columns.stream().map(c -> Projected.column(c.columnId())).toList());
  }

  /** A plan that reads every column, in table order, of the files and the inlined rows. */
  public static ScanPlan allColumns(List<PlanColumn> columns, List<DataFile> files, List<InlinedRow> inlinedRows) {
    return new ScanPlan(columns, files, inlinedRows,
        columns.stream().map(c -> Projected.column(c.columnId())).toList());
  }

  /** The same plan with another projection. */
  public ScanPlan withProjection(List<Projected> newProjection) {
    return new ScanPlan(columns, files, inlinedRows, newProjection);
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
