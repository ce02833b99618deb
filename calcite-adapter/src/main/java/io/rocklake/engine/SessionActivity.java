package io.rocklake.engine;

import io.rocklake.catalog.pg.PgStatActivity;
import java.time.Instant;

/**
 * What one live session is doing, as pg_stat_activity shows it: who and where it is, from its start
 * on, and the state of its current or last statement ({@code active} while one runs, then
 * {@code idle}, {@code idle in transaction} or {@code idle in transaction (aborted)} by the state of
 * its transaction block). Written by the session's own thread, read by any session's query.
 */
final class SessionActivity {
  private final int pid;
  private final String database;
  private final String user;
  /** The startup's application_name: what the session shows until it SETs another. */
  private final String startupApplication;
  private final ClientOrigin origin;
  private final Instant backendStart = Instant.now();
  /** The mutable part, replaced whole so that a reader never sees half a change. */
  private volatile PgStatActivity.Row row;

  SessionActivity(int pid, String database, String user, String application, ClientOrigin origin) {
    this.pid = pid;
    this.database = database;
    this.user = user;
    this.startupApplication = application;
    this.origin = origin;
    this.row = row(application, null, null, backendStart, "idle", "");
  }

  int pid() {
    return pid;
  }

  /** A statement begins; {@code inBlock} when it runs in an open transaction block (whose start stays). */
  void statementStarted(String query, boolean inBlock) {
    Instant now = Instant.now();
    PgStatActivity.Row r = row;
    row = row(r.application(), inBlock && r.xactStart() != null ? r.xactStart() : now, now, now, "active", query);
  }

  /**
   * The statement ended, leaving the session's block in {@code status} ('I', 'T' or 'E') and its
   * application_name SET to {@code application} (null: not SET, the startup's stands), as pgjdbc
   * sets it after startup when it assumes an old server.
   */
  void statementEnded(char status, String application) {
    PgStatActivity.Row r = row;
    String state = status == 'T' ? "idle in transaction" : status == 'E' ? "idle in transaction (aborted)" : "idle";
    row = row(application != null ? application : startupApplication, status == 'I' ? null : r.xactStart(),
        r.queryStart(), Instant.now(), state, r.query());
  }

  PgStatActivity.Row row() {
    return row;
  }

  private PgStatActivity.Row row(String application, Instant xactStart, Instant queryStart, Instant stateChange, String state,
      String query) {
    java.net.InetSocketAddress a = origin.address();
    String address = a == null ? null : a.getAddress() == null ? a.getHostString() : a.getAddress().getHostAddress();
    return new PgStatActivity.Row(pid, database, user, application, address, a == null ? -1 : a.getPort(),
        backendStart, xactStart, queryStart, stateChange, state, query);
  }
}
