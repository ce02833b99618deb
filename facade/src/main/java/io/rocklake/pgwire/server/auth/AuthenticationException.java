package io.rocklake.pgwire.server.auth;

/** Authentication did not succeed: sent as a FATAL ErrorResponse, then the connection closes. */
public final class AuthenticationException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final String sqlState;

  public AuthenticationException(String sqlState, String message) {
    super(message);
    this.sqlState = sqlState;
  }

  /**
   * The one message for a wrong password and an unknown user alike, as PostgreSQL words it, so a
   * client cannot probe which user names exist.
   */
  public static AuthenticationException failed(String user) {
    return new AuthenticationException("28P01", "password authentication failed for user \"" + user + "\"");
  }

  /** The client broke the authentication exchange's message format. */
  static AuthenticationException malformed(String detail) {
    return new AuthenticationException("08P01", "malformed SCRAM message: " + detail);
  }

  public String sqlState() {
    return sqlState;
  }
}
