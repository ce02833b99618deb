package io.rocklake.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code rocklake import} and {@code export} as the command tree has them: --version and --help like
 * every command, exit 2 with a one-line reason for usage mistakes, before anything is opened. (Real
 * migrations against PostgreSQL are conformance's PostgresMigrationTest.)
 */
class MigrateCommandLineTest {
  private static String[] run(String... args) {
    picocli.CommandLine cl = RockLakeCli.commandLine(Map.of(), new ByteArrayInputStream(new byte[0]));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new String[] {String.valueOf(code), out.toString(), err.toString()};
  }

  @Test
  void bothCommandsAnswerVersionAndHelp() {
    for (String command : new String[] {"import", "export"}) {
      String[] version = run(command, "--version");
      assertThat(version[0]).isEqualTo("0");
      assertThat(version[1]).startsWith("rocklake ");
      String[] help = run(command, "--help");
      assertThat(help[0]).isEqualTo("0");
      assertThat(help[1]).contains("--catalog").contains("--schema").contains("--json");
    }
  }

  @Test
  void usageMistakesExitTwoWithTheirReason() {
    String[] missing = run("import", "--catalog", "/nonexistent/rocklake-test");
    assertThat(missing[0]).isEqualTo("2");
    assertThat(missing[2]).contains("--from");
    String[] badUrl = run("export", "--catalog", "/nonexistent/rocklake-test", "--to", "http://h/db");
    assertThat(badUrl[0]).isEqualTo("2");
    assertThat(badUrl[2]).contains("not a PostgreSQL URL").contains("rocklake export --help");
    String[] port = run("import", "--catalog", "/nonexistent/rocklake-test", "--from", "postgresql://u:pw@h:notaport/db");
    assertThat(port[0]).isEqualTo("2");
    assertThat(port[2]).doesNotContain("pw");
  }
}
