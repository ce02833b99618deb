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
 * @param deletesUpToSnapshot for a <em>partial</em> delete file (one DuckDB wrote for several snapshots,
 *     each deleted row tagged with its snapshot in {@code _ducklake_internal_snapshot_id}): only the
 *     deletions of snapshots up to this one apply; empty, all of the file's deletions apply
 * @param rowsUpToSnapshot for a <em>partial</em> data file (rows of several snapshots merged or flushed
 *     into one file, each tagged in {@code _ducklake_internal_snapshot_id}): only its rows of snapshots up
 *     to this one are read, the others are skipped as deleted ones are; empty, every row
 * @param rowIdsInFile the catalog has no {@code row_id_start} for the file (DuckDB rewrote it, keeping
 *     its rows' ids, which are no longer contiguous): each row's {@code rowid} is read from the file's
 *     {@code _ducklake_internal_row_id}, which it must then have, and {@code rowIdStart} is unused (0).
 *     A file that has that column is read by it whatever this says, as DuckDB does
 * @param beginSnapshot the file's {@code begin_snapshot}: the {@code snapshot_id} of its rows unless the
 *     file stores each row's in {@code _ducklake_internal_snapshot_id}; empty, unknown to the plan
 *     (then {@link Projected.SnapshotId} cannot be projected)
 * @param inlinedDeletions positions of the file's rows deleted in the catalog
 *     ({@code ducklake_inlined_delete_<table_id>}) up to the plan's snapshot, removed with the delete
 *     file's
 * @param nameMapping for a file whose columns are bound by name ({@code ducklake_data_file.mapping_id}):
 *     the mapping; empty, the file's columns are bound by Parquet field id
 */
public record DataFile(String path, long recordCount, long fileSizeBytes, long rowIdStart,
    Optional<String> deleteFilePath, java.util.OptionalLong deletesUpToSnapshot, java.util.OptionalLong rowsUpToSnapshot,
    boolean rowIdsInFile, java.util.OptionalLong beginSnapshot, InlinedDeletions inlinedDeletions,
    Optional<NameMapping> nameMapping) {
  public DataFile {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(deleteFilePath, "deleteFilePath");
    Objects.requireNonNull(deletesUpToSnapshot, "deletesUpToSnapshot");
    Objects.requireNonNull(rowsUpToSnapshot, "rowsUpToSnapshot");
    Objects.requireNonNull(beginSnapshot, "beginSnapshot");
    Objects.requireNonNull(inlinedDeletions, "inlinedDeletions");
    Objects.requireNonNull(nameMapping, "nameMapping");
    if (rowIdsInFile && rowIdStart != 0) {
      throw new IllegalArgumentException("row_id_start " + rowIdStart + " given for " + path
          + ", whose row ids are in the file");
    }
    if (deletesUpToSnapshot.isPresent() && deleteFilePath.isEmpty()) {
      throw new IllegalArgumentException("deletions up to a snapshot without a delete file for " + path);
    }
    if (recordCount < 0 || rowIdStart < 0) {
      throw new IllegalArgumentException("negative record_count or row_id_start for " + path);
    }
  }

  public DataFile(String path, long recordCount, long fileSizeBytes, long rowIdStart, Optional<String> deleteFilePath,
      java.util.OptionalLong deletesUpToSnapshot, java.util.OptionalLong rowsUpToSnapshot) {
    this(path, recordCount, fileSizeBytes, rowIdStart, deleteFilePath, deletesUpToSnapshot, rowsUpToSnapshot, false,
        java.util.OptionalLong.empty(), InlinedDeletions.none(), Optional.empty());
  }

  public DataFile(String path, long recordCount, long fileSizeBytes, long rowIdStart, Optional<String> deleteFilePath) {
    this(path, recordCount, fileSizeBytes, rowIdStart, deleteFilePath, java.util.OptionalLong.empty(),
        java.util.OptionalLong.empty());
  }

  /** A data file none of whose rows are deleted. */
  public static DataFile of(String path, long recordCount, long fileSizeBytes, long rowIdStart) {
    return new DataFile(path, recordCount, fileSizeBytes, rowIdStart, Optional.empty());
  }

  /** The same file with its rows deleted by the positional delete file at {@code deletePath}. */
  public DataFile withDeletes(String deletePath) {
    return new DataFile(path, recordCount, fileSizeBytes, rowIdStart, Optional.of(deletePath), java.util.OptionalLong.empty(),
        rowsUpToSnapshot, rowIdsInFile, beginSnapshot, inlinedDeletions, nameMapping);
  }

  /**
   * The same file with its rows deleted by the partial delete file at {@code deletePath}, of whose
   * deletions only those of snapshots up to {@code snapshot} apply.
   */
  public DataFile withDeletesUpTo(String deletePath, long snapshot) {
    return new DataFile(path, recordCount, fileSizeBytes, rowIdStart, Optional.of(deletePath),
        java.util.OptionalLong.of(snapshot), rowsUpToSnapshot, rowIdsInFile, beginSnapshot, inlinedDeletions, nameMapping);
  }

  /** The same file as a partial data file, of whose rows only those of snapshots up to {@code snapshot} are read. */
  public DataFile withRowsUpTo(long snapshot) {
    return new DataFile(path, recordCount, fileSizeBytes, rowIdStart, deleteFilePath, deletesUpToSnapshot,
        java.util.OptionalLong.of(snapshot), rowIdsInFile, beginSnapshot, inlinedDeletions, nameMapping);
  }

  /**
   * A data file the catalog gives no row_id_start: its rows' ids are read from its
   * {@code _ducklake_internal_row_id} column.
   */
  public static DataFile withRowIdsInFile(String path, long recordCount, long fileSizeBytes) {
    return new DataFile(path, recordCount, fileSizeBytes, 0, Optional.empty(), java.util.OptionalLong.empty(),
        java.util.OptionalLong.empty(), true, java.util.OptionalLong.empty(), InlinedDeletions.none(), Optional.empty());
  }

  /** The same file with its begin_snapshot, the snapshot_id of rows that do not store their own. */
  public DataFile withBeginSnapshot(long snapshot) {
    return new DataFile(path, recordCount, fileSizeBytes, rowIdStart, deleteFilePath, deletesUpToSnapshot,
        rowsUpToSnapshot, rowIdsInFile, java.util.OptionalLong.of(snapshot), inlinedDeletions, nameMapping);
  }

  /** The same file with these of its rows deleted in the catalog (replacing any given before). */
  public DataFile withInlinedDeletions(InlinedDeletions deletions) {
    return new DataFile(path, recordCount, fileSizeBytes, rowIdStart, deleteFilePath, deletesUpToSnapshot,
        rowsUpToSnapshot, rowIdsInFile, beginSnapshot, deletions, nameMapping);
  }

  /** The same file with its columns bound by name through {@code mapping} instead of by field id. */
  public DataFile withNameMapping(NameMapping mapping) {
    return new DataFile(path, recordCount, fileSizeBytes, rowIdStart, deleteFilePath, deletesUpToSnapshot,
        rowsUpToSnapshot, rowIdsInFile, beginSnapshot, inlinedDeletions, Optional.of(mapping));
  }
}
