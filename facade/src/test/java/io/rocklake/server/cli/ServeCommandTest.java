package io.rocklake.server.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.pgwire.server.SelfSignedCertificate;
import io.rocklake.pgwire.server.auth.AuthMethod;
import io.rocklake.pgwire.server.auth.ScramVerifier;
import io.rocklake.server.RockLakeServer;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code rocklake serve}'s command line, in process: what it would start, and what it refuses and why. */
class ServeCommandTest {
  @TempDir Path dir;
  private final Map<String, String> env = new HashMap<>();

  record Run(int exitCode, String out, String err) {}

  private Run run(String... args) {
    return runWithInput("", args);
  }

  private Run runWithInput(String stdin, String... args) {
    CommandLine cl = RockLakeCli.commandLine(env, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  private ServeCommand.Plan plan(String... args) {
    CommandLine cl = RockLakeCli.commandLine(env, System.in);
    String[] all = new String[args.length + 1];
    all[0] = "serve";
    System.arraycopy(args, 0, all, 1, args.length);
    cl.parseArgs(all);
    return ((ServeCommand) cl.getSubcommands().get("serve").getCommand()).plan();
  }

  private String catalog() {
    return dir.resolve("cat").toString();
  }

  @Test
  void defaultsAreTrustOnLoopbackWithDataBesideTheCatalogEntries() throws Exception {
    ServeCommand.Plan p = plan("--catalog", catalog());
    assertThat(p.config().authentication().method()).isEqualTo(AuthMethod.TRUST);
    assertThat(p.config().bind().getAddress()).isEqualTo(InetAddress.getByName("127.0.0.1"));
    assertThat(p.config().bind().getPort()).isEqualTo(5432);
    assertThat(p.config().maxSessions()).isEqualTo(100);
    assertThat(p.config().tls()).isNull();
    assertThat(p.dataPath()).isEqualTo(dir.resolve("cat").toAbsolutePath() + "/data/");
    assertThat(p.warnings()).isEmpty();
    assertThat(p.config().readOnlyUsers()).isEmpty();
  }

  @Test
  void readOnlyUsersAreCommaSeparatedOrRepeated() {
    assertThat(plan("--catalog", catalog(), "--read-only-users", "viewer,dashboard", "--read-only-users", "bi")
        .config().readOnlyUsers()).containsExactlyInAnyOrder("viewer", "dashboard", "bi");
  }

  @Test
  void aServedReadOnlyUserCannotWriteThroughTheServer() throws Exception {
    io.rocklake.server.RockLakeServer server = io.rocklake.server.RockLakeServer.start(
        plan("--catalog", catalog(), "--bind", "127.0.0.1:0", "--read-only-users", "viewer").config());
    try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port()
        + "/rocklake?user=viewer&preferQueryMode=simple"); java.sql.Statement s = c.createStatement()) {
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.execute("CREATE TABLE \"public\".t(a BIGINT)"))
          .isInstanceOfSatisfying(java.sql.SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("25006"));
    } finally {
      server.close();
    }
  }

  @Test
  void aPasswordFromTheEnvironmentTurnsScramOn() {
    env.put("ROCKLAKE_PASSWORD", "quack");
    ServeCommand.Plan p = plan("--catalog", catalog(), "--bind", "0.0.0.0:0", "--max-sessions", "7");
    assertThat(p.config().authentication().method()).isEqualTo(AuthMethod.SCRAM_SHA_256);
    assertThat(p.config().authentication().exchange("rocklake")).isNotNull();
    assertThat(p.config().maxSessions()).isEqualTo(7);
  }

  @Test
  void aPasswordFileIsReadAndAWorldReadableOneIsWarnedAbout() throws Exception {
    Path file = Files.writeString(dir.resolve("users"), "duck:quack\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    SelfSignedCertificate cert = SelfSignedCertificate.create(dir);
    ServeCommand.Plan p = plan("--catalog", catalog(), "--password-file", file.toString(), "--auth", "password",
        "--bind", "0.0.0.0:0", "--tls-cert", cert.certificate().toString(), "--tls-key", cert.privateKey().toString());
    assertThat(p.config().authentication().method()).isEqualTo(AuthMethod.PASSWORD);
    assertThat(p.warnings()).anySatisfy(w -> assertThat(w).contains("readable by other users"));
  }

  @Test
  void cleartextPasswordsWithoutTlsAreRefused() throws Exception {
    Path file = Files.writeString(dir.resolve("users"), "duck:quack\n");
    assertThatThrownBy(() -> plan("--catalog", catalog(), "--password-file", file.toString(), "--auth", "password"))
        .isInstanceOf(CommandLine.ParameterException.class).hasMessageContaining("--auth password sends passwords in "
            + "clear text, so it needs TLS: add --tls-cert and --tls-key, or use --auth scram");
    SelfSignedCertificate cert = SelfSignedCertificate.create(dir);
    assertThatThrownBy(() -> plan("--catalog", catalog(), "--password-file", file.toString(), "--auth", "password",
        "--tls-cert", cert.certificate().toString(), "--tls-key", cert.privateKey().toString(), "--no-tls-required"))
        .isInstanceOf(CommandLine.ParameterException.class)
        .hasMessageContaining("--no-tls-required cannot be combined with --auth password");
  }

  @Test
  void aCertificateMakesTlsRequiredUnlessTurnedOff() throws Exception {
    SelfSignedCertificate cert = SelfSignedCertificate.create(dir);
    String[] tls = {"--tls-cert", cert.certificate().toString(), "--tls-key", cert.privateKey().toString()};
    assertThat(plan(concat(new String[] {"--catalog", catalog()}, tls)).config().tlsRequired()).isTrue();
    assertThat(plan(concat(new String[] {"--catalog", catalog(), "--no-tls-required"}, tls)).config().tlsRequired())
        .isFalse();
    assertThat(plan(concat(new String[] {"--catalog", catalog(), "--tls-required"}, tls)).config().tlsRequired())
        .isTrue();
    assertThat(plan("--catalog", catalog()).config().tlsRequired()).isFalse();
    assertUsageError(run("serve", "--catalog", catalog(), "--tls-required"),
        "--tls-required needs a certificate: add --tls-cert and --tls-key");
  }

  @Test
  void withACertificatePlaintextClientsAreRefusedAndTlsClientsServed() throws Exception {
    SelfSignedCertificate cert = SelfSignedCertificate.create(dir);
    ServeCommand.Plan p = plan("--catalog", catalog(), "--bind", "127.0.0.1:0", "--tls-cert",
        cert.certificate().toString(), "--tls-key", cert.privateKey().toString());
    try (RockLakeServer server = RockLakeServer.start(p.config())) {
      assertThat(StartupBanner.lines(server, p)).anySatisfy(l -> assertThat(l).contains("(auth trust, TLS required,"));
      String url = "jdbc:postgresql://127.0.0.1:" + server.port() + "/rocklake?user=duck&preferQueryMode=simple&sslmode=";
      assertThatThrownBy(() -> DriverManager.getConnection(url + "disable").close())
          .isInstanceOfSatisfying(SQLException.class, e -> {
            assertThat(e.getSQLState()).isEqualTo("28000");
            assertThat(e.getMessage()).contains("sslmode=require");
          });
      try (Connection c = DriverManager.getConnection(url + "require"); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT 1")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getInt(1)).isEqualTo(1);
      }
    }
  }

  @Test
  void aKeyThatDoesNotMatchTheCertificateFailsBeforeTheCatalogIsOpened() throws Exception {
    SelfSignedCertificate cert = SelfSignedCertificate.create(dir);
    Path other = Files.createDirectories(dir.resolve("other"));
    SelfSignedCertificate stranger = SelfSignedCertificate.create(other);
    Run r = run("serve", "--catalog", catalog(), "--bind", "127.0.0.1:0", "--tls-cert", cert.certificate().toString(),
        "--tls-key", stranger.privateKey().toString());
    assertUsageError(r, "does not match the certificate");
    assertThat(Files.exists(dir.resolve("cat"))).as("the store was never opened, so no writer was fenced").isFalse();
  }

  private static String[] concat(String[] a, String[] b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  @Test
  void tlsFilesAreCheckedUpFront() throws Exception {
    SelfSignedCertificate cert = SelfSignedCertificate.create(dir);
    ServeCommand.Plan p = plan("--catalog", catalog(), "--tls-cert", cert.certificate().toString(), "--tls-key",
        cert.privateKey().toString());
    assertThat(p.config().tls().certificate()).isEqualTo(cert.certificate());
    Run broken = run("serve", "--catalog", catalog(), "--tls-cert", cert.certificate().toString(), "--tls-key",
        cert.certificate().toString());
    assertThat(broken.exitCode()).isEqualTo(2);
    assertThat(broken.err()).contains("cannot use TLS certificate");
  }

  @Test
  void trustOnAReachableAddressIsRefusedWithWhatToDo() {
    Run r = run("serve", "--catalog", catalog(), "--bind", "0.0.0.0:0");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("refusing to serve 0.0.0.0:0 without authentication")
        .contains("--password-file").contains("ROCKLAKE_PASSWORD").contains("bind 127.0.0.1")
        .contains("--insecure-no-auth");
    assertThat(Files.exists(dir.resolve("cat"))).as("nothing was opened").isFalse();
    assertThat(plan("--catalog", catalog(), "--bind", "0.0.0.0:0", "--insecure-no-auth").config().authentication()
        .method()).isEqualTo(AuthMethod.TRUST);
  }

  @Test
  void inconsistentOptionsAreUsageErrors() throws Exception {
    Path file = Files.writeString(dir.resolve("users"), "duck:quack\n");
    assertUsageError(run("serve", "--auth", "scram"), "--auth scram needs passwords");
    assertUsageError(run("serve", "--auth", "trust", "--password-file", file.toString()),
        "--auth trust checks no password");
    assertUsageError(run("serve", "--auth", "kerberos"), "unknown authentication method 'kerberos'");
    assertUsageError(run("serve", "--password-file", dir.resolve("missing").toString()),
        "cannot read --password-file");
    assertUsageError(run("serve", "--tls-cert", file.toString()), "TLS needs both --tls-cert and --tls-key");
    assertUsageError(run("serve", "--max-sessions", "0"), "--max-sessions must be at least 1");
    assertUsageError(run("serve", "--bind", "localhost:99999"), "port must be a number from 0 to 65535");
    assertUsageError(run("serve", "--catalog", "s3://bucket/lake"), "--data-path is required with an s3:// catalog");
    env.put("ROCKLAKE_PASSWORD", "quack");
    assertUsageError(run("serve", "--password-file", file.toString()), "not both");
    assertUsageError(run("serve", "--insecure-no-auth"), "--insecure-no-auth only applies to --auth trust");
  }

  @Test
  void aCatalogRootServesTheCatalogsUnderItAndExcludesASingleCatalog() {
    String root = dir.resolve("lakes").toString();
    ServeCommand.Plan p = plan("--catalog-root", root);
    assertThat(p.root()).isNotNull();
    assertThat(p.root().catalog("raw").folder()).isEqualTo(dir.resolve("lakes/raw").toAbsolutePath());
    assertThat(p.root().dataPath("raw", java.util.Optional.empty())).contains(dir.resolve("lakes/raw/data").toAbsolutePath() + "/");
    assertThat(p.root().dataPath("raw", java.util.Optional.of("s3://b/lake"))).contains("s3://b/lake/raw/");
    assertThat(plan("--catalog", catalog()).root()).as("one catalog").isNull();
    assertUsageError(run("serve", "--catalog", catalog(), "--catalog-root", root), "cannot be combined");
    assertUsageError(run("serve", "--catalog-root", "s3://bucket/lakes"), "--data-path is required");
    assertThat(Files.exists(dir.resolve("lakes"))).as("nothing was opened").isFalse();
  }

  @Test
  void aBusyPortFailsBeforeTheCatalogIsOpened() throws Exception {
    try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      Run r = run("serve", "--catalog", catalog(), "--bind", "127.0.0.1:" + busy.getLocalPort());
      assertThat(r.exitCode()).isEqualTo(1);
      assertThat(r.err()).contains("cannot start: cannot listen on 127.0.0.1:" + busy.getLocalPort());
      assertThat(Files.exists(dir.resolve("cat"))).as("the store was never opened, so no writer was fenced").isFalse();
    }
  }

  @Test
  void logAndMetricsOptionsAreCheckedUpFront() {
    assertUsageError(run("serve", "--log-level", "loud"), "--log-level loud is not a level: use error, warn, info");
    assertUsageError(run("serve", "--log-level", "all"), "--log-level all is not a level");
    assertUsageError(run("serve", "--log-format", "xml"), "--log-format xml is not a format: use text or json");
    assertUsageError(run("serve", "--slow-statement-ms", "-1"), "--slow-statement-ms must be 0 or more");
    assertUsageError(run("serve", "--metrics-bind", "localhost:99999"), "port must be a number from 0 to 65535");
    ServeCommand.Plan p = plan("--catalog", catalog(), "--metrics-bind", "127.0.0.1:9187", "--slow-statement-ms", "250",
        "--log-level", "DEBUG", "--log-format", "json");
    assertThat(p.config().telemetry().metricsBind()).isEqualTo(new java.net.InetSocketAddress("127.0.0.1", 9187));
    assertThat(p.config().telemetry().slowStatement()).isEqualTo(java.time.Duration.ofMillis(250));
    assertThat(plan("--catalog", catalog()).config().telemetry().metricsBind()).as("off by default").isNull();
    assertThat(Files.exists(dir.resolve("cat"))).as("nothing was opened").isFalse();
  }

  @Test
  void aBusyMetricsPortFailsBeforeTheCatalogIsOpened() throws Exception {
    try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      Run r = run("serve", "--catalog", catalog(), "--bind", "127.0.0.1:0", "--metrics-bind",
          "127.0.0.1:" + busy.getLocalPort());
      assertThat(r.exitCode()).isEqualTo(1);
      assertThat(r.err()).contains("cannot start: cannot listen on 127.0.0.1:" + busy.getLocalPort() + " for --metrics-bind");
      assertThat(Files.exists(dir.resolve("cat"))).as("the store was never opened, so no writer was fenced").isFalse();
    }
  }

  @Test
  void hashPasswordPrintsAVerifierForThePassword() {
    Run r = runWithInput("s3cret\n", "hash-password");
    assertThat(r.exitCode()).isZero();
    assertThat(ScramVerifier.parse(r.out().strip()).matches("s3cret")).isTrue();
    Run empty = runWithInput("\n", "hash-password");
    assertThat(empty.exitCode()).isEqualTo(2);
    assertThat(empty.err()).contains("no password given");
  }

  private static void assertUsageError(Run r, String message) {
    assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
    assertThat(r.err()).contains(message).contains("See 'rocklake serve --help'.");
  }
}
