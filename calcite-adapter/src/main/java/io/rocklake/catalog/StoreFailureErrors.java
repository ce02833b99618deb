package io.rocklake.catalog;

import io.rocklake.kv.FencedException;
import io.rocklake.kv.store.ObjectStoreException;
import io.rocklake.kv.store.StoreFailureReason;

/**
 * A failed store write as the error a PostgreSQL client can act on: the SQLSTATE PostgreSQL gives for
 * the same operating-system cause, and the store's own "could not write KEY: strerror" text.
 */
final class StoreFailureErrors {
  private StoreFailureErrors() {}

  /** The SQLSTATE for a failure anywhere in {@code e}'s cause chain. */
  static SqlState sqlState(Throwable e) {
    if (fencing(e) != null) {
      return SqlState.ADMIN_SHUTDOWN;
    }
    return switch (StoreFailureReason.in(e)) {
      case NO_SPACE -> SqlState.DISK_FULL;
      // PostgreSQL's errcode_for_file_access says 42501 for EROFS too; 25006 is what a hot standby
      // answers a write with, and it tells clients the same thing: this server takes no writes now.
      case READ_ONLY -> SqlState.READ_ONLY_SQL_TRANSACTION;
      case PERMISSION_DENIED -> SqlState.INSUFFICIENT_PRIVILEGE;
      case OTHER -> SqlState.IO_ERROR;
    };
  }

  /** The innermost store message (it names the object and the OS cause), or the failure's own. */
  static String cause(Throwable e) {
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (c instanceof ObjectStoreException s) {
        return s.getMessage();
      }
    }
    return e.getMessage();
  }

  static FencedException fencing(Throwable e) {
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (c instanceof FencedException f) {
        return f;
      }
    }
    return null;
  }

  /** The error every statement of a fenced server gets until its sessions are ended. */
  static CatalogException fenced(FencedException f) {
    return new CatalogException(SqlState.ADMIN_SHUTDOWN,
        "terminating connection: this server was fenced by a newer writer (epoch " + f.fencingEpoch()
            + "; this server's was " + f.ownEpoch() + ")",
        "Another RockLake server opened this catalog for writing; this one serves neither reads nor writes "
            + "any more. Connect to the new writer.");
  }

  /** A commit (or a reopen of the writer) that failed for {@code e}. */
  static CatalogException writeFailed(Throwable e, String detail) {
    FencedException f = fencing(e);
    if (f != null) {
      return fenced(f);
    }
    return new CatalogException(sqlState(e), cause(e), detail);
  }
}
