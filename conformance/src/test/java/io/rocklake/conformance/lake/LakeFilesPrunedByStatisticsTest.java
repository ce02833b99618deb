package io.rocklake.conformance.lake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A scan of the lake database reads only the data files whose statistics admit its filter: a lake of
 * 100 files of 1,000 ids each, of which all but file 42 are then deleted from disk — a query whose
 * filter confines {@code id} to file 42's ids answers in full, and any query that opens another file
 * fails naming it, so the test can tell a pruned file from a read one.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LakeFilesPrunedByStatisticsTest {
  private SyntheticLake lake;
  private LakeServerOnTemporaryFolder served;

  @BeforeAll
  void start() throws Exception {
    served = LakeServerOnTemporaryFolder.start("pruned-lake-", root -> {
      lake = SyntheticLake.withStatisticsOfEveryColumn(root, 100, 1000);
      return lake.catalog;
    });
  }

  @AfterAll
  void stop() throws java.io.IOException {
    served.close();
  }

  private Connection connect() throws SQLException {
    return served.connect();
  }

  private static List<Long> ids(Connection c, String sql) throws SQLException {
    return LakeServerOnTemporaryFolder.longs(c, sql);
  }

  /**
   * File 43 holds a NaN (its statistics say {@code contains_nan}; its max is a number): NaN is above
   * every number in PostgreSQL's order, so {@code v > 1e12} must open file 43 and find that row, while
   * every other file is pruned by its maximum.
   */
  @Test
  void aFileWhoseFloatStatisticsContainNaNIsKeptAndItsNaNRowFound() throws Exception {
    try (Connection c = connect()) {
      withOnlyFiles(List.of(0, 4, 42), () -> assertThat(ids(c, "SELECT id FROM t WHERE s >= 'row-42990' AND s < 'row-42999'"))
          .hasSize(9).allMatch(id -> id >= 42990 && id < 42999));
      withOnlyFiles(List.of(43), () -> assertThat(ids(c, "SELECT id FROM t WHERE v > 1e12")).containsExactly(43500L));
    }
  }

  /**
   * Plans Calcite runs prune too: an aggregate, an ORDER BY and a self-join over a filtered lake table
   * open only the file its filter's statistics admit (every other file is moved away).
   */
  @Test
  void aggregatesJoinsAndOrderedReadsOfAFilteredTableOpenOnlyTheFilesItsFilterAdmits() throws Exception {
    try (Connection c = connect()) {
      withOnlyFiles(List.of(0, 4, 42), () -> {
        assertThat(ids(c, "SELECT count(*) FROM t WHERE id BETWEEN 42100 AND 42199")).containsExactly(100L);
        assertThat(ids(c, "SELECT id FROM t WHERE d = DATE '2001-03-01' ORDER BY id DESC LIMIT 2"))
            .containsExactly(42599L, 42598L);
        assertThat(ids(c, "SELECT a.id FROM t a JOIN t b ON a.id = b.id + 1 WHERE a.id IN (42010, 42020)"
            + " AND b.id BETWEEN 42000 AND 42999 ORDER BY a.id")).containsExactly(42010L, 42020L);
        assertThat(ids(c, "SELECT max(id) FROM t WHERE s >= 'row-42990' AND s < 'row-42999'")).containsExactly(42998L);
        // A float64 column compared with integer literals: Calcite casts the literals to DOUBLE.
        assertThat(ids(c, "SELECT count(*) FROM t WHERE v >= 21000 AND v < 21500")).containsExactly(1000L);
        assertThat(ids(c, "SELECT max(id) FROM t WHERE v BETWEEN 21100 AND 21200")).containsExactly(42400L);
        assertThatThrownBy(() -> ids(c, "SELECT count(*) FROM t WHERE id BETWEEN 41990 AND 42010"))
            .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("58030"))
            .hasMessageContaining("part-0041.parquet");
      });
    }
  }

  private interface Check {
    void run() throws Exception;
  }

  /** Runs {@code check} with every data file but {@code kept} moved away, so that opening one fails naming it. */
  private void withOnlyFiles(List<Integer> kept, Check check) throws Exception {
    for (int i = 0; i < lake.files; i++) {
      if (!kept.contains(i)) {
        Files.move(lake.file(i), lake.file(i).resolveSibling(lake.file(i).getFileName() + ".away"));
      }
    }
    try {
      check.run();
    } finally {
      for (int i = 0; i < lake.files; i++) {
        Path away = lake.file(i).resolveSibling(lake.file(i).getFileName() + ".away");
        if (Files.exists(away)) {
          Files.move(away, lake.file(i));
        }
      }
    }
  }

  @Test
  void aFilterOnTheIdsOfOneFileOpensThatFileAlone() throws Exception {
    try (Connection c = connect()) {
      assertThat(ids(c, "SELECT id FROM t")).hasSize(100_000);
      for (int i = 0; i < lake.files; i++) {
        if (i != 42) {
          Files.move(lake.file(i), lake.file(i).resolveSibling(lake.file(i).getFileName() + ".away"));
        }
      }
      try {
        assertThat(ids(c, "SELECT id, s FROM t WHERE id BETWEEN 42100 AND 42199")).hasSize(100)
            .allMatch(id -> id >= 42100 && id <= 42199);
        assertThat(ids(c, "SELECT id FROM main.t WHERE id >= 42990 AND id < 43000 AND v > 0")).hasSize(10);
        assertThat(ids(c, "SELECT id FROM t WHERE id IN (42001, 42002, 42003)")).hasSize(3);
        assertThatThrownBy(() -> ids(c, "SELECT id FROM t WHERE id BETWEEN 41990 AND 42010"))
            .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("58030"))
            .hasMessageContaining("part-0041.parquet");
        assertThat(ids(c, "SELECT id FROM t WHERE id = 42500")).containsExactly(42500L);
        // Statistics of the other columns: a date, a double, a string in DuckDB's order.
        assertThat(ids(c, "SELECT id FROM t WHERE d = '2001-03-01'")).hasSize(100).allMatch(id -> id / 100 == 425);
        assertThat(ids(c, "SELECT id FROM t WHERE d BETWEEN DATE '2001-02-25' AND DATE '2001-02-26'")).hasSize(200);
        assertThat(ids(c, "SELECT id FROM t WHERE v >= 21100 AND v <= 21100.5")).containsExactly(42200L, 42201L);
        assertThatThrownBy(() -> ids(c, "SELECT id FROM t WHERE s > 'row-42999'"))
            .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("58030"));
        // In DuckDB's order 'row-4299x' also lies between file 0's 'row-0' and 'row-999', and file 4's
        // 'row-4000' and 'row-4999': those files' statistics admit the range, so it opens them.
        assertThatThrownBy(() -> ids(c, "SELECT id FROM t WHERE s >= 'row-42990' AND s < 'row-42999'"))
            .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("58030"))
            .hasMessageContaining("part-0000.parquet");
      } finally {
        for (int i = 0; i < lake.files; i++) {
          Path away = lake.file(i).resolveSibling(lake.file(i).getFileName() + ".away");
          if (Files.exists(away)) {
            Files.move(away, lake.file(i));
          }
        }
      }
    }
  }

  /**
   * psql itself, as a user meets the lake database: {@code \\dt} lists the lake's table, with a
   * pattern too (psql filters with {@code OPERATOR(pg_catalog.~)} and {@code COLLATE
   * pg_catalog.default}), and a query answers.
   */
  @Test
  void psqlListsAndDescribesTheLakesTables() throws Exception {
    assertThat(psql("\\dt")).contains("main|t|table|postgres");
    assertThat(psql("\\dt t")).contains("main|t|table|postgres");
    assertThat(psql("\\dt main.*")).contains("main|t|table|postgres");
    assertThat(psql("\\dt no_such_table")).contains("Did not find any relation named \"no_such_table\".");
    assertThat(psql("SELECT count(*) FROM t WHERE id < 500")).contains("500");
  }

  /**
   * psql's {@code \\d t} in the lake database: past the pattern lookup it reads pg_class, pg_attribute
   * (with pg_collation), pg_index, pg_policy, pg_statistic_ext, the publications and pg_inherits, and
   * prints the columns with the PostgreSQL types the lake database presents DuckLake's as
   * (docs/lake-reads.md, "Lake tables in SQL": int64 is int8, float64 float8, varchar varchar, date date).
   */
  @Test
  void psqlDescribesTheLakesTableWithItsPostgresTypes() throws Exception {
    String described = psql("\\d t");
    assertThat(described).contains("Table \"main.t\"");
    assertThat(described).contains("Column|Type|Collation|Nullable|Default\n"
        + "id|bigint|||\n"
        + "v|double precision|||\n"
        + "s|character varying|||\n"
        + "d|date|||\n");
    assertThat(psql("\\l lake")).contains("lake|postgres|UTF8|C|C||libc|");
  }

  private String psql(String command) throws Exception {
    Process p = new ProcessBuilder("psql", "-h", "127.0.0.1", "-p", String.valueOf(served.server().port()), "-U", "analyst",
        "-d", "lake", "-X", "-A", "-c", command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(output).isZero();
    return output;
  }
}
