package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A single-relation scan whose filter holds an operator {@link Eval} does not know is not the direct
 * path's: Calcite plans it, and the answer is PostgreSQL's. The filters are the ones Spark's JDBC data
 * source pushes for {@code startsWith}, {@code endsWith} and {@code contains} (LIKE with
 * {@code ESCAPE '\'}, the pattern's own {@code %} and {@code _} escaped); the expected ids are what
 * PostgreSQL 15 answers for the same rows, written down by hand.
 */
class ScanFiltersBeyondTheDirectPathTest {
  private static List<Object> ids(EngineFixture f, String where) {
    return f.rows("SELECT \"id\" FROM files WHERE " + where).stream().map(r -> r[0]).toList();
  }

  private static EngineFixture files() {
    EngineFixture f = new EngineFixture();
    f.run("CREATE TABLE files (id BIGINT, path VARCHAR)");
    f.run("INSERT INTO files VALUES (1, 'ducklake-a.parquet'), (2, '100%_done.parquet'), (3, '100x_done.parquet'),"
        + " (4, NULL), (5, 'Ducklake-b'), (6, 'back\\slash.parquet')");
    return f;
  }

  @Test
  void aPrefixLikeAsSparkPushesItMatchesCaseSensitively() {
    try (EngineFixture f = files()) {
      assertThat(ids(f, "(\"path\" IS NOT NULL) AND (\"path\" LIKE 'ducklake-%' ESCAPE '\\')")).containsExactly(1L);
    }
  }

  @Test
  void anEscapedPercentInThePatternMatchesOnlyAPercent() {
    try (EngineFixture f = files()) {
      assertThat(ids(f, "\"path\" LIKE '100\\%%' ESCAPE '\\'")).containsExactly(2L);
      assertThat(ids(f, "\"path\" LIKE '100_\\_%' ESCAPE '\\'")).containsExactlyInAnyOrder(2L, 3L);
    }
  }

  @Test
  void notLikeLeavesOutTheNullPath() {
    try (EngineFixture f = files()) {
      assertThat(ids(f, "NOT (\"path\" LIKE '%.parquet' ESCAPE '\\')")).containsExactly(5L);
    }
  }

  @Test
  void anEscapedBackslashMatchesTheBackslash() {
    try (EngineFixture f = files()) {
      assertThat(ids(f, "\"path\" LIKE '%\\\\%' ESCAPE '\\'")).containsExactly(6L);
    }
  }
}
