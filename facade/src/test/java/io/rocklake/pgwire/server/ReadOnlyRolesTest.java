package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.facade.CatalogQueryEngine;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A read-only role ({@code --read-only-users}): every write of its sessions — INSERT, DDL, COPY FROM,
 * a write inside a transaction block — is refused with 25006 naming the role, its reads answer, and
 * the same statements of any other user still commit.
 */
class ReadOnlyRolesTest {
  private PgWireServer server;

  @BeforeEach
  void start() throws Exception {
    CatalogQueryEngine engine = new CatalogQueryEngine(TestCatalogs.withDuckLakeTables(1));
    engine.engine().readOnlyUsers(Set.of("viewer"));
    server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), engine);
  }

  @AfterEach
  void stop() {
    server.close(PgWireServer.SHUTDOWN_NOTICE);
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
}
