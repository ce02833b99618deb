package io.rocklake.catalog;

/** A catalog error with the SQLSTATE and message PostgreSQL would give in the same situation. */
public class CatalogException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final SqlState state;
  private final String detail;

  public CatalogException(SqlState state, String message) {
    this(state, message, null);
  }

  public CatalogException(SqlState state, String message, String detail) {
    super(message);
    this.state = state;
    this.detail = detail;
  }

  public SqlState state() {
    return state;
  }

  /** The 5-character code, as sent on the wire. */
  public String sqlState() {
    return state.code();
  }

  /** PostgreSQL's DETAIL line, or null. */
  public String detail() {
    return detail;
  }

  static CatalogException invalidText(String type, String text) {
    return new CatalogException(SqlState.INVALID_TEXT_REPRESENTATION,
        "invalid input syntax for type " + type + ": \"" + text + "\"");
  }
}
