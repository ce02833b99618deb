package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.pgwire.server.auth.AuthMethod;
import io.rocklake.pgwire.server.auth.Authentication;
import io.rocklake.pgwire.server.auth.Credentials;
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

/**
 * PostgreSQL's {@code hostssl}: with TLS required a plaintext client is refused with 28000 and told
 * how to connect; and a cleartext password is never asked for over a plaintext connection.
 */
class TlsRequiredTest {
  @TempDir static Path dir;
  private static SelfSignedCertificate cert;

  @BeforeAll
  static void certificate() throws Exception {
    cert = SelfSignedCertificate.create(dir);
  }

  private static WireOptions withTls(Authentication auth) {
    return WireOptions.defaults().withAuthentication(auth)
        .withTls(Tls.serverContext(cert.certificate(), cert.privateKey()));
  }

  private static PgWireServer start(WireOptions options) throws InterruptedException {
    return PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), TestCatalogs.engine(), options);
  }

  private static String selectOne(int port, String sslmode, String password) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port
        + "/rocklake?user=duck&preferQueryMode=simple&sslmode=" + sslmode, "duck", password);
        Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
      rs.next();
      return rs.getString(1);
    }
  }

  record Psql(int exitCode, String output) {}

  private static Psql psql(int port, String sslmode, String password) throws Exception {
    ProcessBuilder pb = new ProcessBuilder("psql", "host=127.0.0.1 port=" + port + " user=duck dbname=rocklake sslmode="
        + sslmode, "-w", "-X", "-A", "-t", "-c", "SELECT 1").redirectErrorStream(true);
    if (password != null) {
      pb.environment().put("PGPASSWORD", password);
    }
    Process p = pb.start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    return new Psql(p.waitFor(), output);
  }

  @Test
  void withTlsRequiredPgjdbcWithoutTlsIsRefusedWith28000AndWithTlsServed() throws Exception {
    try (PgWireServer server = start(withTls(Authentication.trust()).withTlsRequired(true))) {
      assertThatThrownBy(() -> selectOne(server.port(), "disable", null))
          .isInstanceOfSatisfying(SQLException.class, e -> {
            assertThat(e.getSQLState()).isEqualTo("28000");
            assertThat(e.getMessage()).contains("user \"duck\"").contains("no encryption")
                .contains("sslmode=require");
          });
      assertThat(selectOne(server.port(), "require", null)).isEqualTo("1");
      assertThat(selectOne(server.port(), "prefer", null)).as("pgjdbc's default tries TLS first").isEqualTo("1");
    }
  }

  @Test
  void withTlsRequiredPsqlWithoutTlsIsRefusedAndWithTlsServed() throws Exception {
    try (PgWireServer server = start(withTls(Authentication.trust()).withTlsRequired(true))) {
      Psql plain = psql(server.port(), "disable", null);
      assertThat(plain.exitCode()).as(plain.output()).isEqualTo(2);
      assertThat(plain.output()).contains("no encryption").contains("sslmode=require");
      Psql tls = psql(server.port(), "require", null);
      assertThat(tls.exitCode()).as(tls.output()).isZero();
      assertThat(tls.output()).isEqualTo("1");
    }
  }

  @Test
  void aCleartextPasswordIsNeverAskedForOverPlaintextEvenWhenTlsIsOptional() throws Exception {
    Authentication password = Authentication.of(AuthMethod.PASSWORD, Credentials.single("duck", "quack"));
    try (PgWireServer server = start(withTls(password)); RawClient raw = new RawClient(server.port())) {
      raw.send(RawClient.startupPacket(3 << 16, Map.of("user", "duck")));
      RawClient.Message answer = raw.read();
      assertThat(answer.type()).as("an ErrorResponse, not AuthenticationCleartextPassword").isEqualTo('E');
      assertThat(answer.text()).contains("FATAL").contains("28000").contains("sslmode=require");
      assertThat(raw.closedByServer()).isTrue();

      assertThatThrownBy(() -> selectOne(server.port(), "disable", "quack"))
          .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("28000"));
      Psql plain = psql(server.port(), "disable", "quack");
      assertThat(plain.exitCode()).as(plain.output()).isEqualTo(2);
      assertThat(plain.output()).contains("sslmode=require");
      assertThat(selectOne(server.port(), "require", "quack")).isEqualTo("1");
      Psql tls = psql(server.port(), "require", "quack");
      assertThat(tls.exitCode()).as(tls.output()).isZero();
      assertThat(tls.output()).isEqualTo("1");
    }
  }

  @Test
  void scramOverPlaintextStaysAllowedWhenTlsIsOptional() throws Exception {
    Authentication scram = Authentication.of(AuthMethod.SCRAM_SHA_256, Credentials.single("duck", "quack"));
    try (PgWireServer server = start(withTls(scram))) {
      assertThat(selectOne(server.port(), "disable", "quack")).isEqualTo("1");
    }
  }

  @Test
  void aCancelRequestStillWorksInTheClearWithTlsRequired() throws Exception {
    // libpq and pgjdbc send CancelRequest unencrypted, whatever the session's sslmode.
    try (PgWireServer server = start(withTls(Authentication.trust()).withTlsRequired(true));
        RawClient cancel = new RawClient(server.port())) {
      cancel.send(RawClient.untyped(FrontendDecoder.CANCEL_REQUEST, 1000, 42));
      assertThat(cancel.closedByServer()).as("closed without a reply, as any cancel").isTrue();
    }
  }
}
