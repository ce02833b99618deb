package io.rocklake.arrowscan;

/** A column whose DuckLake type this reader does not read; names the column and the type. */
public final class UnsupportedLakeTypeException extends LakeReadException {
  private static final long serialVersionUID = 1L;

  private static final String SUPPORTED = " (supported: boolean, int8..int64, uint8..uint64, float32, float64,"
      + " decimal(p,s), int128, uint128, date, time, timetz, interval, timestamp, timestamp_s, timestamp_ms,"
      + " timestamp_ns, timestamptz, varchar, json, blob, uuid, and struct, list, map with their child columns)";

  public UnsupportedLakeTypeException(String columnName, String type) {
    super("column \"" + columnName + "\" has type " + type + ", which arrow-scan does not read yet" + SUPPORTED);
  }

  /** A struct, list or map column given without its fields. */
  public UnsupportedLakeTypeException(String columnName, String type, long columnId) {
    super("column \"" + columnName + "\" has type " + type + ", which arrow-scan does not read yet without its child"
        + " columns (ducklake_column rows with parent_column " + columnId + ")");
  }
}
