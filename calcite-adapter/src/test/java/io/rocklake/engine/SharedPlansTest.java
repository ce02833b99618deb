package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Compiled plans are shared by every engine in the process, but a plan is reused only where the
 * relations it reads are the same. Parses belong to their engine.
 */
class SharedPlansTest {
  @Test
  void enginesOverDifferentCatalogsShareThePlanOfAShapeOverDuckLakesRelations() {
    String sql = "SELECT snapshot_id FROM ducklake_snapshot WHERE snapshot_id = 7 ORDER BY snapshot_id";
    String ddl = "CREATE TABLE ducklake_snapshot(snapshot_id BIGINT PRIMARY KEY, snapshot_time TIMESTAMPTZ,"
        + " schema_version BIGINT, next_catalog_id BIGINT, next_file_id BIGINT)";
    try (EngineFixture a = new EngineFixture(); EngineFixture b = new EngineFixture()) {
      a.run(ddl);
      b.run(ddl);
      b.run("INSERT INTO ducklake_snapshot VALUES (7, NULL, 0, 1, 0)");
      a.rows(sql);
      int plansBefore = b.engine.cachedPlans();
      assertThat(b.rows(sql)).hasSize(1);
      assertThat(b.engine.cachedPlans()).as("DuckLake's relations are alike in every catalog").isEqualTo(plansBefore);
    }
  }

  @Test
  void aShapeOverRelationsThatDifferBetweenCatalogsIsPlannedForEach() {
    String sql = "SELECT v FROM t WHERE k = 'x' ORDER BY v";
    try (EngineFixture a = new EngineFixture(); EngineFixture b = new EngineFixture()) {
      a.run("CREATE TABLE t (k VARCHAR, v BIGINT)");
      a.run("INSERT INTO t VALUES ('x', 1), ('y', 2), ('x', 3)");
      b.run("CREATE TABLE t (v VARCHAR, k VARCHAR, extra BIGINT)");
      b.run("INSERT INTO t VALUES ('second', 'x', 10), ('first', 'x', 20), ('other', 'y', 30)");

      assertThat(a.rows(sql).stream().map(r -> r[0]).toList()).isEqualTo(List.of(1L, 3L));
      assertThat(b.rows(sql).stream().map(r -> r[0]).toList()).isEqualTo(List.of("first", "second"));
      assertThat(a.rows(sql).stream().map(r -> r[0]).toList()).as("a's plan is still a's").isEqualTo(List.of(1L, 3L));
    }
  }
}
