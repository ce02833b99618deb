package io.rocklake.engine;

import io.rocklake.catalog.SqlState;

/**
 * One session's pending cancel, set by a CancelRequest that names the session's BackendKeyData
 * (from any thread) and read by whatever executes the session's statements. The wire's
 * {@code QueryProtocol} holds its session's flag from startup on and sets it; the engine polls it.
 * It lives in the engine so that polling it is no call from the engine back up into the wire.
 *
 * <p>Use, PostgreSQL's semantics: {@link #clear()} when a statement starts, so a cancel that
 * arrived while the session was idle does nothing; poll {@link #isRequested()} at safe points
 * while it runs; when it is set, stop the statement with ErrorResponse {@link #SQLSTATE}
 * {@link #MESSAGE} (in a transaction block the transaction then fails, as any error does). A
 * cancel is only a request: a statement that finishes first simply completes.
 */
public final class CancelFlag {
  /** query_canceled. */
  public static final SqlState SQLSTATE = SqlState.QUERY_CANCELED;
  public static final String MESSAGE = "canceling statement due to user request";

  private volatile boolean requested;

  /** A matching CancelRequest arrived. */
  public void request() {
    requested = true;
  }

  public boolean isRequested() {
    return requested;
  }

  /** Whether a cancel was requested, forgetting it: what the engine polls. */
  public boolean take() {
    if (requested) {
      requested = false;
      return true;
    }
    return false;
  }

  /** Forgets a request: call as each statement starts. */
  public void clear() {
    requested = false;
  }
}
