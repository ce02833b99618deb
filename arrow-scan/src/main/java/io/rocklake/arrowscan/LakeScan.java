package io.rocklake.arrowscan;

import io.rocklake.arrowscan.inlined.InlinedRowsScan;
import io.rocklake.arrowscan.parquet.BoundColumn;
import io.rocklake.arrowscan.parquet.DataFileScan;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A streaming scan of a {@link ScanPlan}: one reused {@link VectorSchemaRoot} is refilled by each
 * {@link #loadNextBatch()}, like Arrow's {@code ArrowReader}. At most one data file is open and one of
 * its row groups (projected columns only) is held at a time, so memory does not grow with the table.
 * The plan's inlined rows come in row_id order, each before the first file whose rows' ids are above it
 * (a file whose row ids are stored in it places none before itself).
 *
 * <pre>{@code
 * try (LakeScan scan = LakeScan.open(plan, allocator, ScanOptions.defaults())) {
 *   while (scan.loadNextBatch()) {
 *     VectorSchemaRoot batch = scan.root();   // valid until the next call
 *   }
 * }
 * }</pre>
 */
public final class LakeScan implements AutoCloseable {

  private final ScanPlan plan;
  private final ScanOptions options;
  private final List<BoundColumn> columns;
  private final VectorSchemaRoot root;
  private final InlinedRowsScan inlined;
  private int nextFile;
  private DataFileScan current;

  private LakeScan(ScanPlan plan, ScanOptions options, List<BoundColumn> columns, VectorSchemaRoot root,
      InlinedRowsScan inlined) {
    this.plan = plan;
    this.options = options;
    this.columns = columns;
    this.root = root;
    this.inlined = inlined;
  }

  /**
   * Prepares the scan; nothing is read yet.
   *
   * @throws UnsupportedLakeTypeException if a projected column's type is not readable (before any I/O)
   * @throws LakeReadException if a projected column's initial_default, or an inlined row's value of it,
   *     is not a value of its type
   */
  public static LakeScan open(ScanPlan plan, BufferAllocator allocator, ScanOptions options) {
    List<BoundColumn> columns = new ArrayList<>();
    List<Field> fields = new ArrayList<>();
    for (Projected p : plan.projection()) {
      BoundColumn c = p instanceof Projected.Column col ? BoundColumn.of(plan.column(col.columnId()))
          : p instanceof Projected.RowId ? BoundColumn.rowId() : BoundColumn.snapshotId();
      columns.add(c);
      fields.add(c.field());
    }
    InlinedRowsScan inlined = InlinedRowsScan.of(plan.inlinedRows(), columns);
    VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), allocator);
    try {
      for (FieldVector v : root.getFieldVectors()) {
        v.setInitialCapacity(options.batchRows());
        v.allocateNew();
      }
    } catch (RuntimeException e) {
      root.close();
      throw e;
    }
    return new LakeScan(plan, options, List.copyOf(columns), root, inlined);
  }

  /** The output schema: projected columns in projection order, named as at the plan's snapshot. */
  public Schema schema() {
    return root.getSchema();
  }

  /** The current batch; refilled by {@link #loadNextBatch()}. */
  public VectorSchemaRoot root() {
    return root;
  }

  /**
   * Reads the next batch of at most {@link ScanOptions#batchRows()} rows into {@link #root()}.
   *
   * @return false when every file has been read (the root then holds 0 rows)
   */
  public boolean loadNextBatch() {
    List<FieldVector> vectors = root.getFieldVectors();
    for (FieldVector v : vectors) {
      v.reset();
    }
    while (true) {
      if (current == null) {
        long below = nextFile < plan.files().size() ? placeBefore(plan.files().get(nextFile)) : Long.MAX_VALUE;
        if (inlined.hasRowBelow(below)) {
          root.setRowCount(inlined.next(vectors, options.batchRows(), below));
          return true;
        }
        if (nextFile == plan.files().size()) {
          root.setRowCount(0);
          return false;
        }
        DataFile file = plan.files().get(nextFile++);
        current = DataFileScan.open(file, columns, withLengthOf(file, options.opener()));
      }
      int n = current.next(vectors, options.batchRows());
      if (n > 0) {
        root.setRowCount(n);
        return true;
      }
      DataFileScan done = current;
      current = null;
      done.close();
    }
  }

  /**
   * The inlined rows below this row id come before the file: its row_id_start, or 0 for a file whose
   * row ids are in the file (its range is unknown, so no inlined row is placed before it).
   */
  private static long placeBefore(DataFile file) {
    return file.rowIdsInFile() ? 0 : file.rowIdStart();
  }

  /** The opener, given the data file's recorded length (a delete file's is not in the plan). */
  private static ScanOptions.DataFileOpener withLengthOf(DataFile file, ScanOptions.DataFileOpener opener) {
    return path -> path.equals(file.path()) ? opener.open(path, file.fileSizeBytes()) : opener.open(path);
  }

  @Override
  public void close() {
    try {
      if (current != null) {
        current.close();
        current = null;
      }
    } finally {
      root.close();
    }
  }
}
