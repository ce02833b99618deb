package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Text is Unicode on every path, as in a UTF-8 PostgreSQL database; positions count characters. */
class UnicodeTextTest {
  @Test
  void literalsOutsideLatin1PlanAndCompare() {
    try (EngineFixture f = new EngineFixture()) {
      f.run("CREATE TABLE t (k VARCHAR, v BIGINT)");
      f.run("INSERT INTO t VALUES ('😀', 1), ('é', 2), ('日本', 3)");
      assertThat(f.value("SELECT v FROM t WHERE k = '😀' ORDER BY v")).isEqualTo(1L);
      assertThat(f.value("SELECT k FROM t WHERE k LIKE '日%' ORDER BY v")).isEqualTo("日本");
      assertThat(f.value("SELECT '😀' || 'x'")).isEqualTo("😀x");
    }
  }

  @Test
  void textFunctionsCountCharactersNotUtf16Units() {
    try (EngineFixture f = new EngineFixture()) {
      assertThat(f.value("SELECT left('a😀b', 2)")).isEqualTo("a😀");
      assertThat(f.value("SELECT strpos('😀ab', 'b')")).isEqualTo(3);
      assertThat(f.value("SELECT substr('a😀bc', 2, 2)")).isEqualTo("😀b");
      assertThat(f.value("SELECT rpad('😀', 3, '·')")).isEqualTo("😀··");
      assertThat(f.value("SELECT reverse('a😀b')")).isEqualTo("b😀a");
    }
  }

  @Test
  void textFunctionErrorsCarryPostgresStates() {
    try (EngineFixture f = new EngineFixture()) {
      f.fails("SELECT split_part('a,b', ',', 0)", "22023");
      f.fails("SELECT substr('abc', 1, -1)", "22011");
      f.fails("SELECT chr(0)", "54000");
    }
  }
}
