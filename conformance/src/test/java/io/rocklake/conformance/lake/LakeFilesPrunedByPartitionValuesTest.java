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
 * Hive-partitioned files added to a lake without field ids (see {@link HivePartitionedLake}) read over
 * the lake database as DuckDB reads them — {@code id} bound by name, {@code yr} from each file's
 * {@code yr=…/} folder — and a filter on the partition column opens only the files whose partition
 * value admits it: with every folder but {@code yr=2023} moved away, a query confined to 2023 answers
 * in full, and one that would open another year's file fails naming it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LakeFilesPrunedByPartitionValuesTest {
  private HivePartitionedLake lake;
  private LakeServerOnTemporaryFolder served;

  @BeforeAll
  void start() throws Exception {
    served = LakeServerOnTemporaryFolder.start("partitioned-lake-", root -> {
      lake = HivePartitionedLake.create(root, 6, 500);
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

  /** The first column of each row, as a long; {@code yr * 1000000 + id} keeps both in one number. */
  private static List<Long> values(Connection c, String sql) throws SQLException {
    List<Long> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getLong(1) * 1_000_000 + rs.getLong(2));
      }
    }
    return out;
  }

  private List<Long> duckdb(String where) {
    return lake.duckdb("SELECT yr * 1000000 + id FROM files " + where);
  }

  @Test
  void theFilesRowsHaveTheirPartitionFoldersValuesAndAFilterOnThemOpensOnlyTheFilesItAdmits() throws Exception {
    try (Connection c = connect()) {
      assertThat(values(c, "SELECT yr, id FROM t")).hasSize(3000).containsExactlyInAnyOrderElementsOf(duckdb(""));
      List<Path> away = new ArrayList<>();
      for (int year = HivePartitionedLake.FIRST_YEAR; year < HivePartitionedLake.FIRST_YEAR + lake.years; year++) {
        if (year != 2023) {
          Path moved = lake.data.resolve("away-" + year); // outside the table: DuckDB reads its files too
          Files.move(lake.folder(year), moved);
          away.add(moved);
        }
      }
      try {
        assertThat(values(c, "SELECT yr, id FROM t WHERE yr = 2023")).hasSize(500)
            .containsExactlyInAnyOrderElementsOf(duckdb("WHERE yr = 2023"));
        assertThat(values(c, "SELECT yr, id FROM main.t WHERE yr >= 2023 AND yr < 2024 AND id < 1750"))
            .containsExactlyInAnyOrderElementsOf(duckdb("WHERE yr = 2023 AND id < 1750")).hasSize(250);
        assertThat(values(c, "SELECT yr, id FROM t WHERE yr IN (2023)")).hasSize(500);
        assertThatThrownBy(() -> values(c, "SELECT yr, id FROM t WHERE yr BETWEEN 2022 AND 2023"))
            .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("58030"))
            .hasMessageContaining("yr=2022");
      } finally {
        for (Path moved : away) {
          Files.move(moved, lake.folder(Integer.parseInt(moved.getFileName().toString().substring("away-".length()))));
        }
      }
    }
  }
}
