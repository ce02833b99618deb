package io.rocklake.server.cli;

import io.rocklake.pgwire.server.auth.ScramVerifier;
import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Prints the SCRAM-SHA-256 verifier of a password, so a password file need not hold the password. */
@Command(name = "hash-password", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = "Prints the SCRAM-SHA-256 verifier of a password read from standard input (its first line) or "
        + "typed at a prompt, for a --password-file line user:VERIFIER.")
final class HashPasswordCommand implements Callable<Integer> {
  private final InputStream stdin;
  @Spec CommandSpec spec;

  HashPasswordCommand(InputStream stdin) {
    this.stdin = stdin;
  }

  @Override public Integer call() throws IOException {
    String password = read();
    if (password == null || password.isEmpty()) {
      spec.commandLine().getErr().println("rocklake hash-password: no password given (an empty password cannot log in)");
      return 2;
    }
    spec.commandLine().getOut().println(ScramVerifier.generate(password));
    return 0;
  }

  private String read() throws IOException {
    Console console = System.console();
    if (console != null && stdin == System.in) {
      char[] typed = console.readPassword("Password: ");
      return typed == null ? null : new String(typed);
    }
    return new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8)).readLine();
  }
}
