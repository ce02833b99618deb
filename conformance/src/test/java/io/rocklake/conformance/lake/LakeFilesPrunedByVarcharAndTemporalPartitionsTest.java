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
import java.util.function.Predicate;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Files of a lake partitioned by a varchar identity key and by {@code year}/{@code month} of a
 * timestamp (see {@link CountryMonthPartitionedLake}) are left out by their partition values, on a
 * direct scan and in plans Calcite runs: with every file a filter cannot need moved away, the query
 * answers as DuckDB does over the same rows, and a filter that reaches a moved-away file fails naming
 * it — which tells a pruned file from a read one. A file whose partition value is NULL is kept.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LakeFilesPrunedByVarcharAndTemporalPartitionsTest {
  private CountryMonthPartitionedLake lake;
  private LakeServerOnTemporaryFolder served;

  @BeforeAll
  void start() throws Exception {
    served = LakeServerOnTemporaryFolder.start("country-month-lake-", root -> {
      lake = CountryMonthPartitionedLake.create(root);
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

  interface Check {
    void run() throws Exception;
  }

  /** Runs {@code check} with only the files whose folders {@code kept} admits in place. */
  private void withOnlyFiles(Predicate<String> kept, Check check) throws Exception {
    List<Path[]> moved = new ArrayList<>();
    Path away = lake.data.resolve("away");
    Files.createDirectories(away);
    try {
      for (int i = 0; i < lake.files.size(); i++) {
        if (!kept.test(lake.files.get(i))) {
          Path from = lake.table().resolve(lake.files.get(i));
          Path to = away.resolve(i + ".parquet");
          Files.move(from, to);
          moved.add(new Path[] {to, from});
        }
      }
      check.run();
    } finally {
      for (Path[] m : moved) {
        Files.move(m[0], m[1]);
      }
    }
  }

  private static void failsNaming(ThrowingCallable query, String folder) {
    assertThatThrownBy(query)
        .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("58030"))
        .hasMessageContaining(folder);
  }

  @Test
  void everyFileIsReadAsDuckDbReadsTheRows() throws Exception {
    try (Connection c = connect()) {
      assertThat(lake.files).anyMatch(f -> f.startsWith("country=se/year=2024/month=2/"))
          .anyMatch(f -> f.contains("year=__HIVE_DEFAULT_PARTITION__"));
      assertThat(ids(c, "SELECT id FROM o")).containsExactlyInAnyOrderElementsOf(lake.duckdb("SELECT id FROM o"))
          .hasSize(286);
    }
  }

  @Test
  void aVarcharIdentityKeyLeavesOutTheOtherCountriesFiles() throws Exception {
    try (Connection c = connect()) {
      // Kept: Sweden's files, and those of the NULL country (a NULL value keeps its file).
      withOnlyFiles(f -> f.startsWith("country=se/") || f.startsWith("country=__HIVE_DEFAULT_PARTITION__/"), () -> {
        assertThat(ids(c, "SELECT id FROM o WHERE country = 'se'"))
            .containsExactlyInAnyOrderElementsOf(lake.duckdb("SELECT id FROM o WHERE country = 'se'")).hasSize(96);
        assertThat(ids(c, "SELECT id FROM o WHERE country >= 's' AND country < 't'"))
            .containsExactlyInAnyOrderElementsOf(lake.duckdb("SELECT id FROM o WHERE country = 'se'"));
        // Calcite's plans: an aggregate and an ORDER BY over the filtered table.
        assertThat(ids(c, "SELECT count(*) FROM o WHERE country = 'se'"))
            .containsExactlyElementsOf(lake.duckdb("SELECT count(*) FROM o WHERE country = 'se'"));
        assertThat(ids(c, "SELECT id FROM o WHERE country IN ('se') ORDER BY id DESC LIMIT 3"))
            .containsExactlyElementsOf(lake.duckdb("SELECT id FROM o WHERE country = 'se' ORDER BY id DESC LIMIT 3"));
        failsNaming(() -> ids(c, "SELECT id FROM o WHERE country = 'fi'"), "country=fi/");
        failsNaming(() -> ids(c, "SELECT count(*) FROM o WHERE country > 'n'"), "country=no/");
      });
    }
  }

  @Test
  void yearAndMonthKeysLeaveOutTheMonthsEntirelyBelowATimeBound() throws Exception {
    // Kept: March 2024 onwards, and the files whose year or month is NULL.
    Predicate<String> fromMarch2024 = f -> f.contains("year=2024/month=3/") || f.contains("year=2024/month=4/")
        || f.contains("__HIVE_DEFAULT_PARTITION__");
    try (Connection c = connect()) {
      withOnlyFiles(fromMarch2024, () -> {
        String march = "SELECT id FROM o WHERE placed >= TIMESTAMP '2024-03-01 00:00:00'";
        assertThat(ids(c, march)).containsExactlyInAnyOrderElementsOf(lake.duckdb(march)).contains(1003L, 1004L);
        assertThat(ids(c, "SELECT count(*) FROM o WHERE placed >= TIMESTAMP '2024-03-01 00:00:00'"))
            .containsExactlyElementsOf(lake.duckdb("SELECT count(*) FROM o WHERE placed >= TIMESTAMP '2024-03-01'"));
        // The leap day's last microsecond is February's: the filter reaches a February file.
        failsNaming(() -> ids(c, "SELECT id FROM o WHERE placed >= TIMESTAMP '2024-02-29 23:59:59.999999'"), "month=2/");
        failsNaming(() -> ids(c, "SELECT count(*) FROM o WHERE placed > TIMESTAMP '2024-02-29 23:00:00'"), "month=2/");
        // A cast of text is folded into the same bound, to the microsecond, while the plan is made.
        String castMarch = "SELECT count(*) FROM o WHERE placed >= CAST('2024-03-01 00:00:00' AS TIMESTAMP)";
        assertThat(ids(c, castMarch)).containsExactlyElementsOf(lake.duckdb(castMarch));
        failsNaming(() -> ids(c, "SELECT count(*) FROM o WHERE placed >= CAST('2024-02-29 23:59:59.999999' AS TIMESTAMP)"),
            "month=2/");
      });
      withOnlyFiles(f -> f.contains("year=2023/month=12/") || f.contains("__HIVE_DEFAULT_PARTITION__"), () -> {
        String december = "SELECT id FROM o WHERE placed BETWEEN TIMESTAMP '2023-12-01 00:00:00'"
            + " AND TIMESTAMP '2023-12-31 23:59:59.999999'";
        assertThat(ids(c, december)).containsExactlyInAnyOrderElementsOf(lake.duckdb(december)).contains(1000L);
        failsNaming(() -> ids(c, "SELECT id FROM o WHERE placed BETWEEN TIMESTAMP '2023-12-01 00:00:00'"
            + " AND TIMESTAMP '2024-01-01 00:00:00'"), "year=2024/month=1/");
      });
    }
  }

  @Test
  void aFileWhosePartitionValueIsNullIsKept() throws Exception {
    try (Connection c = connect()) {
      withOnlyFiles(f -> !f.contains("year=__HIVE_DEFAULT_PARTITION__"),
          () -> failsNaming(() -> ids(c, "SELECT id FROM o WHERE placed >= TIMESTAMP '2024-03-01 00:00:00'"),
              "year=__HIVE_DEFAULT_PARTITION__"));
      withOnlyFiles(f -> !f.startsWith("country=__HIVE_DEFAULT_PARTITION__"),
          () -> failsNaming(() -> ids(c, "SELECT id FROM o WHERE country = 'se'"), "country=__HIVE_DEFAULT_PARTITION__"));
    }
  }
}
