package io.rocklake.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code rocklake --version} names the build: the Maven project version, as the build passes it to the tests. */
class VersionTest {
  private static final String PROJECT_VERSION = System.getProperty("rocklake.projectVersion");

  private static String[] run(String... args) {
    CommandLine cl = RockLakeCli.commandLine(Map.of(), new ByteArrayInputStream(new byte[0]));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new String[] {String.valueOf(code), out.toString(), err.toString()};
  }

  @Test
  void versionPrintsTheProjectVersionAndExitsZero() {
    assertThat(PROJECT_VERSION).as("set by the facade pom for the tests").isNotBlank();
    for (String[] args : new String[][] {{"--version"}, {"-V"}, {"serve", "--version"}, {"hash-password", "--version"}}) {
      String[] r = run(args);
      assertThat(r[0]).as(String.join(" ", args) + ": " + r[2]).isEqualTo("0");
      assertThat(r[1]).as(String.join(" ", args)).isEqualTo("rocklake " + PROJECT_VERSION + System.lineSeparator());
    }
  }
}
