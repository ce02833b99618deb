package io.rocklake.server.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rocklake serve} as its own process: it prints where it listens and the ATTACH line, serves
 * pgjdbc with the password from ROCKLAKE_PASSWORD, and on SIGTERM ends the session and says it stopped.
 */
class ServeEndToEndTest {
  private static final Pattern LISTENING = Pattern.compile("rocklake: listening on 127\\.0\\.0\\.1:(\\d+) .*");

  @TempDir Path dir;

  @Test
  void servesAQueryAndStopsCleanlyOnSigterm() throws Exception {
    Path catalog = dir.resolve("lake-catalog");
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(java, "--add-opens=java.base/java.nio=ALL-UNNAMED", "-cp",
        System.getProperty("java.class.path"), RockLakeCli.class.getName(), "serve", "--catalog", catalog.toString(),
        "--bind", "127.0.0.1:0").redirectErrorStream(true);
    pb.environment().put("ROCKLAKE_PASSWORD", "quack");
    pb.environment().remove("ROCKLAKE_USER");
    Process server = pb.start();
    BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    StringBuilder transcript = new StringBuilder();
    Thread reader = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          lines.add(line);
        }
      } catch (java.io.IOException e) {
        // the process ended
      }
    });
    reader.start();
    try {
      int port = -1;
      String attach = null;
      while (attach == null) {
        String line = lines.poll(60, TimeUnit.SECONDS);
        assertThat(line).as("serve's start-up output so far:\n" + transcript).isNotNull();
        transcript.append(line).append('\n');
        Matcher m = LISTENING.matcher(line);
        if (m.matches()) {
          port = Integer.parseInt(m.group(1));
        }
        if (line.startsWith("ATTACH ")) {
          attach = line;
        }
      }
      assertThat(port).as(transcript.toString()).isPositive();
      assertThat(transcript).contains("rocklake: catalog " + catalog.toAbsolutePath())
          .contains("auth scram, TLS off, at most 100 sessions");
      assertThat(attach).isEqualTo("ATTACH 'ducklake:postgres:host=127.0.0.1 port=" + port
          + " dbname=rocklake' AS lake (DATA_PATH '" + catalog.toAbsolutePath() + "/data/');");

      Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port
          + "/rocklake?preferQueryMode=simple&sslmode=disable", "rocklake", "quack");
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getInt(1)).isEqualTo(1);
      }
      assertThat(Files.isDirectory(catalog.resolve("manifest"))).as("the catalog store was created").isTrue();

      server.toHandle().destroy(); // SIGTERM; Process.destroy() would also close the pipe we read from
      assertThat(server.waitFor(60, TimeUnit.SECONDS)).as("serve exits after SIGTERM").isTrue();
      reader.join(10_000);
      List<String> rest = List.copyOf(lines);
      assertThat(rest).as(transcript.toString()).containsSubsequence("rocklake: stopping: no new connections, ending sessions",
          "rocklake: stopped; catalog store closed");
      assertThat(server.exitValue()).as("the JVM's exit status for SIGTERM").isEqualTo(143);
      assertThatThrownBy(() -> c.createStatement().executeQuery("SELECT 1"))
          .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getMessage())
              .contains("terminating connection due to administrator command"));
    } finally {
      server.destroyForcibly();
    }
  }
}
