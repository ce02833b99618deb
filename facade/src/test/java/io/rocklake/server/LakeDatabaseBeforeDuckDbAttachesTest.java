package io.rocklake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The lake database of a catalog DuckDB has not attached yet, as the first client to try it meets it:
 * an empty lake that still answers, not a broken database.
 */
class LakeDatabaseBeforeDuckDbAttachesTest {
  private Path folder;
  private RockLakeServer server;

  @BeforeEach
  void start() throws Exception {
    folder = Files.createTempDirectory("empty-catalog-");
    server = RockLakeServer.start(ServerConfig.local(CatalogLocation.parse(folder.toString()), 0));
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
    try (var files = Files.walk(folder)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    }
  }

  private Connection lake() throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port() + "/lake?preferQueryMode=simple",
        "analyst", "");
  }

  @Test
  void queriesAnswerTheLakeHasNoTablesAndATableIs42P01() throws SQLException {
    try (Connection c = lake(); Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT 1")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getInt(1)).isEqualTo(1);
      }
      try (ResultSet rs = c.getMetaData().getTables(null, null, "%", new String[] {"TABLE"})) {
        assertThat(rs.next()).isFalse();
      }
      assertThatThrownBy(() -> s.executeQuery("SELECT * FROM t")).isInstanceOfSatisfying(SQLException.class,
          e -> assertThat(e.getSQLState()).isEqualTo("42P01"));
    }
  }

  @Test
  void aPinnedSnapshotSaysTheCatalogHoldsNoLakeYet() throws SQLException {
    try (Connection c = lake(); Statement s = c.createStatement()) {
      s.execute("SET rocklake.snapshot_id = 1");
      assertThatThrownBy(() -> s.executeQuery("SELECT 1")).isInstanceOfSatisfying(SQLException.class,
          e -> assertThat(e.getSQLState()).isEqualTo("22023")).hasMessageContaining("DuckDB has not attached it");
    }
  }

  @Test
  void aWriteIs25006() throws SQLException {
    try (Connection c = lake(); Statement s = c.createStatement()) {
      assertThatThrownBy(() -> s.execute("CREATE TABLE ducklake_metadata (key VARCHAR)"))
          .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("25006"));
    }
  }
}
