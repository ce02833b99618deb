package io.rocklake.conformance.lake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.server.CatalogLocation;
import io.rocklake.server.RockLakeServer;
import io.rocklake.server.ServerConfig;
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
  private Path root;
  private SyntheticLake lake;
  private RockLakeServer server;

  @BeforeAll
  void start() throws Exception {
    root = Files.createTempDirectory("pruned-lake-");
    lake = SyntheticLake.create(root, 100, 1000);
    server = RockLakeServer.start(ServerConfig.local(CatalogLocation.parse(lake.catalog.toString()), 0));
  }

  @AfterAll
  void stop() throws java.io.IOException {
    server.close();
    try (var files = Files.walk(root)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    }
  }

  private Connection connect() throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port() + "/lake", "analyst", "");
  }

  private static List<Long> ids(Connection c, String sql) throws SQLException {
    List<Long> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getLong(1));
      }
    }
    return out;
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

  private String psql(String command) throws Exception {
    Process p = new ProcessBuilder("psql", "-h", "127.0.0.1", "-p", String.valueOf(server.port()), "-U", "analyst",
        "-d", "lake", "-X", "-A", "-c", command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(output).isZero();
    return output;
  }
}
