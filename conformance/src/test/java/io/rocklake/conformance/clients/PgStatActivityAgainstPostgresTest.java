package io.rocklake.conformance.clients;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.pg.ThrowawayPostgres;
import io.rocklake.conformance.replay.Endpoint;
import io.rocklake.server.CatalogLocation;
import io.rocklake.server.RockLakeServer;
import io.rocklake.server.ServerConfig;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * pg_stat_activity asked of a throwaway PostgreSQL 15 and of RockLake through pgjdbc: the same
 * columns, in the same order, of the same types (name, type name, JDBC type, as RowDescription
 * describes them); and the asking session's own row the same where the two servers can agree — its
 * state, query, application_name, backend type, and a pid that pg_backend_pid() names — through
 * pgjdbc and through psql.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PgStatActivityAgainstPostgresTest {
  private ThrowawayPostgres pg;
  private RockLakeServer rocklake;
  private Connection postgres;
  private Connection ours;

  @BeforeAll
  void start(@TempDir Path dir) throws Exception {
    pg = ThrowawayPostgres.start(ThrowawayPostgres.Durability.RELAXED);
    rocklake = RockLakeServer.start(ServerConfig.local(CatalogLocation.parse(dir.resolve("catalog").toString()), 0));
    postgres = DriverManager.getConnection("jdbc:postgresql://" + pg.host() + ":" + pg.port()
        + "/postgres?user=postgres&ApplicationName=activity-check");
    ours = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + rocklake.port()
        + "/rocklake?user=postgres&ApplicationName=activity-check");
  }

  @AfterAll
  void stop() throws SQLException {
    if (postgres != null) {
      postgres.close();
    }
    if (ours != null) {
      ours.close();
    }
    if (rocklake != null) {
      rocklake.close();
    }
    if (pg != null) {
      pg.close();
    }
  }

  private static List<String> columns(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      List<String> out = new ArrayList<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        out.add(md.getColumnLabel(i) + " " + md.getColumnTypeName(i) + " " + md.getColumnType(i));
      }
      return out;
    }
  }

  private static List<String> row(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      assertThat(rs.next()).as(sql).isTrue();
      List<String> out = new ArrayList<>();
      for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
        out.add(rs.getString(i));
      }
      assertThat(rs.next()).as(sql).isFalse();
      return out;
    }
  }

  @Test
  void theColumnsAreNamedOrderedAndTypedAsPostgreSql15s() throws SQLException {
    String sql = "SELECT * FROM pg_stat_activity LIMIT 0";
    List<String> expected = columns(postgres, sql);
    assertThat(expected).hasSize(22);
    assertThat(columns(ours, sql)).isEqualTo(expected);
  }

  @Test
  void theAskingSessionsOwnRowAgrees() throws SQLException {
    String sql = "SELECT state, query, application_name, backend_type, usename, datid IS NOT NULL, "
        + "backend_start <= query_start, client_addr, client_port > 0 FROM pg_stat_activity WHERE pid = pg_backend_pid()";
    List<String> expected = row(postgres, sql);
    assertThat(expected.subList(0, 4)).containsExactly("active", sql, "activity-check", "client backend");
    assertThat(row(ours, sql)).isEqualTo(expected);
  }

  @Test
  void psqlPrintsTheAskingSessionsRowAsForPostgres() throws Exception {
    String sql = "SELECT pid = pg_backend_pid(), usename, application_name, client_addr, state, query, backend_type, "
        + "wait_event, backend_xid, query_id FROM pg_stat_activity WHERE pid = pg_backend_pid()";
    PsqlTest.Output expected = PsqlTest.psql(new Endpoint(pg.host(), pg.port()), "postgres", sql);
    PsqlTest.Output actual = PsqlTest.psql(new Endpoint("127.0.0.1", rocklake.port()), "rocklake", sql);
    assertThat(expected.stdout()).isEqualTo("t|postgres|psql|127.0.0.1|active|" + sql + "|client backend|||\n");
    assertThat(actual.stderr()).isEqualTo(expected.stderr());
    assertThat(actual.stdout()).isEqualTo(expected.stdout());
  }
}
