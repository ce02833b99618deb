package io.rocklake.catalog;

/** A catalog error with the SQLSTATE and message PostgreSQL would give in the same situation. */
public class CatalogException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final String sqlState;
  private final String detail;

  public CatalogException(String sqlState, String message) {
    this(sqlState, message, null);
  }

  public CatalogException(String sqlState, String message, String detail) {
    super(message);
    this.sqlState = sqlState;
    this.detail = detail;
  }

  public String sqlState() {
    return sqlState;
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
