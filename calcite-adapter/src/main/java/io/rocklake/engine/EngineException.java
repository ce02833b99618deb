package io.rocklake.engine;

/** A statement failed; carries the SQLSTATE and the text PostgreSQL would send. */
public final class EngineException extends RuntimeException {
  private final String sqlState;
  private final String detail;

  public EngineException(String sqlState, String message) {
    this(sqlState, message, null);
  }

  public EngineException(String sqlState, String message, String detail) {
    super(message);
    this.sqlState = sqlState;
    this.detail = detail;
  }

  public String sqlState() {
    return sqlState;
  }

  /** PostgreSQL's DETAIL field, or null. */
  public String detail() {
    return detail;
  }

  static EngineException unsupported(String what) {
    return new EngineException("0A000", what);
  }
}
