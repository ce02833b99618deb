package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.pgwire.server.auth.AuthMethod;
import io.rocklake.pgwire.server.auth.Authentication;
import io.rocklake.pgwire.server.auth.Credentials;
import io.netty.handler.ssl.SslContext;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Cleartext password and SCRAM-SHA-256 with real clients, pgjdbc and psql, with right and wrong
 * passwords: SCRAM in the clear, the cleartext password over TLS, the only way it is ever asked for
 * ({@code TlsRequiredTest}).
 */
class PasswordAuthenticationTest {
  @TempDir static Path dir;
  private static SslContext tls;

  @BeforeAll
  static void certificate() throws Exception {
    SelfSignedCertificate cert = SelfSignedCertificate.create(dir);
    tls = Tls.serverContext(cert.certificate(), cert.privateKey());
  }

  private static PgWireServer start(AuthMethod method) throws InterruptedException {
    Authentication auth = Authentication.of(method, Credentials.single("duck", "quack"));
    return PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), TestCatalogs.engine(),
        WireOptions.defaults().withAuthentication(auth).withTls(method == AuthMethod.PASSWORD ? tls : null));
  }

  private static String sslmode(AuthMethod method) {
    return method == AuthMethod.PASSWORD ? "require" : "disable";
  }

  private static String selectOne(AuthMethod method, int port, String user, String password) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port
        + "/rocklake?preferQueryMode=simple&sslmode=" + sslmode(method), user, password);
        Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
      rs.next();
      return rs.getString(1);
    }
  }

  @ParameterizedTest
  @EnumSource(value = AuthMethod.class, names = {"PASSWORD", "SCRAM_SHA_256"})
  void pgjdbcLogsInWithTheRightPasswordOnly(AuthMethod method) throws Exception {
    try (PgWireServer server = start(method)) {
      assertThat(selectOne(method, server.port(), "duck", "quack")).isEqualTo("1");
      assertThatThrownBy(() -> selectOne(method, server.port(), "duck", "quack!"))
          .isInstanceOfSatisfying(SQLException.class, e -> {
            assertThat(e.getSQLState()).isEqualTo("28P01");
            assertThat(e.getMessage()).contains("password authentication failed for user \"duck\"");
          });
      assertThatThrownBy(() -> selectOne(method, server.port(), "ghost", "quack"))
          .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getMessage())
              .contains("password authentication failed for user \"ghost\""));
      assertThat(sessionsOnceSettled(server)).as("failed logins give their session slot back").isZero();
    }
  }

  @ParameterizedTest
  @EnumSource(value = AuthMethod.class, names = {"PASSWORD", "SCRAM_SHA_256"})
  void psqlLogsInWithTheRightPasswordOnly(AuthMethod method) throws Exception {
    try (PgWireServer server = start(method)) {
      Psql right = psql(method, server.port(), "quack");
      assertThat(right.exitCode()).as(right.output()).isZero();
      assertThat(right.output()).isEqualTo("1");
      Psql wrong = psql(method, server.port(), "quack!");
      assertThat(wrong.exitCode()).isEqualTo(2);
      assertThat(wrong.output()).contains("password authentication failed for user \"duck\"");
    }
  }

  @Test
  void aClientThatHangsUpAtThePasswordPromptFreesItsSlot() throws Exception {
    try (PgWireServer server = start(AuthMethod.SCRAM_SHA_256); RawClient raw = new RawClient(server.port())) {
      raw.send(RawClient.startupPacket(196608, Map.of("user", "duck")));
      RawClient.Message request = raw.read();
      assertThat(request.type()).isEqualTo('R');
      assertThat(request.int32(0)).isEqualTo(10);
      assertThat(server.sessionCount()).isEqualTo(1);
      raw.send(RawClient.typed('X', new byte[0]));
      assertThat(raw.closedByServer()).isTrue();
      assertThat(sessionsOnceSettled(server)).isZero();
    }
  }

  @Test
  void psqlWithoutAPasswordHangsUpAtTheCleartextPromptAndFreesItsSlot() throws Exception {
    try (PgWireServer server = start(AuthMethod.PASSWORD)) {
      Psql none = psql(AuthMethod.PASSWORD, server.port(), null);
      assertThat(none.exitCode()).isEqualTo(2);
      assertThat(none.output()).contains("no password supplied");
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

  static Psql psql(AuthMethod method, int port, String password) throws Exception {
    ProcessBuilder pb = new ProcessBuilder("psql", "-h", "127.0.0.1", "-p", String.valueOf(port), "-U", "duck",
        "-d", "rocklake", "-w", "-X", "-A", "-t", "-c", "SELECT 1").redirectErrorStream(true);
    if (password != null) {
      pb.environment().put("PGPASSWORD", password);
    } else {
      pb.environment().remove("PGPASSWORD");
    }
    pb.environment().put("PGSSLMODE", sslmode(method));
    Process p = pb.start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    return new Psql(p.waitFor(), output);
  }
}
