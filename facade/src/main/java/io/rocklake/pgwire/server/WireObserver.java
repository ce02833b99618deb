package io.rocklake.pgwire.server;

import io.rocklake.catalog.SqlState;
import org.apache.calcite.sql.SqlNode;

/**
 * What the wire endpoint tells the rest of the server about its sessions: a session admitted, a
 * statement run (with its latency and, if it failed, its SQLSTATE), an error sent to a client, a
 * session ended. The endpoint calls it on the session's own thread (the startup's refusals on an
 * I/O thread), so an implementation must be cheap and thread-safe; it exists so that logs and
 * metrics hang off the wire without the protocol knowing about either.
 */
public interface WireObserver {
  /** Observes nothing. */
  WireObserver NONE = new WireObserver() {};

  /** A connection was admitted (authenticated, within the session limit). */
  default void sessionStarted(WireSession session) {}

  /**
   * A statement ran to its end, or failed.
   *
   * @param autocommit whether it ran outside a transaction block (a write then commits by itself)
   * @param failure its error's SQLSTATE, or null when it succeeded
   */
  default void statementRan(WireSession session, SqlNode statement, boolean autocommit, long nanos,
      SqlState failure) {}

  /** An ErrorResponse went to the client of an admitted session ({@code severity} ERROR or FATAL). */
  default void errorSent(WireSession session, String severity, SqlState state, String message) {}

  /** A connection was refused before its session began (authentication, limits, TLS): always FATAL. */
  default void startupRefused(String remoteAddress, String user, SqlState state, String message) {}

  /** An admitted session's connection closed. */
  default void sessionEnded(WireSession session) {}

  /** Each of {@code observers} in turn. */
  static WireObserver all(java.util.List<WireObserver> observers) {
    java.util.List<WireObserver> list = java.util.List.copyOf(observers);
    return new WireObserver() {
      @Override public void sessionStarted(WireSession s) {
        list.forEach(o -> o.sessionStarted(s));
      }

      @Override public void statementRan(WireSession s, SqlNode st, boolean autocommit, long nanos, SqlState f) {
        list.forEach(o -> o.statementRan(s, st, autocommit, nanos, f));
      }

      @Override public void errorSent(WireSession s, String severity, SqlState state, String message) {
        list.forEach(o -> o.errorSent(s, severity, state, message));
      }

      @Override public void startupRefused(String remote, String user, SqlState state, String message) {
        list.forEach(o -> o.startupRefused(remote, user, state, message));
      }

      @Override public void sessionEnded(WireSession s) {
        list.forEach(o -> o.sessionEnded(s));
      }
    };
  }
}
