package io.rocklake.pgwire.types;

import io.rocklake.catalog.SqlState;

/**
 * Bytes a client sent as text are not valid UTF-8 (the server and client encoding): PostgreSQL's
 * 22021 character_not_in_repertoire, with its message naming the offending bytes.
 */
public final class InvalidByteSequenceException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  public static final SqlState SQLSTATE = SqlState.CHARACTER_NOT_IN_REPERTOIRE;

  InvalidByteSequenceException(String message) {
    super(message);
  }
}
