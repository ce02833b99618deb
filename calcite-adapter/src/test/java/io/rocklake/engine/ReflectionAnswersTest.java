package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * DuckDB asks the same reflection queries in every transaction. An answer that depends only on
 * which relations exist is computed once per relation set, and never outlives it.
 */
class ReflectionAnswersTest {
  private static final String TABLES =
      "SELECT relname, relkind FROM pg_class WHERE relname LIKE 'ducklake%' ORDER BY relname";

  private final EngineFixture f = new EngineFixture();

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void aReflectionQueryAskedAgainOverTheSameRelationsGetsTheSameAnswerWithoutRunningAgain() {
    f.run("CREATE TABLE ducklake_a (id BIGINT)");
    List<Object[]> first = f.rows(TABLES);
    f.run("INSERT INTO ducklake_a VALUES (1)"); // a data-only commit changes no relation
    assertThat(f.rows(TABLES)).isSameAs(first);
  }

  @Test
  void aRelationCreatedOrDroppedIsInTheNextAnswer() {
    f.run("CREATE TABLE ducklake_a (id BIGINT)");
    assertThat(f.rows(TABLES)).extracting(r -> r[0]).containsExactly("ducklake_a");
    f.run("CREATE TABLE ducklake_b (id BIGINT)");
    assertThat(f.rows(TABLES)).extracting(r -> r[0]).containsExactly("ducklake_a", "ducklake_b");
    f.run("DROP TABLE ducklake_a");
    assertThat(f.rows(TABLES)).extracting(r -> r[0]).containsExactly("ducklake_b");
  }

  @Test
  void aTransactionSeesItsOwnNewRelationAndOthersDoNotUntilItCommits() {
    f.run("BEGIN");
    f.run("CREATE TABLE ducklake_mine (id BIGINT)");
    assertThat(f.rows(TABLES)).extracting(r -> r[0]).containsExactly("ducklake_mine");
    EngineSession other = f.engine.openSession("other", "test");
    assertThat(rows(other, TABLES)).isEmpty();
    f.run("COMMIT");
    assertThat(rows(other, TABLES)).extracting(r -> r[0]).containsExactly("ducklake_mine");
    other.close();
  }

  @Test
  void anAnswerThatCallsAFunctionOfTheSessionIsComputedEachTime() {
    f.run("CREATE TABLE ducklake_a (id BIGINT)");
    String withClock = "SELECT relname, now() FROM pg_class WHERE relname LIKE 'ducklake%'";
    assertThat(f.rows(withClock)).isNotSameAs(f.rows(withClock));
    String withLiteral = "SELECT relname FROM pg_class WHERE relname = 'ducklake_a'";
    assertThat(f.rows(withLiteral)).extracting(r -> r[0]).containsExactly("ducklake_a");
    assertThat(f.rows(withLiteral.replace("ducklake_a", "ducklake_zzz"))).as("another lifted literal, another answer").isEmpty();
  }

  private static List<Object[]> rows(EngineSession s, String sql) {
    Outcome o = EngineFixture.run(s, sql);
    return ((Outcome.Rows) o).rows();
  }
}
