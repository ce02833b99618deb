package io.rocklake.pgwire.server;

import io.rocklake.catalog.SqlState;

/** A frontend that broke the protocol: reported as a FATAL error, then the connection closes. */
final class ProtocolException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  final SqlState sqlState;

  ProtocolException(SqlState sqlState, String message) {
    super(message);
    this.sqlState = sqlState;
  }
}
