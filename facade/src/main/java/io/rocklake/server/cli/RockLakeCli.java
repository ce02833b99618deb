package io.rocklake.server.cli;

import io.rocklake.kv.store.ObjectStore;
import io.rocklake.server.CatalogLocation;
import io.rocklake.server.ops.ExciseCommand;
import io.rocklake.server.ops.GcCommand;
import io.rocklake.server.ops.InspectCommand;
import io.rocklake.server.ops.SnapshotsCommand;
import io.rocklake.server.ops.VerifyCommand;
import java.io.InputStream;
import java.time.Clock;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code bin/rocklake}: serve a catalog, make a password verifier, move a catalog from or to PostgreSQL,
 * or look after a catalog (snapshots, inspect, verify, gc, excise).
 */
@Command(name = "rocklake", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = "RockLake: a DuckLake catalog served over the PostgreSQL wire protocol.")
public final class RockLakeCli implements Runnable {
  @Spec CommandSpec spec;

  public static void main(String[] args) {
    System.exit(commandLine(System.getenv(), System.in).execute(args));
  }

  /** The command tree, reading the environment and standard input given (tests pass their own). */
  public static CommandLine commandLine(Map<String, String> env, InputStream stdin) {
    return commandLine(env, stdin, CatalogLocation::open);
  }

  /**
   * The command tree whose operator's commands open catalog stores through {@code stores} (tests meter
   * the requests they make).
   */
  public static CommandLine commandLine(Map<String, String> env, InputStream stdin,
      Function<CatalogLocation, ObjectStore> stores) {
    CommandLine cl = new CommandLine(new RockLakeCli())
        .addSubcommand("serve", new ServeCommand(env))
        .addSubcommand("hash-password", new HashPasswordCommand(stdin))
        .addSubcommand("import", new io.rocklake.server.migrate.ImportCommand(env))
        .addSubcommand("export", new io.rocklake.server.migrate.ExportCommand(env))
        .addSubcommand("snapshots", new SnapshotsCommand(env, stores))
        .addSubcommand("inspect", new InspectCommand(env, stores))
        .addSubcommand("gc", new GcCommand(env, stores, Clock.systemUTC()))
        .addSubcommand("verify", new VerifyCommand(env, stores))
        .addSubcommand("excise", new ExciseCommand(env, stores));
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
    throw new CommandLine.ParameterException(spec.commandLine(), "a command is needed: serve, hash-password,"
        + " import, export, snapshots, inspect, verify, gc or excise");
  }
}
