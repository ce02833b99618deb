package io.rocklake.pgwire.server;

/** A frontend that broke the protocol: reported as a FATAL error, then the connection closes. */
final class ProtocolException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  final String sqlState;

  ProtocolException(String sqlState, String message) {
    super(message);
    this.sqlState = sqlState;
  }
}
