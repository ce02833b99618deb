package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * pg_stat_activity lists the live sessions of its own engine — not those of another engine in the
 * same process, whatever plans they share — each with its state, its last statement and its
 * transaction start as they are at the moment of the scan: its answer is never one the engine keeps.
 */
class SessionActivityTest {
  private final EngineFixture f = new EngineFixture();

  @AfterEach
  void close() {
    f.close();
  }

  private static final String ACTIVITY = "SELECT pid, usename, application_name, state, query, client_addr, "
      + "client_port, xact_start FROM pg_stat_activity";

  /** pg_stat_activity as {@code asker} sees it: pid to the rest of its row. */
  private static Map<Integer, List<Object>> activity(EngineSession asker) {
    Map<Integer, List<Object>> out = new TreeMap<>();
    for (Object[] r : ((Outcome.Rows) EngineFixture.run(asker, ACTIVITY)).rows()) {
      out.put((Integer) r[0], java.util.Arrays.asList(r).subList(1, r.length));
    }
    return out;
  }

  @Test
  void eachSessionShowsItsStateAndLastStatementAsTheyAreWhenAsked() {
    EngineSession other = f.engine.openSession("quacker", "other-app",
        new ClientOrigin(4321, new InetSocketAddress("127.0.0.1", 40000)));
    try {
      Map<Integer, List<Object>> first = activity(f.session);
      assertThat(first).containsOnlyKeys(f.session.processId(), 4321);
      assertThat(first.get(f.session.processId()).subList(0, 6))
          .containsExactly("tester", "engine-tests", "active", ACTIVITY, null, -1);
      assertThat(first.get(4321).subList(0, 6)).containsExactly("quacker", "other-app", "idle", "", "127.0.0.1", 40000);

      EngineFixture.run(other, "BEGIN; SELECT 1");
      Map<Integer, List<Object>> inBlock = activity(f.session); // the same text again: not a kept answer
      assertThat(inBlock.get(4321).subList(0, 4))
          .containsExactly("quacker", "other-app", "idle in transaction", "BEGIN; SELECT 1");
      assertThat(inBlock.get(4321).get(6)).isInstanceOf(Instant.class);

      EngineFixture.run(other, "SET application_name = 'renamed'");
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> EngineFixture.run(other, "SELEC 1; SELECT 2"))
          .isInstanceOf(EngineException.class);
      assertThat(activity(f.session).get(4321).subList(1, 4))
          .containsExactly("renamed", "idle in transaction (aborted)", "SELEC 1; SELECT 2");
      EngineFixture.run(other, "ROLLBACK");
      List<Object> after = activity(f.session).get(4321);
      assertThat(after.subList(2, 4)).containsExactly("idle", "ROLLBACK");
      assertThat(after.get(6)).isNull();
    } finally {
      other.close();
    }
    assertThat(activity(f.session)).containsOnlyKeys(f.session.processId());
  }

  @Test
  void anotherEngineInTheProcessListsOnlyItsOwnSessions() {
    SqlEngine second = new SqlEngine(f.catalog);
    try (EngineSession theirs = second.openSession("stranger", "elsewhere", new ClientOrigin(5555, null))) {
      assertThat(activity(theirs)).containsOnlyKeys(theirs.processId());
      assertThat(activity(f.session)).containsOnlyKeys(f.session.processId());
      assertThat(second.processIdInUse(theirs.processId())).isTrue();
      assertThat(f.engine.processIdInUse(theirs.processId())).isFalse();
    }
  }

  @Test
  void pgBackendPidIsTheAskingSessionsId() {
    EngineSession other = f.engine.openSession("quacker", "other-app", new ClientOrigin(4321, null));
    try {
      assertThat(f.value("SELECT pg_backend_pid()")).isEqualTo(f.session.processId());
      assertThat(((Outcome.Rows) EngineFixture.run(other, "SELECT pg_backend_pid()")).rows().get(0))
          .containsExactly(4321);
      assertThat(f.value("SELECT usename FROM pg_stat_activity WHERE pid = pg_backend_pid()")).isEqualTo("tester");
      f.fails("SELECT pg_cancel_backend(4321)", "42883"); // not provided: no session can end another yet
    } finally {
      other.close();
    }
  }

  @Test
  void anIdAlreadyHeldIsNotGivenTwice() {
    try (EngineSession a = f.engine.openSession("a", "", new ClientOrigin(777, null));
        EngineSession b = f.engine.openSession("b", "", new ClientOrigin(777, null))) {
      assertThat(a.processId()).isEqualTo(777);
      assertThat(b.processId()).isNotEqualTo(777).isGreaterThanOrEqualTo(LiveSessions.FIRST_CHOSEN);
    }
  }

  @Test
  void aLongQueryShowsItsFirst1023CharactersAsPostgresDefaultKeeps() {
    String padded = "SELECT query FROM pg_stat_activity WHERE pid = pg_backend_pid() AND '" + "x".repeat(2000) + "' <> ''";
    assertThat(f.value(padded)).isEqualTo(padded.substring(0, 1023));
  }
}
