package io.rocklake.pgwire.server.auth;

import io.rocklake.catalog.SqlState;

/** Authentication did not succeed: sent as a FATAL ErrorResponse, then the connection closes. */
public final class AuthenticationException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final SqlState sqlState;

  public AuthenticationException(SqlState sqlState, String message) {
    super(message);
    this.sqlState = sqlState;
  }

  /**
   * The one message for a wrong password and an unknown user alike, as PostgreSQL words it, so a
   * client cannot probe which user names exist.
   */
  public static AuthenticationException failed(String user) {
    return new AuthenticationException(SqlState.INVALID_PASSWORD, "password authentication failed for user \"" + user + "\"");
  }

  /** The client broke the authentication exchange's message format. */
  static AuthenticationException malformed(String detail) {
    return new AuthenticationException(SqlState.PROTOCOL_VIOLATION, "malformed SCRAM message: " + detail);
  }

  public SqlState state() {
    return sqlState;
  }

  public String sqlState() {
    return sqlState.code();
  }
}
