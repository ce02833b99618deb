package io.rocklake.catalog;

/**
 * Every SQLSTATE RockLake reports, with PostgreSQL's code and condition name (its errcodes.txt), so
 * clients react as they would to PostgreSQL. The one vocabulary for the catalog, the engine and the
 * wire layer; the 5-character {@link #code()} is what goes on the wire.
 */
public enum SqlState {
  // Class 08: connection exception
  /** The connection broke while the server was sending. */
  CONNECTION_FAILURE("08006", "connection_failure"),
  /** The frontend broke the v3 protocol (framing, message order, formats). */
  PROTOCOL_VIOLATION("08P01", "protocol_violation"),

  // Class 0A
  FEATURE_NOT_SUPPORTED("0A000", "feature_not_supported"),

  // Class 22: data exception
  NUMERIC_VALUE_OUT_OF_RANGE("22003", "numeric_value_out_of_range"),
  /** substring() with a negative length. */
  SUBSTRING_ERROR("22011", "substring_error"),
  DIVISION_BY_ZERO("22012", "division_by_zero"),
  /** Bytes a client sent as text are not valid UTF-8. */
  CHARACTER_NOT_IN_REPERTOIRE("22021", "character_not_in_repertoire"),
  /** Text that is not a date, time or timestamp, as the datetime input functions report it. */
  INVALID_DATETIME_FORMAT("22007", "invalid_datetime_format"),
  INVALID_PARAMETER_VALUE("22023", "invalid_parameter_value"),
  INVALID_TEXT_REPRESENTATION("22P02", "invalid_text_representation"),
  /** A binary-format bind parameter that does not decode as its type. */
  INVALID_BINARY_REPRESENTATION("22P03", "invalid_binary_representation"),
  /** COPY FROM STDIN data that does not parse. */
  BAD_COPY_FILE_FORMAT("22P04", "bad_copy_file_format"),

  // Class 23: integrity constraint violation
  NOT_NULL_VIOLATION("23502", "not_null_violation"),
  UNIQUE_VIOLATION("23505", "unique_violation"),

  // Class 25: invalid transaction state
  INVALID_TRANSACTION_STATE("25000", "invalid_transaction_state"),
  /** The command cannot run inside a transaction block. */
  ACTIVE_SQL_TRANSACTION("25001", "active_sql_transaction"),
  READ_ONLY_SQL_TRANSACTION("25006", "read_only_sql_transaction"),
  /** COMMIT, ROLLBACK or SET TRANSACTION with no transaction block to apply to. */
  NO_ACTIVE_SQL_TRANSACTION("25P01", "no_active_sql_transaction"),
  /** The transaction block already failed; only ROLLBACK is accepted. */
  IN_FAILED_SQL_TRANSACTION("25P02", "in_failed_sql_transaction"),

  // Class 26, 28, 34, 3D
  /** A prepared statement name that does not exist. */
  INVALID_SQL_STATEMENT_NAME("26000", "invalid_sql_statement_name"),
  /** Startup that names no user, or a connection the server's TLS rule refuses. */
  INVALID_AUTHORIZATION_SPECIFICATION("28000", "invalid_authorization_specification"),
  /** A wrong password or an unknown user (one code for both). */
  INVALID_PASSWORD("28P01", "invalid_password"),
  /** A portal name that does not exist. */
  INVALID_CURSOR_NAME("34000", "invalid_cursor_name"),
  /** A database name that does not exist. */
  INVALID_CATALOG_NAME("3D000", "invalid_catalog_name"),

  // Class 40: transaction rollback
  /** A commit lost a race with a concurrent one; retrying may succeed. */
  SERIALIZATION_FAILURE("40001", "serialization_failure"),

  // Class 42: syntax error or access rule violation
  SYNTAX_ERROR("42601", "syntax_error"),
  /** The store refuses this process (EACCES/EPERM, S3 403): PostgreSQL's errcode_for_file_access choice. */
  INSUFFICIENT_PRIVILEGE("42501", "insufficient_privilege"),
  UNDEFINED_COLUMN("42703", "undefined_column"),
  DUPLICATE_COLUMN("42701", "duplicate_column"),
  /** An unknown type or configuration parameter. */
  UNDEFINED_OBJECT("42704", "undefined_object"),
  DATATYPE_MISMATCH("42804", "datatype_mismatch"),
  /** Also unknown operators. */
  UNDEFINED_FUNCTION("42883", "undefined_function"),
  UNDEFINED_TABLE("42P01", "undefined_table"),
  /** A portal name already in use. */
  DUPLICATE_CURSOR("42P03", "duplicate_cursor"),
  DUPLICATE_PREPARED_STATEMENT("42P05", "duplicate_prepared_statement"),
  DUPLICATE_TABLE("42P07", "duplicate_table"),
  INVALID_TABLE_DEFINITION("42P16", "invalid_table_definition"),

  // Class 53: insufficient resources
  /** The store is out of space (ENOSPC, a full bucket). */
  DISK_FULL("53100", "disk_full"),
  /** A statement that would not fit in the heap left to it. */
  OUT_OF_MEMORY("53200", "out_of_memory"),
  TOO_MANY_CONNECTIONS("53300", "too_many_connections"),

  // Class 54: program limit exceeded
  /** A statement, message or value larger than a limit. */
  PROGRAM_LIMIT_EXCEEDED("54000", "program_limit_exceeded"),
  /** Nesting deeper than the stack allows. */
  STATEMENT_TOO_COMPLEX("54001", "statement_too_complex"),
  /** PostgreSQL's code for too many target list entries. */
  TOO_MANY_COLUMNS("54011", "too_many_columns"),

  // Class 55: object not in prerequisite state
  /** An object asked for what its state forbids (a forward-only result fetched out of order). */
  OBJECT_NOT_IN_PREREQUISITE_STATE("55000", "object_not_in_prerequisite_state"),

  // Class 57: operator intervention
  /** A CancelRequest stopped the statement. */
  QUERY_CANCELED("57014", "query_canceled"),
  /** The session ends because this server stopped being the catalog's writer (fenced). */
  ADMIN_SHUTDOWN("57P01", "admin_shutdown"),

  // Class 58: system error
  /** Any store I/O failure without a more precise code. */
  IO_ERROR("58030", "io_error"),

  // Class 72
  /** A commit below the retention floor, whose facts may be gone. */
  SNAPSHOT_TOO_OLD("72000", "snapshot_too_old"),

  // Class XX: internal error
  INTERNAL_ERROR("XX000", "internal_error"),
  /** Stored bytes that do not decode (a checksum or format failure). */
  DATA_CORRUPTED("XX001", "data_corrupted");

  private final String code;
  private final String conditionName;

  SqlState(String code, String conditionName) {
    this.code = code;
    this.conditionName = conditionName;
  }

  /** The 5-character SQLSTATE, as sent in an ErrorResponse's 'C' field. */
  public String code() {
    return code;
  }

  /** PostgreSQL's condition name (as PL/pgSQL spells it), for logs and docs. */
  public String conditionName() {
    return conditionName;
  }
}
