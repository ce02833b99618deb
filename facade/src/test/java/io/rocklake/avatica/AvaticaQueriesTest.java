package io.rocklake.avatica;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.server.RockLakeServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Statements over the stock Avatica remote driver return what the PostgreSQL endpoint returns for them. */
class AvaticaQueriesTest {
  @TempDir static Path dir;
  static RockLakeServer server;

  @BeforeAll
  static void start() throws Exception {
    server = RockLakeServer.start(AvaticaFixture.config(AvaticaFixture.catalog(dir, 50), AvaticaFixture.avatica()));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static List<List<String>> rows(ResultSet rs) throws SQLException {
    List<List<String>> out = new ArrayList<>();
    int n = rs.getMetaData().getColumnCount();
    while (rs.next()) {
      List<String> row = new ArrayList<>();
      for (int i = 1; i <= n; i++) {
        row.add(rs.getString(i));
      }
      out.add(row);
    }
    return out;
  }

  private static List<List<String>> over(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return rows(rs);
    }
  }

  @Test
  void aQueryReturnsTheRowsThePostgresEndpointReturns() throws Exception {
    String sql = "SELECT snapshot_id, schema_version, next_catalog_id FROM ducklake_snapshot WHERE snapshot_id < 5 "
        + "ORDER BY snapshot_id";
    try (Connection avatica = AvaticaFixture.avatica(server); Connection pg = AvaticaFixture.pgjdbc(server)) {
      List<List<String>> expected = over(pg, sql);
      assertThat(expected).hasSize(5);
      assertThat(over(avatica, sql)).isEqualTo(expected);
    }
  }

  @Test
  void aPreparedStatementBindsItsParameters() throws Exception {
    try (Connection c = AvaticaFixture.avatica(server);
        PreparedStatement p = c.prepareStatement("SELECT snapshot_id, next_catalog_id FROM ducklake_snapshot "
            + "WHERE snapshot_id >= ? AND snapshot_id < ? ORDER BY snapshot_id")) {
      assertThat(p.getParameterMetaData().getParameterCount()).isEqualTo(2);
      p.setLong(1, 10);
      p.setInt(2, 12);
      try (ResultSet rs = p.executeQuery()) {
        assertThat(rows(rs)).containsExactly(List.of("10", "11"), List.of("11", "12"));
      }
      p.setString(1, "48"); // text, typed by the column it meets, as a PostgreSQL text parameter
      p.setLong(2, 1000);
      try (ResultSet rs = p.executeQuery()) {
        assertThat(rows(rs)).containsExactly(List.of("48", "49"), List.of("49", "50"));
      }
    }
  }
}
