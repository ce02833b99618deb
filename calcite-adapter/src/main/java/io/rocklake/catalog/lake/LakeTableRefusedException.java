package io.rocklake.catalog.lake;

import io.rocklake.catalog.CatalogException;
import io.rocklake.catalog.SqlState;

/**
 * A DuckLake table whose rows at a snapshot the scan plan cannot express yet. Refused as a whole,
 * before any file is read, rather than scanned into rows that would silently differ from DuckDB's.
 * SQLSTATE 0A000 (feature_not_supported); the message names the table, the snapshot and what is
 * unsupported.
 */
public final class LakeTableRefusedException extends CatalogException {
  private static final long serialVersionUID = 1L;

  /** What the plan cannot express. */
  public enum Reason {
    /**
     * Rows in {@code ducklake_inlined_data_<table>_<version>} visible at the snapshot that cannot be bound
     * to the table's columns (a column unknown at that version, no snapshot left of it, no row_id).
     */
    INLINED_DATA,
    /** A data or delete file with an {@code encryption_key}. */
    ENCRYPTED_FILE,
    /**
     * A data file whose name mapping ({@code mapping_id}, e.g. added by ducklake_add_data_files) is missing,
     * of a type other than map_by_name, or not a mapping (a target named twice at one level).
     */
    NAME_MAPPING,
    /** A data or delete file in a format other than parquet. */
    FILE_FORMAT
  }

  private final String table;
  private final long snapshot;
  private final Reason reason;

  LakeTableRefusedException(String table, long snapshot, Reason reason, String what) {
    super(SqlState.FEATURE_NOT_SUPPORTED,
        "DuckLake table \"" + table + "\" at snapshot " + snapshot + " cannot be scanned yet: " + what);
    this.table = table;
    this.snapshot = snapshot;
    this.reason = reason;
  }

  /** The table, as {@code schema.table}. */
  public String table() {
    return table;
  }

  public long snapshot() {
    return snapshot;
  }

  public Reason reason() {
    return reason;
  }
}
