package io.rocklake.engine;

import io.rocklake.catalog.pg.PgStatActivity;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The live sessions of one server — of every endpoint, and under a catalog root of every catalog's
 * engine, which then share one — by process id:
 * what pg_stat_activity lists. A session joins when it opens and leaves when it closes. A session
 * whose endpoint gives it no process id (Avatica's) gets one here, counting from
 * {@link #FIRST_CHOSEN}, far from the PostgreSQL endpoint's ids (which count from 1000 and skip any
 * id held here), so that each id names one session.
 */
public final class LiveSessions implements PgStatActivity.Sessions {
  static final int FIRST_CHOSEN = 1_000_000;
  private final Map<Integer, SessionActivity> live = new TreeMap<>();
  private int nextChosen = FIRST_CHOSEN;

  public LiveSessions() {}

  synchronized SessionActivity join(ClientOrigin origin, String database, String user, String application) {
    int pid = origin.processId();
    if (pid == 0 || live.containsKey(pid)) {
      do {
        pid = nextChosen;
        nextChosen = nextChosen == Integer.MAX_VALUE ? FIRST_CHOSEN : nextChosen + 1;
      } while (live.containsKey(pid));
    }
    SessionActivity a = new SessionActivity(pid, database, user, application, origin);
    live.put(pid, a);
    return a;
  }

  synchronized void leave(SessionActivity a) {
    live.remove(a.pid(), a);
  }

  public synchronized boolean holds(int pid) {
    return live.containsKey(pid);
  }

  /** In process-id order. */
  @Override public synchronized List<PgStatActivity.Row> sessions() {
    return live.values().stream().map(SessionActivity::row).toList();
  }
}
