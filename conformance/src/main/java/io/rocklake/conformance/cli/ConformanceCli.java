package io.rocklake.conformance.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code bin/rocklake-conformance}: replay, benchmark and survey the DuckDB wire captures. */
@Command(name = "rocklake-conformance", mixinStandardHelpOptions = true,
    description = "Replays real DuckDB wire captures against a server and compares every answer.",
    subcommands = {ReplayCommand.class, BenchCommand.class, TrainCommand.class, InventoryCommand.class,
        WhitelistCommand.class, ScaleBenchCommand.class})
public final class ConformanceCli implements Runnable {

  @Override public void run() {
    CommandLine.usage(this, System.out);
  }

  public static void main(String[] args) {
    CommandLine cli = new CommandLine(new ConformanceCli());
    // A failure is reported as one line a user can act on, not a stack trace.
    cli.setExecutionExceptionHandler((ex, cmd, parsed) -> {
      cmd.getErr().println("rocklake-conformance: " + ex.getMessage());
      return 2;
    });
    System.exit(cli.execute(args));
  }
}
