package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.avatica.AvaticaEndpoint;
import io.rocklake.avatica.AvaticaOptions;
import io.rocklake.facade.CatalogQueryEngine;
import io.rocklake.pgwire.server.auth.AuthMethod;
import io.rocklake.pgwire.server.auth.Authentication;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A read-only role ({@code --read-only-users}): every write of its sessions — INSERT, DDL, COPY FROM,
 * a write inside a transaction block — is refused with 25006 naming the role, its reads answer, and
 * the same statements of any other user still commit — over the PostgreSQL endpoint and over
 * Avatica alike.
 */
class ReadOnlyRolesTest {
  private PgWireServer server;
  /** The Avatica endpoint over the same engine, so both endpoints share one catalog and one rule. */
  private AvaticaEndpoint avatica;

  @BeforeEach
  void start() throws Exception {
    CatalogQueryEngine engine = new CatalogQueryEngine(TestCatalogs.withDuckLakeTables(1),
        io.rocklake.engine.ShapePolicy.permissive(), "lake", java.util.Optional.empty(), Set.of("viewer"),
        new io.rocklake.engine.LiveSessions());
    server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), engine);
    avatica = AvaticaEndpoint.start(AvaticaOptions.defaults(new InetSocketAddress("127.0.0.1", 0), 10), engine,
        Authentication.trust(), null);
  }

  @AfterEach
  void stop() {
    avatica.close();
    server.close(PgWireServer.SHUTDOWN_NOTICE);
  }

  /** The stock Avatica driver as {@code user} (trust: the user the client names is the session's). */
  private Connection avatica(String user) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", user);
    return DriverManager.getConnection(avatica.jdbcUrl(AuthMethod.TRUST), p);
  }

  private Connection connect(String user) throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port()
        + "/rocklake?user=" + user + "&preferQueryMode=simple");
  }

  private static long snapshots(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery("SELECT count(*) FROM ducklake_snapshot")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void aReadOnlyRolesWritesGet25006NamingTheRoleWhileItsReadsAndOtherUsersWritesGoOn() throws Exception {
    try (Connection viewer = connect("viewer"); Statement v = viewer.createStatement()) {
      assertThat(snapshots(v)).isEqualTo(1);
      for (String write : new String[] {
          "INSERT INTO \"public\".ducklake_snapshot VALUES (1, NOW(), 0, 1, 0)",
          "CREATE TABLE \"public\".t(a BIGINT)",
          "DELETE FROM \"public\".ducklake_snapshot WHERE snapshot_id = 0"}) {
        assertThatThrownBy(() -> v.execute(write))
            .isInstanceOfSatisfying(SQLException.class, e -> {
              assertThat(e.getSQLState()).as(write).isEqualTo("25006");
              assertThat(e.getMessage()).contains("role \"viewer\" is read-only");
            });
      }
      v.execute("BEGIN TRANSACTION");
      assertThatThrownBy(() -> v.execute("INSERT INTO \"public\".ducklake_snapshot VALUES (1, NOW(), 0, 1, 0)"))
          .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("25006"));
      v.execute("ROLLBACK");
      assertThat(snapshots(v)).isEqualTo(1); // the session goes on, nothing was written
    }
    try (Connection duck = connect("duck"); Statement d = duck.createStatement()) {
      d.execute("INSERT INTO \"public\".ducklake_snapshot VALUES (1, NOW(), 0, 1, 0)");
      assertThat(snapshots(d)).isEqualTo(2);
    }
  }

  @Test
  void overAvaticaAReadOnlyRolesWriteGets25006AndChangesNothingWhileAnotherUsersWriteCommits() throws Exception {
    String insert = "INSERT INTO \"public\".ducklake_snapshot VALUES (1, NOW(), 0, 1, 0)";
    try (Connection viewer = avatica("viewer"); Statement v = viewer.createStatement()) {
      assertThat(snapshots(v)).isEqualTo(1);
      for (String write : new String[] {insert, "CREATE TABLE \"public\".t(a BIGINT)"}) {
        assertThatThrownBy(() -> v.execute(write))
            .isInstanceOfSatisfying(SQLException.class, e -> {
              assertThat(e.getSQLState()).as(write).isEqualTo("25006");
              assertThat(e.getMessage()).contains("role \"viewer\" is read-only");
            });
      }
      try (java.sql.PreparedStatement p = viewer.prepareStatement(
          "DELETE FROM \"public\".ducklake_snapshot WHERE snapshot_id = ?")) {
        p.setLong(1, 0);
        assertThatThrownBy(p::executeUpdate)
            .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("25006"));
      }
      assertThat(snapshots(v)).isEqualTo(1);
    }
    try (Connection duck = connect("duck"); Statement d = duck.createStatement()) {
      assertThat(snapshots(d)).isEqualTo(1); // nothing the viewer sent reached the catalog
      try (ResultSet rs = d.executeQuery("SELECT count(*) FROM pg_catalog.pg_class WHERE relname = 't'")) {
        rs.next();
        assertThat(rs.getLong(1)).isZero();
      }
    }
    try (Connection writer = avatica("duck"); Statement w = writer.createStatement()) {
      assertThat(w.executeUpdate(insert)).isEqualTo(1);
      assertThat(snapshots(w)).isEqualTo(2);
    }
    try (Connection duck = connect("duck"); Statement d = duck.createStatement()) {
      assertThat(snapshots(d)).isEqualTo(2);
    }
  }
}
