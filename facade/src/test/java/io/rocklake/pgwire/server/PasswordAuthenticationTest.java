package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.pgwire.server.auth.AuthMethod;
import io.rocklake.pgwire.server.auth.Authentication;
import io.rocklake.pgwire.server.auth.Credentials;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Cleartext password and SCRAM-SHA-256 with real clients, pgjdbc and psql, with right and wrong passwords. */
class PasswordAuthenticationTest {

  private static PgWireServer start(AuthMethod method) throws InterruptedException {
    Authentication auth = Authentication.of(method, Credentials.single("duck", "quack"));
    return PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), TestCatalogs.engine(),
        WireOptions.defaults().withAuthentication(auth));
  }

  private static String selectOne(int port, String user, String password) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port
        + "/lake?preferQueryMode=simple&sslmode=disable", user, password);
        Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
      rs.next();
      return rs.getString(1);
    }
  }

  @ParameterizedTest
  @EnumSource(value = AuthMethod.class, names = {"PASSWORD", "SCRAM_SHA_256"})
  void pgjdbcLogsInWithTheRightPasswordOnly(AuthMethod method) throws Exception {
    try (PgWireServer server = start(method)) {
      assertThat(selectOne(server.port(), "duck", "quack")).isEqualTo("1");
      assertThatThrownBy(() -> selectOne(server.port(), "duck", "quack!"))
          .isInstanceOfSatisfying(SQLException.class, e -> {
            assertThat(e.getSQLState()).isEqualTo("28P01");
            assertThat(e.getMessage()).contains("password authentication failed for user \"duck\"");
          });
      assertThatThrownBy(() -> selectOne(server.port(), "ghost", "quack"))
          .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getMessage())
              .contains("password authentication failed for user \"ghost\""));
      assertThat(sessionsOnceSettled(server)).as("failed logins give their session slot back").isZero();
    }
  }

  @ParameterizedTest
  @EnumSource(value = AuthMethod.class, names = {"PASSWORD", "SCRAM_SHA_256"})
  void psqlLogsInWithTheRightPasswordOnly(AuthMethod method) throws Exception {
    try (PgWireServer server = start(method)) {
      Psql right = psql(server.port(), "quack");
      assertThat(right.exitCode()).as(right.output()).isZero();
      assertThat(right.output()).isEqualTo("1");
      Psql wrong = psql(server.port(), "quack!");
      assertThat(wrong.exitCode()).isEqualTo(2);
      assertThat(wrong.output()).contains("password authentication failed for user \"duck\"");
    }
  }

  @ParameterizedTest
  @EnumSource(value = AuthMethod.class, names = {"PASSWORD", "SCRAM_SHA_256"})
  void aClientThatHangsUpAtThePasswordPromptFreesItsSlot(AuthMethod method) throws Exception {
    try (PgWireServer server = start(method); RawClient raw = new RawClient(server.port())) {
      raw.send(RawClient.startupPacket(196608, Map.of("user", "duck")));
      RawClient.Message request = raw.read();
      assertThat(request.type()).isEqualTo('R');
      assertThat(request.int32(0)).isEqualTo(method == AuthMethod.PASSWORD ? 3 : 10);
      assertThat(server.sessionCount()).isEqualTo(1);
      raw.send(RawClient.typed('X', new byte[0]));
      assertThat(raw.closedByServer()).isTrue();
      assertThat(sessionsOnceSettled(server)).isZero();
    }
  }

  /** The server frees a slot when it has seen the close, a moment after the client has; wait for that. */
  static int sessionsOnceSettled(PgWireServer server) throws InterruptedException {
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (server.sessionCount() > 0 && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    return server.sessionCount();
  }

  record Psql(int exitCode, String output) {}

  static Psql psql(int port, String password) throws Exception {
    ProcessBuilder pb = new ProcessBuilder("psql", "-h", "127.0.0.1", "-p", String.valueOf(port), "-U", "duck",
        "-d", "lake", "-w", "-X", "-A", "-t", "-c", "SELECT 1").redirectErrorStream(true);
    pb.environment().put("PGPASSWORD", password);
    pb.environment().put("PGSSLMODE", "disable");
    Process p = pb.start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    return new Psql(p.waitFor(), output);
  }
}
