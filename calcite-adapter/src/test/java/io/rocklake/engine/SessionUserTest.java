package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.pgwire.types.PgType;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL's session-user functions answer the name the client authenticated as: each a column of
 * type name, named as PostgreSQL names it, in any query and per session however plans are shared.
 */
class SessionUserTest {
  private final EngineFixture f = new EngineFixture();

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void currentUserSessionUserUserAndCurrentRoleAnswerTheSessionsUserAsPostgresNamesThem() {
    Outcome.Rows rows = (Outcome.Rows) f.run("SELECT current_user, session_user, user, current_role");
    assertThat(rows.fields()).extracting(Field::name)
        .containsExactly("current_user", "session_user", "user", "current_role");
    assertThat(rows.fields()).extracting(Field::type).containsOnly(PgType.NAME);
    assertThat(rows.rows()).hasSize(1);
    assertThat(List.of(rows.rows().get(0))).containsExactly("tester", "tester", "tester", "tester");
  }

  @Test
  void theSessionUserWorksInsideLargerQueries() {
    assertThat(f.value("SELECT upper(current_user)")).isEqualTo("TESTER");
    assertThat(f.value("SELECT count(*) FROM pg_namespace WHERE session_user = 'tester' AND nspname = 'public'"))
        .isEqualTo(1L);
    assertThat(f.value("SELECT CASE WHEN user = 'tester' THEN 'me' ELSE 'someone' END")).isEqualTo("me");
  }

  @Test
  void twoSessionsOfDifferentUsersEachSeeTheirOwnNameThroughTheSharedPlan() {
    EngineSession other = f.engine.openSession("quacker", "engine-tests");
    try {
      assertThat(f.value("SELECT current_user")).isEqualTo("tester");
      List<Object[]> theirs = ((Outcome.Rows) EngineFixture.run(other, "SELECT current_user")).rows();
      assertThat(theirs.get(0)).containsExactly("quacker");
      assertThat(f.value("SELECT current_user")).isEqualTo("tester");
    } finally {
      other.close();
    }
  }
}
