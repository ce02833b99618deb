package io.rocklake.arrowscan;

import java.util.Objects;
import java.util.Optional;

/**
 * A data file visible at the plan's snapshot ({@code ducklake_data_file}), with the delete file that
 * applies to it at that snapshot, if any ({@code ducklake_delete_file}).
 *
 * @param path absolute path of the Parquet data file
 * @param recordCount rows physically in the file (before deletes); checked against the file's footer
 * @param fileSizeBytes size of the file in bytes; checked against the file
 * @param rowIdStart the {@code rowid} of the file's first physical row
 * @param deleteFilePath absolute path of the positional delete file, if rows of this file are deleted
 */
public record DataFile(
    String path, long recordCount, long fileSizeBytes, long rowIdStart, Optional<String> deleteFilePath) {
  public DataFile {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(deleteFilePath, "deleteFilePath");
    if (recordCount < 0 || rowIdStart < 0) {
      throw new IllegalArgumentException("negative record_count or row_id_start for " + path);
    }
  }

  /** A data file none of whose rows are deleted. */
  public static DataFile of(String path, long recordCount, long fileSizeBytes, long rowIdStart) {
    return new DataFile(path, recordCount, fileSizeBytes, rowIdStart, Optional.empty());
  }

  /** The same file with its rows deleted by the positional delete file at {@code deletePath}. */
  public DataFile withDeletes(String deletePath) {
    return new DataFile(path, recordCount, fileSizeBytes, rowIdStart, Optional.of(deletePath));
  }
}
