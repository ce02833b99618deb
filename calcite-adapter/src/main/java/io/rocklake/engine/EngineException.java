package io.rocklake.engine;

import io.rocklake.catalog.CatalogException;
import io.rocklake.catalog.SqlState;

/**
 * A statement failed; carries the SQLSTATE and the text PostgreSQL would send. A catalog error is
 * the same thing one layer down, so this is one: the wire layer sees only this type.
 */
public final class EngineException extends CatalogException {
  private static final long serialVersionUID = 1L;

  public EngineException(SqlState state, String message) {
    super(state, message);
  }

  public EngineException(SqlState state, String message, String detail) {
    super(state, message, detail);
  }

  /** A catalog error as the statement's error, SQLSTATE, text and DETAIL unchanged. */
  static EngineException from(CatalogException e) {
    return e instanceof EngineException ee ? ee : new EngineException(e.state(), e.getMessage(), e.detail());
  }

  /** An unexpected failure as the statement's error: a limit, corrupt store bytes, or else XX000. */
  static EngineException unexpected(Throwable e) {
    EngineException limit = StatementLimits.limitExceeded(e);
    if (limit != null) {
      return limit;
    }
    EngineException corrupt = CorruptData.error(e);
    return corrupt != null ? corrupt : (EngineException) new EngineException(SqlState.INTERNAL_ERROR, "internal error: " + e).initCause(e);
  }

  static EngineException unsupported(String what) {
    return new EngineException(SqlState.FEATURE_NOT_SUPPORTED, what);
  }
}
