package io.rocklake.catalog.lake;

import io.rocklake.arrowscan.LakeReadException;
import io.rocklake.arrowscan.LakeScan;
import io.rocklake.arrowscan.ScanOptions;
import io.rocklake.arrowscan.ScanPlan;
import io.rocklake.arrowscan.UnsupportedLakeTypeException;
import io.rocklake.catalog.CatalogException;
import io.rocklake.catalog.ColumnType;
import io.rocklake.catalog.SqlState;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The rows of a lake scan, one at a time: arrow-scan fills a batch, each row is taken from it as the
 * presented types' Java values ({@link LakeValues}), then mapped by {@code each}. At most one batch
 * is held. The scan and its allocator are closed when the rows run out, when a read fails, or by
 * {@link #close()}. A read that fails is a {@link CatalogException}: 0A000 for what arrow-scan does not
 * read yet (it names the column and type), 58030 for a file that cannot be read as the catalog says.
 */
public final class LakeRows<T> implements Iterator<T>, AutoCloseable {
  /** The most memory one scan's batch may hold; a wider batch fails the statement instead of the server. */
  private static final long SCAN_MEMORY = 1L << 30;

  private final String table;
  private final List<ColumnType> types;
  private final Function<Object[], T> each;
  private BufferAllocator allocator;
  private LakeScan scan;
  private int row;
  private int rows;

  private LakeRows(String table, ScanPlan plan, List<ColumnType> types, Function<Object[], T> each) {
    this.table = table;
    this.types = types;
    this.each = each;
    this.allocator = new RootAllocator(SCAN_MEMORY);
    try {
      this.scan = LakeScan.open(plan, allocator, ScanOptions.defaults().withOpener(LakeFiles.OPENER));
    } catch (RuntimeException e) {
      close();
      throw translate(e);
    }
  }

  /**
   * Opens the scan (the files' footers are read when their turn comes). {@code types} are the
   * presented types of the plan's projection, in order.
   */
  public static <T> LakeRows<T> open(String table, ScanPlan plan, List<ColumnType> types, Function<Object[], T> each) {
    return new LakeRows<>(table, plan, types, each);
  }

  @Override public boolean hasNext() {
    if (scan == null) {
      return false;
    }
    if (row < rows) {
      return true;
    }
    try {
      if (scan.loadNextBatch()) {
        row = 0;
        rows = scan.root().getRowCount();
        return true;
      }
    } catch (RuntimeException e) {
      close();
      throw translate(e);
    }
    close();
    return false;
  }

  @Override public T next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    VectorSchemaRoot batch = scan.root();
    Object[] values = new Object[types.size()];
    for (int c = 0; c < values.length; c++) {
      values[c] = LakeValues.get(batch.getVector(c), row, types.get(c));
    }
    row++;
    return each.apply(values);
  }

  @Override public void close() {
    try {
      if (scan != null) {
        scan.close();
      }
    } finally {
      scan = null;
      if (allocator != null) {
        allocator.close();
        allocator = null;
      }
    }
  }

  private RuntimeException translate(RuntimeException e) {
    if (e instanceof UnsupportedLakeTypeException) {
      return new CatalogException(SqlState.FEATURE_NOT_SUPPORTED, "DuckLake table \"" + table + "\": " + e.getMessage());
    }
    if (e instanceof LakeReadException) {
      return new CatalogException(SqlState.IO_ERROR, "DuckLake table \"" + table + "\": " + e.getMessage());
    }
    return e;
  }
}
