package io.rocklake.server.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code rocklake serve --avatica-bind}: what it refuses, what it starts, the URL it prints, and a clean stop. */
class AvaticaServeTest {
  @TempDir Path dir;
  private final Map<String, String> env = new HashMap<>();

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
  void trustOnAReachableAvaticaAddressIsRefusedAsOnAReachableBind() {
    CommandLine cl = RockLakeCli.commandLine(env, new ByteArrayInputStream(new byte[0]));
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(new StringWriter(), true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute("serve", "--catalog", catalog(), "--avatica-bind", "0.0.0.0:0");
    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).contains("refusing to serve --avatica-bind 0.0.0.0:0 without authentication")
        .contains("--password-file").contains("ROCKLAKE_PASSWORD").contains("bind 127.0.0.1")
        .contains("--insecure-no-auth");
    assertThat(Files.exists(dir.resolve("cat"))).as("nothing was opened").isFalse();
    assertThat(plan("--catalog", catalog(), "--avatica-bind", "0.0.0.0:0", "--insecure-no-auth").config().avatica())
        .isNotNull();
    env.put("ROCKLAKE_PASSWORD", "quack");
    ServeCommand.Plan withPasswords = plan("--catalog", catalog(), "--avatica-bind", "0.0.0.0:0");
    assertThat(withPasswords.config().avatica().bind().getAddress().isAnyLocalAddress()).isTrue();
    assertThat(withPasswords.warnings()).anyMatch(w -> w.contains("HTTP Basic sends passwords"));
  }

  @Test
  void avaticaIsOffUnlessAskedForAndTakesItsPortFrameSizeAndIdleTimes() {
    assertThat(plan("--catalog", catalog()).config().avatica()).isNull();
    var a = plan("--catalog", catalog(), "--avatica-bind", "127.0.0.1").config().avatica();
    assertThat(a.bind().getPort()).isEqualTo(8765);
    assertThat(a.frameRows()).isEqualTo(10_000);
    assertThat(a.connectionIdle()).isEqualTo(Duration.ofMinutes(30));
    assertThat(a.statementIdle()).isEqualTo(Duration.ofMinutes(10));
    var b = plan("--catalog", catalog(), "--avatica-bind", "127.0.0.1:9000", "--avatica-frame-rows", "500",
        "--avatica-connection-idle", "7200", "--avatica-statement-idle", "900").config().avatica();
    assertThat(List.of(b.bind().getPort(), b.frameRows(), b.connectionIdle(), b.statementIdle()))
        .isEqualTo(List.of(9000, 500, Duration.ofHours(2), Duration.ofMinutes(15)));
    assertThatThrownBy(() -> plan("--catalog", catalog(), "--avatica-bind", "127.0.0.1:x"))
        .hasMessageContaining("--avatica-bind 127.0.0.1:x");
    assertThatThrownBy(() -> plan("--catalog", catalog(), "--avatica-bind", "127.0.0.1:0", "--avatica-frame-rows", "0"))
        .hasMessageContaining("frame size must be at least 1");
  }

  @Test
  void serveWithAvaticaPrintsTheJdbcUrlServesItAndStopsCleanly() throws Exception {
    try (ServeProcess p = ServeProcess.launch(List.of(), Map.of("ROCKLAKE_PASSWORD", "quack"), "serve", "--catalog",
        dir.resolve("lake").toString(), "--bind", "127.0.0.1:0", "--avatica-bind", "127.0.0.1:0")) {
      String url = p.awaitLine(l -> l.startsWith("jdbc:avatica:remote:url="), 90);
      assertThat(url).matches("jdbc:avatica:remote:url=http://127\\.0\\.0\\.1:\\d+;serialization=PROTOBUF"
          + ";authentication=BASIC");
      assertThat(p.transcript()).contains("rocklake: Avatica (JDBC) on 127.0.0.1:");
      Properties login = new Properties();
      login.setProperty("avatica_user", "rocklake");
      login.setProperty("avatica_password", "quack");
      try (Connection c = DriverManager.getConnection(url, login); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT current_user")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getString(1)).isEqualTo("rocklake");
      }
      p.signal("TERM");
      assertThat(p.awaitExit(30)).as("the JVM's exit status for SIGTERM; " + p.transcript()).isEqualTo(143);
      assertThat(p.transcript()).contains("rocklake: stopped; catalog store closed");
    }
  }
}
