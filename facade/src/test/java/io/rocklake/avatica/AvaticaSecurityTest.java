package io.rocklake.avatica;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.pgwire.server.SelfSignedCertificate;
import io.rocklake.pgwire.server.auth.AuthMethod;
import io.rocklake.pgwire.server.auth.Authentication;
import io.rocklake.pgwire.server.auth.Credentials;
import io.rocklake.server.RockLakeServer;
import io.rocklake.server.TlsFiles;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Avatica endpoint checks the PostgreSQL endpoint's users and passwords (HTTP Basic), and speaks HTTPS with its certificate. */
class AvaticaSecurityTest {
  @TempDir Path dir;

  private static String one(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      assertThat(rs.next()).isTrue();
      return rs.getString(1);
    }
  }

  private static Properties login(String user, String password) {
    Properties p = new Properties();
    p.setProperty("avatica_user", user);
    p.setProperty("avatica_password", password);
    return p;
  }

  @Test
  void onlyAUserWithThePasswordTheWireEndpointChecksGetsIn() throws Exception {
    Authentication scram = Authentication.of(AuthMethod.SCRAM_SHA_256, Credentials.single("duck", "quack"));
    try (RockLakeServer server = RockLakeServer.start(AvaticaFixture.config(AvaticaFixture.catalog(dir, 3),
        AvaticaFixture.avatica()).withAuthentication(scram))) {
      String url = server.avatica().jdbcUrl(AuthMethod.SCRAM_SHA_256);
      assertThat(url).endsWith(";authentication=BASIC");
      assertThatThrownBy(() -> one(DriverManager.getConnection(url, new Properties()), "SELECT 1"))
          .hasMessageContaining("HTTP/401");
      assertThatThrownBy(() -> one(DriverManager.getConnection(url, login("duck", "nope")), "SELECT 1"))
          .hasMessageContaining("HTTP/401");
      assertThatThrownBy(() -> one(DriverManager.getConnection(url, login("goose", "quack")), "SELECT 1"))
          .hasMessageContaining("HTTP/401");
      Properties claimsAnother = login("duck", "quack");
      claimsAnother.setProperty("user", "admin"); // the session's user is who logged in, not who a property names
      try (Connection c = DriverManager.getConnection(url, claimsAnother);
          Connection pg = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port()
              + "/rocklake?sslmode=disable", "duck", "quack")) {
        assertThat(one(c, "SELECT current_user")).isEqualTo(one(pg, "SELECT current_user")).isEqualTo("duck");
      }
      server.replaceAuthentication(Authentication.of(AuthMethod.SCRAM_SHA_256, Credentials.single("duck", "honk")));
      assertThatThrownBy(() -> one(DriverManager.getConnection(url, login("duck", "quack")), "SELECT 1"))
          .as("passwords re-read (SIGHUP) apply to Avatica too").hasMessageContaining("HTTP/401");
      try (Connection c = DriverManager.getConnection(url, login("duck", "honk"))) {
        assertThat(one(c, "SELECT 1")).isEqualTo("1");
      }
    }
  }

  @Test
  void withACertificateTheEndpointSpeaksOnlyHttps() throws Exception {
    SelfSignedCertificate cert = SelfSignedCertificate.create(dir);
    Path truststore = dir.resolve("trust.p12");
    KeyStore trust = KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    try (InputStream in = Files.newInputStream(cert.certificate())) {
      trust.setCertificateEntry("rocklake", CertificateFactory.getInstance("X.509").generateCertificate(in));
    }
    try (OutputStream out = Files.newOutputStream(truststore)) {
      trust.store(out, "changeit".toCharArray());
    }
    try (RockLakeServer server = RockLakeServer.start(AvaticaFixture.config(AvaticaFixture.catalog(dir, 3),
        AvaticaFixture.avatica()).withTls(new TlsFiles(cert.certificate(), cert.privateKey())).withTlsRequired(true))) {
      String url = server.avatica().jdbcUrl(AuthMethod.TRUST);
      assertThat(url).startsWith("jdbc:avatica:remote:url=https://127.0.0.1:");
      Properties p = new Properties();
      p.setProperty("truststore", truststore.toString());
      p.setProperty("truststore_password", "changeit");
      try (Connection c = DriverManager.getConnection(url.replace("127.0.0.1", "localhost"), p)) {
        assertThat(one(c, "SELECT 1")).isEqualTo("1");
      }
      // plain HTTP to the HTTPS port gets no HTTP answer (the stock driver would retry such a port forever)
      try (java.net.Socket plain = new java.net.Socket("127.0.0.1", server.avatica().port())) {
        plain.setSoTimeout(10_000);
        plain.getOutputStream().write("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n"
            .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        byte[] answer = plain.getInputStream().readNBytes(5);
        assertThat(new String(answer, java.nio.charset.StandardCharsets.US_ASCII)).isNotEqualTo("HTTP/");
      }
    }
  }
}
