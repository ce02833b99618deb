package io.rocklake.arrowscan.inlined;

import io.rocklake.arrowscan.InlinedRow;
import io.rocklake.arrowscan.parquet.BoundColumn;
import io.rocklake.arrowscan.parquet.InitialDefault;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;

/**
 * The plan's inlined rows in {@code row_id} order, every value converted when the scan opens (the rows
 * are few, at most DuckLake's inlining row limit per insert), so a bad value is refused before any I/O.
 */
public final class InlinedRowsScan {
  private final long[] rowIds;
  private final InitialDefault[][] cells; // [row][output column]; null for the rowid column
  private int next;

  private InlinedRowsScan(long[] rowIds, InitialDefault[][] cells) {
    this.rowIds = rowIds;
    this.cells = cells;
  }

  /**
   * Converts every projected value of every row. A column the row's schema version lacked takes the
   * column's initial_default, as a data file written before the column was added.
   *
   * @throws io.rocklake.arrowscan.LakeReadException if a value is not one of its column's type
   */
  public static InlinedRowsScan of(List<InlinedRow> rows, List<BoundColumn> columns) {
    List<InlinedRow> sorted = new ArrayList<>(rows);
    sorted.sort(Comparator.comparingLong(InlinedRow::rowId));
    long[] rowIds = new long[sorted.size()];
    InitialDefault[][] cells = new InitialDefault[sorted.size()][];
    for (int r = 0; r < sorted.size(); r++) {
      InlinedRow row = sorted.get(r);
      rowIds[r] = row.rowId();
      cells[r] = new InitialDefault[columns.size()];
      for (int k = 0; k < columns.size(); k++) {
        BoundColumn c = columns.get(k);
        if (c.isRowId()) {
          continue;
        }
        if (c.isSnapshotId()) {
          long snapshot = row.beginSnapshot().orElseThrow(); // the plan checks every row has one
          cells[r][k] = (v, i) -> ((BigIntVector) v).set(i, snapshot);
          continue;
        }
        long id = c.column().columnId();
        if (!row.values().containsKey(id)) {
          cells[r][k] = c.initialDefault();
        } else {
          Object value = row.values().get(id);
          cells[r][k] = value == null ? InlinedRowsScan::setNull
              : InlinedValue.convert(c, row.rowId(), value);
        }
      }
    }
    return new InlinedRowsScan(rowIds, cells);
  }

  /** Whether a row is left whose row_id is below {@code limit}. */
  public boolean hasRowBelow(long limit) {
    return next < rowIds.length && rowIds[next] < limit;
  }

  /**
   * Writes the next rows whose row_id is below {@code limit}, at most {@code max} of them, from slot 0.
   *
   * @return the rows written
   */
  public int next(List<FieldVector> vectors, int max, long limit) {
    int n = 0;
    while (n < max && hasRowBelow(limit)) {
      InitialDefault[] row = cells[next];
      for (int k = 0; k < row.length; k++) {
        FieldVector v = vectors.get(k);
        if (row[k] == null) {
          ((BigIntVector) v).set(n, rowIds[next]);
        } else {
          row[k].write(v, n);
        }
      }
      next++;
      n++;
    }
    return n;
  }

  private static void setNull(FieldVector v, int i) {
    v.setNull(i);
  }
}
