package io.rocklake.avatica;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.server.RockLakeServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.calcite.avatica.AvaticaSqlException;
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

  /** The SQLSTATE and message pgjdbc reports for {@code sql} over the PostgreSQL endpoint: the oracle. */
  private static SQLException pgError(Connection pg, String sql) {
    try (Statement s = pg.createStatement()) {
      s.execute(sql);
    } catch (SQLException e) {
      return e;
    }
    throw new AssertionError("no error from " + sql);
  }

  private static AvaticaSqlException avaticaError(Connection c, String sql) {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    } catch (AvaticaSqlException e) {
      return e;
    } catch (SQLException e) {
      throw new AssertionError("not an AvaticaSqlException", e);
    }
    throw new AssertionError("no error from " + sql);
  }

  /** What the stock driver puts before the server's message in its own (it keeps the SQLSTATE as it is). */
  private static final String REMOTE = "Remote driver error: ";

  private static String message(SQLException pg) {
    return ((org.postgresql.util.PSQLException) pg).getServerErrorMessage().getMessage();
  }

  @Test
  void anEngineErrorReachesTheClientWithItsSqlstateAndMessageAndTheConnectionGoesOn() throws Exception {
    try (Connection avatica = AvaticaFixture.avatica(server); Connection pg = AvaticaFixture.pgjdbc(server)) {
      for (String sql : List.of("SELECT * FROM no_such_table", "SELECT snapshot_id FROM ducklake_snapshot WHERE",
          "SELECT 1/0")) {
        SQLException expected = pgError(pg, sql);
        AvaticaSqlException e = avaticaError(avatica, sql);
        assertThat(e.getSQLState()).as(sql).isEqualTo(expected.getSQLState());
        assertThat(e.getErrorMessage()).as(sql).endsWith(REMOTE + message(expected));
        assertThat(over(avatica, "SELECT count(*) FROM ducklake_snapshot WHERE snapshot_id < 1000"))
            .containsExactly(List.of("50"));
      }
    }
  }

  @Test
  void aFailedTransactionBlockRefusesStatementsUntilRollbackAsOverThePostgresEndpoint() throws Exception {
    try (Connection avatica = AvaticaFixture.avatica(server); Connection pg = AvaticaFixture.pgjdbc(server)) {
      avatica.setAutoCommit(false);
      pg.setAutoCommit(false);
      avaticaError(avatica, "SELECT * FROM no_such_table");
      pgError(pg, "SELECT * FROM no_such_table");
      SQLException expected = pgError(pg, "SELECT 1");
      AvaticaSqlException e = avaticaError(avatica, "SELECT 1");
      assertThat(e.getSQLState()).isEqualTo(expected.getSQLState()).isEqualTo("25P02");
      assertThat(e.getErrorMessage()).endsWith(REMOTE + message(expected));
      avatica.rollback();
      pg.rollback();
      assertThat(over(avatica, "SELECT 1")).isEqualTo(over(pg, "SELECT 1"));
    }
  }

  @Test
  void withAutoCommitOffWritesAreSeenByOthersOnlyAfterCommit() throws Exception {
    String insert = "INSERT INTO \"public\".ducklake_snapshot VALUES (%d, NOW(), 1, 2, 1)";
    String count = "SELECT count(*) FROM ducklake_snapshot WHERE snapshot_id >= 1000";
    try (Connection avatica = AvaticaFixture.avatica(server); Connection pg = AvaticaFixture.pgjdbc(server)) {
      avatica.setAutoCommit(false);
      try (Statement s = avatica.createStatement()) {
        assertThat(s.executeUpdate(String.format(insert, 1000))).isEqualTo(1);
      }
      assertThat(over(avatica, count)).containsExactly(List.of("1"));
      assertThat(over(pg, count)).containsExactly(List.of("0"));
      avatica.rollback();
      assertThat(over(avatica, count)).containsExactly(List.of("0"));
      try (Statement s = avatica.createStatement()) {
        s.executeUpdate(String.format(insert, 1001));
      }
      assertThat(over(pg, count)).containsExactly(List.of("0"));
      avatica.commit();
      assertThat(over(pg, count)).containsExactly(List.of("1"));
      avatica.setAutoCommit(true);
      try (Statement s = avatica.createStatement()) {
        s.executeUpdate(String.format(insert, 1002)); // auto-commit: visible at once
      }
      assertThat(over(pg, count)).containsExactly(List.of("2"));
    }
  }

  @Test
  void turningAutoCommitBackOnCommitsTheOpenTransaction() throws Exception {
    String count = "SELECT count(*) FROM ducklake_snapshot WHERE snapshot_id = 2000";
    try (Connection avatica = AvaticaFixture.avatica(server); Connection pg = AvaticaFixture.pgjdbc(server)) {
      avatica.setAutoCommit(false);
      try (Statement s = avatica.createStatement()) {
        s.executeUpdate("INSERT INTO \"public\".ducklake_snapshot VALUES (2000, NOW(), 1, 2, 1)");
      }
      avatica.setAutoCommit(true);
      assertThat(avatica.getAutoCommit()).isTrue(); // the stock driver sends the change with its next request
      assertThat(over(pg, count)).containsExactly(List.of("1"));
    }
  }

  /** A timestamptz as the endpoints spell it: {@code getTimestamp} is not the stock Avatica driver's for these. */
  private static java.time.Instant instant(String text) {
    return java.time.OffsetDateTime.parse(text, java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSSX"))
        .toInstant();
  }

  @Test
  void timestampsKeepTheirMicroseconds() throws Exception {
    String sql = "SELECT snapshot_time FROM ducklake_snapshot WHERE snapshot_id = 7";
    try (Connection avatica = AvaticaFixture.avatica(server); Connection pg = AvaticaFixture.pgjdbc(server);
        Statement s = avatica.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      assertThat(rs.getMetaData().getColumnType(1)).isEqualTo(java.sql.Types.TIMESTAMP_WITH_TIMEZONE);
      assertThat(rs.getMetaData().getColumnTypeName(1)).isEqualTo("timestamptz");
      assertThat(rs.next()).isTrue();
      String text = rs.getString(1);
      assertThat(text).isEqualTo("2026-11-29 14:56:19.123463+00").isEqualTo(over(pg, sql).get(0).get(0));
      assertThat(instant(text)).isEqualTo(AvaticaFixture.snapshotTime(7));
    }
  }

  /** The same through a plan Calcite runs (an aggregate, a sort): its timestamps are microseconds too. */
  @Test
  void timestampsAPlanComputesKeepTheirMicroseconds() throws Exception {
    String sql = "SELECT max(snapshot_time) AS latest FROM ducklake_snapshot WHERE snapshot_id <= 7"
        + " UNION ALL SELECT snapshot_time FROM ducklake_snapshot WHERE snapshot_id IN (3, 5) ORDER BY 1";
    try (Connection avatica = AvaticaFixture.avatica(server); Connection pg = AvaticaFixture.pgjdbc(server)) {
      List<List<String>> rows = over(avatica, sql);
      assertThat(rows).isEqualTo(over(pg, sql));
      assertThat(rows).extracting(r -> instant(r.get(0)))
          .containsExactly(AvaticaFixture.snapshotTime(3), AvaticaFixture.snapshotTime(5), AvaticaFixture.snapshotTime(7));
    }
  }

  @Test
  void closingStatementsAndConnectionsEndsTheirEngineSessions() throws Exception {
    int before = server.avatica().connections();
    Connection c = AvaticaFixture.avatica(server);
    Statement s = c.createStatement();
    assertThat(s.executeQuery("SELECT 1").next()).isTrue();
    assertThat(server.avatica().connections()).isEqualTo(before + 1);
    s.close();
    c.close();
    assertThat(server.avatica().connections()).isEqualTo(before);
  }
}
