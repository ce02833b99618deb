package io.rocklake.server.telemetry;

import io.rocklake.catalog.SqlState;
import io.rocklake.engine.EngineSession;
import io.rocklake.pgwire.server.WireObserver;
import io.rocklake.pgwire.server.WireSession;
import io.rocklake.sql.fingerprint.Fingerprint;
import java.time.Duration;
import java.util.Set;
import org.apache.calcite.sql.SqlNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sessions' log lines, one per event an operator needs: a connection's start and end (user,
 * application_name, database, address; at the end its duration and statement count), every error
 * sent to a client with its SQLSTATE, each refused connection, and every statement slower than the
 * threshold, identified by its {@link Fingerprint} (a hash and the shape with literals replaced by
 * placeholders), never by its text, which may hold data. Nothing is logged per statement otherwise.
 *
 * <p>Levels: an error the client caused (syntax, a constraint, a conflict, a read-only violation) is
 * INFO, the client has it already; an error an operator must look at (53 insufficient resources,
 * 57 operator intervention other than a cancel, 58 system error, XX internal error) is WARN, as are
 * refused connections and slow statements.
 */
public final class EventLog implements WireObserver {
  private static final Logger CONNECTIONS = LoggerFactory.getLogger("io.rocklake.connections");
  private static final Logger ERRORS = LoggerFactory.getLogger("io.rocklake.errors");
  private static final Logger SLOW = LoggerFactory.getLogger("io.rocklake.slow-statements");
  /** SQLSTATE classes an operator must act on rather than the client. */
  private static final Set<String> SERVER_CLASSES = Set.of("53", "57", "58", "XX");

  private final long slowNanos;

  public EventLog(Duration slowStatement) {
    this.slowNanos = slowStatement.toNanos();
  }

  @Override public void sessionStarted(WireSession s) {
    CONNECTIONS.info("connection start: {}", who(s));
  }

  @Override public void sessionEnded(WireSession s) {
    long millis = (System.nanoTime() - s.startedNanos()) / 1_000_000;
    CONNECTIONS.info("connection end: {} duration={}ms statements={}", who(s), millis, s.statements());
  }

  @Override public void errorSent(WireSession s, String severity, SqlState state, String message) {
    String line = "error sent: " + severity + " " + state.code() + " " + oneLine(message) + " (" + who(s) + ")";
    if (operatorMustLook(state)) {
      ERRORS.warn(line);
    } else {
      ERRORS.info(line);
    }
  }

  @Override public void startupRefused(String remote, String user, SqlState state, String message) {
    CONNECTIONS.warn("connection refused: FATAL {} {} (user={} remote={})", state.code(), oneLine(message),
        user == null ? "" : user, remote);
  }

  @Override public void statementRan(WireSession s, SqlNode statement, boolean autocommit, long nanos,
      SqlState failure) {
    if (nanos < slowNanos || !SLOW.isWarnEnabled()) {
      return;
    }
    Fingerprint f = fingerprintOf(statement);
    SLOW.warn("slow statement: {}ms class={} outcome={} fingerprint={} shape={} ({})", nanos / 1_000_000,
        EngineSession.statementClass(statement), failure == null ? "ok" : failure.code(),
        f == null ? "none" : f.hash(), f == null ? "\"\"" : quoted(oneLine(f.normalizedSql())), who(s));
  }

  static boolean operatorMustLook(SqlState state) {
    String code = state.code();
    return SERVER_CLASSES.contains(code.substring(0, 2)) && !code.equals(SqlState.QUERY_CANCELED.code());
  }

  private static String who(WireSession s) {
    return "pid=" + s.processId() + " user=" + s.user() + " application=" + quoted(s.application()) + " database="
        + s.database() + " remote=" + s.remoteAddress();
  }

  private static String quoted(String s) {
    return "\"" + s.replace("\"", "\\\"") + "\"";
  }

  private static String oneLine(String message) {
    return message == null ? "" : message.replace('\n', ' ').replace('\r', ' ');
  }

  /** The statement's fingerprint, or null for one whose rendering does not parse back (RockLake's own statements). */
  private static Fingerprint fingerprintOf(SqlNode statement) {
    try {
      return Fingerprint.of(statement);
    } catch (RuntimeException | StackOverflowError e) {
      return null;
    }
  }
}
