package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.pgwire.server.auth.AuthMethod;
import io.rocklake.pgwire.server.auth.Authentication;
import io.rocklake.pgwire.server.auth.Credentials;
import java.io.DataInputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SSLRequest: 'S' and TLS with a certificate configured, 'N' without; pgjdbc and psql with sslmode=require. */
class TlsTest {
  @TempDir static Path dir;
  private static SelfSignedCertificate cert;

  @BeforeAll
  static void certificate() throws Exception {
    cert = SelfSignedCertificate.create(dir);
  }

  private static PgWireServer start(Authentication auth) throws InterruptedException {
    return PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), TestCatalogs.engine(), WireOptions.defaults()
        .withAuthentication(auth).withTls(Tls.serverContext(cert.certificate(), cert.privateKey())));
  }

  private static String selectOne(int port, String options, String password) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port
        + "/rocklake?user=duck&preferQueryMode=simple&" + options, "duck", password);
        Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
      rs.next();
      return rs.getString(1);
    }
  }

  @Test
  void pgjdbcWithSslmodeRequireRunsAQuery() throws Exception {
    try (PgWireServer server = start(Authentication.trust())) {
      assertThat(selectOne(server.port(), "sslmode=require", null)).isEqualTo("1");
    }
  }

  @Test
  void scramWorksOverTls() throws Exception {
    try (PgWireServer server = start(Authentication.of(AuthMethod.SCRAM_SHA_256, Credentials.single("duck", "quack")))) {
      assertThat(selectOne(server.port(), "sslmode=require", "quack")).isEqualTo("1");
      assertThatThrownBy(() -> selectOne(server.port(), "sslmode=require", "nope"))
          .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("28P01"));
    }
  }

  @Test
  void psqlWithSslmodeRequireRunsAQuery() throws Exception {
    try (PgWireServer server = start(Authentication.trust())) {
      Process p = new ProcessBuilder("psql", "host=127.0.0.1 port=" + server.port() + " user=duck dbname=rocklake sslmode=require",
          "-X", "-A", "-t", "-c", "SELECT 1").redirectErrorStream(true).start();
      String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      assertThat(p.waitFor()).as(output).isZero();
      assertThat(output).isEqualTo("1");
    }
  }

  @Test
  void theSessionAfterSBytesIsEncrypted() throws Exception {
    try (PgWireServer server = start(Authentication.trust()); RawClient raw = new RawClient(server.port())) {
      raw.send(RawClient.untyped(FrontendDecoder.SSL_REQUEST));
      assertThat((char) raw.in.read()).isEqualTo('S');
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, new TrustManager[] {new TrustEverything()}, null);
      try (SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(raw.socket, "localhost", server.port(), true)) {
        tls.startHandshake();
        assertThat(tls.getSession().getProtocol()).startsWith("TLSv1.");
        OutputStream out = tls.getOutputStream();
        out.write(RawClient.startupPacket(3 << 16, Map.of("user", "duck")));
        out.flush();
        DataInputStream in = new DataInputStream(tls.getInputStream());
        assertThat((char) in.read()).isEqualTo('R');
      }
    }
  }

  @Test
  void withoutACertificateTheAnswerStaysN() throws Exception {
    try (PgWireServer server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), TestCatalogs.engine());
        RawClient raw = new RawClient(server.port())) {
      raw.send(RawClient.untyped(FrontendDecoder.SSL_REQUEST));
      assertThat((char) raw.in.read()).isEqualTo('N');
      raw.send(RawClient.startupPacket(3 << 16, Map.of("user", "duck")));
      assertThat(raw.read().type()).isEqualTo('R');
      assertThatThrownBy(() -> selectOne(server.port(), "sslmode=require", null))
          .isInstanceOf(SQLException.class).hasMessageContaining("does not support SSL");
    }
  }

  @Test
  void aKeyInTheWrongFormatSaysHowToConvertIt() throws Exception {
    Path pkcs1 = SelfSignedCertificate.pkcs1Key(dir);
    assertThatThrownBy(() -> Tls.serverContext(cert.certificate(), pkcs1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("openssl pkcs8 -topk8 -nocrypt");
    assertThatThrownBy(() -> Tls.serverContext(dir.resolve("missing.crt"), cert.privateKey()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot read");
  }

  @Test
  void aKeyThatDoesNotBelongToTheCertificateIsRefusedUpFront() throws Exception {
    Path other = dir.resolve("other");
    java.nio.file.Files.createDirectories(other);
    SelfSignedCertificate stranger = SelfSignedCertificate.create(other);
    assertThatThrownBy(() -> Tls.serverContext(cert.certificate(), stranger.privateKey()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("does not match the certificate")
        .hasMessageContaining(cert.certificate().toString()).hasMessageContaining(stranger.privateKey().toString());
  }

  @Test
  void anEcKeyAndCertificateThatMatchAreAccepted() throws Exception {
    Path ec = dir.resolve("ec");
    java.nio.file.Files.createDirectories(ec);
    SelfSignedCertificate.run("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
        "-nodes", "-days", "2", "-subj", "/CN=localhost", "-keyout", ec.resolve("ec.key").toString(), "-out",
        ec.resolve("ec.crt").toString());
    try (PgWireServer server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), TestCatalogs.engine(),
        WireOptions.defaults().withTls(Tls.serverContext(ec.resolve("ec.crt"), ec.resolve("ec.key"))))) {
      assertThat(selectOne(server.port(), "sslmode=require", null)).isEqualTo("1");
    }
    assertThatThrownBy(() -> Tls.serverContext(ec.resolve("ec.crt"), cert.privateKey()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not match the certificate");
  }

  private static final class TrustEverything implements X509TrustManager {
    @Override public void checkClientTrusted(X509Certificate[] chain, String authType) {}

    @Override public void checkServerTrusted(X509Certificate[] chain, String authType) {}

    @Override public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
