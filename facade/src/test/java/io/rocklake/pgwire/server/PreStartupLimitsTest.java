package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a connection costs before its startup completes: no session thread, and a place among a
 * bounded number of such connections (sshd's MaxStartups); past the bound it is refused at once.
 */
class PreStartupLimitsTest {
  private PgWireServer server;
  private final List<RawClient> clients = new ArrayList<>();

  @AfterEach
  void stop() throws Exception {
    for (RawClient c : clients) {
      c.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private RawClient connect() throws Exception {
    RawClient c = new RawClient(server.port());
    clients.add(c);
    return c;
  }

  @Test
  void idleConnectionsBeforeStartupStartNoSessionThread() throws Exception {
    server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), TestCatalogs.engine());
    for (int i = 0; i < 20; i++) {
      connect();
    }
    RawClient admitted = connect();
    admitted.send(RawClient.startupPacket(3 << 16, Map.of("user", "duck")));
    assertThat(admitted.readUntilReady()).last().extracting(RawClient.Message::type).isEqualTo('Z');
    assertThat(server.liveSessionThreads()).as("one session thread, for the one session that started").isEqualTo(1);
  }

  @Test
  void aConnectionPastTheStartupLimitIsRefusedWith53300AtOnce() throws Exception {
    server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), TestCatalogs.engine(),
        WireOptions.defaults().withMaxStartups(3));
    List<RawClient> four = List.of(connect(), connect(), connect(), connect());
    // Each connection is activated on its own I/O thread, so which of the four comes last, and is
    // refused, depends on how those threads are scheduled: usually the fourth, not always on a busy machine.
    RawClient refused = firstToAnswer(four);
    RawClient.Message refusal = refused.read();
    assertThat(refusal.type()).isEqualTo('E');
    assertThat(refusal.text()).contains("FATAL").contains("53300").contains("sorry, too many clients already");
    assertThat(refused.closedByServer()).isTrue();
    for (RawClient c : four) {
      assertThat(c == refused || c.in.available() == 0).as("only one of the four is answered").isTrue();
    }

    four.stream().filter(c -> c != refused).findFirst().orElseThrow().close();
    try (Connection c = connectOnceAPlaceIsFree(server.port()); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT 1")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getInt(1)).isEqualTo(1);
    }
  }

  @Test
  void aCompletedStartupGivesItsPlaceBack() throws Exception {
    server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), TestCatalogs.engine(),
        WireOptions.defaults().withMaxStartups(1));
    List<Connection> sessions = new ArrayList<>();
    try {
      for (int i = 0; i < 5; i++) {
        sessions.add(connectOnceAPlaceIsFree(server.port()));
      }
      assertThat(server.sessionCount()).as("five sessions through one startup place, one after another").isEqualTo(5);
    } finally {
      for (Connection c : sessions) {
        c.close();
      }
    }
  }

  /** The first of these clients the server sends anything to (waiting up to 10 s). */
  private static RawClient firstToAnswer(List<RawClient> candidates) throws Exception {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (System.nanoTime() < deadline) {
      for (RawClient c : candidates) {
        if (c.in.available() > 0) {
          return c;
        }
      }
      Thread.sleep(5);
    }
    throw new AssertionError("none of the connections was refused");
  }

  /** The server learns of a client's close asynchronously; give it a moment. */
  private static Connection connectOnceAPlaceIsFree(int port) throws Exception {
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (true) {
      try {
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port
            + "/rocklake?user=duck&preferQueryMode=simple&sslmode=disable");
      } catch (SQLException e) {
        if (!"53300".equals(e.getSQLState()) || System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(20);
      }
    }
  }
}
