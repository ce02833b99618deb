package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** max_connections semantics with pgjdbc: refused past the limit, the rest unaffected, a slot freed by a close. */
class SessionLimitTest {

  private static Connection connect(PgWireServer server) throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port()
        + "/rocklake?user=duck&preferQueryMode=simple&sslmode=disable");
  }

  private static String selectOne(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
      rs.next();
      return rs.getString(1);
    }
  }

  @Test
  void aSessionPastTheLimitIsRefusedUntilOneCloses() throws Exception {
    try (PgWireServer server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), TestCatalogs.engine(),
        WireOptions.defaults().withMaxSessions(2))) {
      Connection first = connect(server);
      try (Connection second = connect(server)) {
        assertThatThrownBy(() -> connect(server).close()).isInstanceOfSatisfying(SQLException.class, e -> {
          assertThat(e.getSQLState()).isEqualTo("53300");
          assertThat(e.getMessage()).contains("sorry, too many clients already");
        });
        assertThat(selectOne(first)).isEqualTo("1");
        assertThat(selectOne(second)).isEqualTo("1");

        first.close();
        Connection third = connectOnceTheSlotIsFree(server);
        assertThat(selectOne(third)).isEqualTo("1");
        third.close();
      }
    }
  }

  /** The server learns of a client's close asynchronously; give it a moment. */
  private static Connection connectOnceTheSlotIsFree(PgWireServer server) throws Exception {
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (true) {
      try {
        return connect(server);
      } catch (SQLException e) {
        if (!"53300".equals(e.getSQLState()) || System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(20);
      }
    }
  }
}
