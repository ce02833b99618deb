package io.rocklake.sql.statement;

/** What a statement does, which decides how strictly it is checked against the whitelist. */
public enum StatementCategory {
  /** Reads only: SELECT/VALUES/WITH queries and COPY (query) TO STDOUT. */
  READ,
  /** Changes data or schema: INSERT, UPDATE, DELETE, DDL, COPY ... FROM STDIN. */
  WRITE,
  /** Session and transaction control: BEGIN, COMMIT, ROLLBACK, SET, SHOW, RESET, DISCARD, LISTEN, UNLISTEN. */
  CONTROL
}
