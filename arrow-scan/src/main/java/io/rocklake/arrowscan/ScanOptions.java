package io.rocklake.arrowscan;

import java.nio.file.Path;
import org.apache.parquet.io.InputFile;

/**
 * How to scan: the most rows in one batch, and how a file path becomes bytes.
 *
 * @param batchRows the most rows of one batch; a batch never spans two data files
 * @param opener opens a data or delete file by the path in the plan (local files by default;
 *     object storage plugs in here)
 */
public record ScanOptions(int batchRows, DataFileOpener opener) {

  /** Opens the file a plan names. */
  @FunctionalInterface
  public interface DataFileOpener {
    InputFile open(String path);

    /**
     * Opens a file whose length the plan records ({@code file_size_bytes}). An opener that would ask
     * the store for the length (an HTTP HEAD) uses this one instead and checks it against what the
     * store sends; the local opener reads the real length and the scan compares.
     */
    default InputFile open(String path, long length) {
      return open(path);
    }
  }

  public static final int DEFAULT_BATCH_ROWS = 8192;

  public ScanOptions {
    if (batchRows < 1) {
      throw new IllegalArgumentException("batchRows must be at least 1, not " + batchRows);
    }
  }

  /** Local files, batches of {@value #DEFAULT_BATCH_ROWS} rows. */
  public static ScanOptions defaults() {
    return new ScanOptions(DEFAULT_BATCH_ROWS, p -> new LocalDataFile(Path.of(p)));
  }

  public ScanOptions withBatchRows(int rows) {
    return new ScanOptions(rows, opener);
  }

  public ScanOptions withOpener(DataFileOpener newOpener) {
    return new ScanOptions(batchRows, newOpener);
  }
}
