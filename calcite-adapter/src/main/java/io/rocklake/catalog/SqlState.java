package io.rocklake.catalog;

/** The SQLSTATE codes the catalog reports (PostgreSQL's, so clients react the same way). */
public final class SqlState {
  public static final String UNIQUE_VIOLATION = "23505";
  public static final String NOT_NULL_VIOLATION = "23502";
  public static final String SERIALIZATION_FAILURE = "40001";
  public static final String UNDEFINED_TABLE = "42P01";
  public static final String DUPLICATE_TABLE = "42P07";
  public static final String DATATYPE_MISMATCH = "42804";
  public static final String INVALID_TABLE_DEFINITION = "42P16";
  public static final String INVALID_TEXT_REPRESENTATION = "22P02";
  public static final String SNAPSHOT_TOO_OLD = "72000";
  public static final String INVALID_PARAMETER_VALUE = "22023";
  public static final String READ_ONLY_TRANSACTION = "25006";
  public static final String INVALID_TRANSACTION_STATE = "25000";
  public static final String INTERNAL_ERROR = "XX000";
  /** The store is out of space (ENOSPC, a full bucket): PostgreSQL's disk_full. */
  public static final String DISK_FULL = "53100";
  /** The store refuses this process (EACCES/EPERM, S3 403): PostgreSQL's errcode_for_file_access choice. */
  public static final String INSUFFICIENT_PRIVILEGE = "42501";
  /** Any other store I/O failure: PostgreSQL's io_error. */
  public static final String IO_ERROR = "58030";
  /** The session ends because this server stopped being the catalog's writer (fenced). */
  public static final String ADMIN_SHUTDOWN = "57P01";

  private SqlState() {}
}
