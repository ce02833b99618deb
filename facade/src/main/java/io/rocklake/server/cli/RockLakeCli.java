package io.rocklake.server.cli;

import java.io.InputStream;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code bin/rocklake}: serve a catalog, import or export one, verify one, or make a password verifier. */
@Command(name = "rocklake", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = "RockLake: a DuckLake catalog served over the PostgreSQL wire protocol.")
public final class RockLakeCli implements Runnable {
  @Spec CommandSpec spec;

  public static void main(String[] args) {
    System.exit(commandLine(System.getenv(), System.in).execute(args));
  }

  /** The command tree, reading the environment and standard input given (tests pass their own). */
  public static CommandLine commandLine(Map<String, String> env, InputStream stdin) {
    CommandLine cl = new CommandLine(new RockLakeCli())
        .addSubcommand("serve", new ServeCommand(env))
        .addSubcommand("hash-password", new HashPasswordCommand(stdin))
        .addSubcommand("import", new io.rocklake.server.migrate.ImportCommand(env))
        .addSubcommand("export", new io.rocklake.server.migrate.ExportCommand(env))
        .addSubcommand("verify", new io.rocklake.server.ops.VerifyCommand(env));
    // A usage mistake gets its one-line reason and a pointer to --help, not the whole usage text.
    cl.setParameterExceptionHandler((e, args) -> {
      CommandLine failed = e.getCommandLine();
      failed.getErr().println("rocklake: " + e.getMessage());
      failed.getErr().println("See '" + failed.getCommandSpec().qualifiedName() + " --help'.");
      failed.getErr().flush();
      return CommandLine.ExitCode.USAGE;
    });
    return cl;
  }

  @Override public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(),
        "a command is needed: serve, import, export, verify or hash-password");
  }
}
