package io.rocklake.sql.ast;

import org.apache.calcite.sql.SqlWriter;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * PostgreSQL's transaction modes, as BEGIN, SET TRANSACTION and SET SESSION CHARACTERISTICS take
 * them: {@code ISOLATION LEVEL ...}, {@code READ ONLY | READ WRITE}, {@code [NOT] DEFERRABLE}.
 * The parser fills a fresh instance; a null field was not given.
 */
public final class TransactionModes {

  /** PostgreSQL's isolation levels. */
  public enum Isolation {
    READ_UNCOMMITTED, READ_COMMITTED, REPEATABLE_READ, SERIALIZABLE;

    String sql() {
      return name().replace('_', ' ');
    }
  }

  public @Nullable Isolation isolation;
  public @Nullable Boolean readOnly;
  public @Nullable Boolean deferrable;

  /** The requested isolation level, or null for the server's default. */
  public @Nullable Isolation isolation() {
    return isolation;
  }

  /** TRUE for READ ONLY, FALSE for READ WRITE, null when not given. */
  public @Nullable Boolean readOnly() {
    return readOnly;
  }

  /** TRUE for DEFERRABLE, FALSE for NOT DEFERRABLE, null when not given. */
  public @Nullable Boolean deferrable() {
    return deferrable;
  }

  /** Writes the given modes, space-separated, in a fixed order. */
  void unparse(SqlWriter writer) {
    if (isolation != null) {
      writer.keyword("ISOLATION LEVEL");
      writer.keyword(isolation.sql());
    }
    if (readOnly != null) {
      writer.keyword(readOnly ? "READ ONLY" : "READ WRITE");
    }
    if (deferrable != null) {
      writer.keyword(deferrable ? "DEFERRABLE" : "NOT DEFERRABLE");
    }
  }
}
