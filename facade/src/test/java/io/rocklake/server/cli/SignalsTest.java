package io.rocklake.server.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGHUP, as PostgreSQL's postmaster takes it: re-read the configuration that can change while
 * running (here the password file) and go on serving; never stop.
 */
class SignalsTest {
  /**
   * Starts the server with SIGHUP at its default, whatever this test JVM inherited: a build run under
   * {@code nohup} ignores SIGHUP, and an ignored signal stays ignored across exec.
   */
  private static final List<String> SIGHUP_AT_DEFAULT =
      List.of("perl", "-e", "$SIG{HUP} = 'DEFAULT'; exec @ARGV or die \"exec: $!\"");

  @TempDir Path dir;

  private static Connection connect(int port, String password) throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port
        + "/rocklake?preferQueryMode=simple&sslmode=disable&loginTimeout=20", "duck", password);
  }

  private static int selectOne(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  @Test
  void sighupReloadsThePasswordFileAndTheServerKeepsServing() throws Exception {
    Path users = Files.writeString(dir.resolve("users"), "duck:first\n");
    try (ServeProcess server = ServeProcess.serve(SIGHUP_AT_DEFAULT, Map.of(), dir.resolve("catalog"),
        "--password-file", users.toString())) {
      try (Connection before = connect(server.port(), "first")) {
        Files.writeString(users, "duck:second\n");
        server.signal("HUP");
        assertThat(server.awaitLine(l -> l.startsWith("rocklake: SIGHUP:"), 20))
            .isEqualTo("rocklake: SIGHUP: reloaded the passwords of 1 user from " + users);
        assertThat(server.process().isAlive()).as(server.transcript()).isTrue();
        assertThat(selectOne(before)).as("a session from before the reload goes on").isEqualTo(1);
        try (Connection after = connect(server.port(), "second")) {
          assertThat(selectOne(after)).isEqualTo(1);
        }
        assertThatThrownBy(() -> connect(server.port(), "first").close())
            .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("28P01"));
      }
    }
  }

  @Test
  void aPasswordFileBrokenAtSighupKeepsThePasswordsInForce() throws Exception {
    Path users = Files.writeString(dir.resolve("users"), "duck:first\n");
    try (ServeProcess server = ServeProcess.serve(SIGHUP_AT_DEFAULT, Map.of(), dir.resolve("catalog"),
        "--password-file", users.toString())) {
      Files.writeString(users, "no colon on this line\n");
      server.signal("HUP");
      assertThat(server.awaitLine(l -> l.contains("SIGHUP"), 20))
          .startsWith("rocklake: warning: SIGHUP: passwords not reloaded, the previous ones stay in force: ")
          .contains(users.toString());
      try (Connection c = connect(server.port(), "first")) {
        assertThat(selectOne(c)).isEqualTo(1);
      }
    }
  }

  @Test
  void sighupWithoutAPasswordFileChangesNothingAndStopsNothing() throws Exception {
    try (ServeProcess server = ServeProcess.serve(SIGHUP_AT_DEFAULT, Map.of(), dir.resolve("catalog"))) {
      server.signal("HUP");
      assertThat(server.awaitLine(l -> l.contains("SIGHUP"), 20))
          .isEqualTo("rocklake: SIGHUP: nothing to reload (passwords are re-read only from --password-file)");
      assertThat(server.process().isAlive()).as(server.transcript()).isTrue();
      try (Connection c = connect(server.port(), null)) {
        assertThat(selectOne(c)).isEqualTo(1);
      }
    }
  }

  @Test
  void underNohupSighupStaysIgnoredAndTheServerSaysSo() throws Exception {
    try (ServeProcess server = ServeProcess.serve(List.of("nohup"), Map.of(), dir.resolve("catalog"))) {
      assertThat(server.transcript()).contains("rocklake: SIGHUP was ignored when this server started (as under nohup)");
      server.signal("HUP");
      try (Connection c = connect(server.port(), null)) {
        assertThat(selectOne(c)).isEqualTo(1);
      }
      assertThat(server.process().isAlive()).as(server.transcript()).isTrue();
      assertThat(server.transcript()).doesNotContain("stopping");
    }
  }
}
