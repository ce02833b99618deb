package io.rocklake.engine;

import io.rocklake.catalog.SqlState;
import org.apache.calcite.sql.SqlIdentifier;

/** Resolves column references while an expression is evaluated against one row (or a joined pair). */
interface Scope {
  /** The value of a column reference, or throws 42703 / 42702. */
  Object column(SqlIdentifier id);

  /** An expression without column references. */
  Scope NONE = id -> {
    throw new EngineException(SqlState.UNDEFINED_COLUMN, "column \"" + id + "\" does not exist");
  };
}
