package io.rocklake.server.migrate;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What import and export share on the command line: exit codes (0 done, 1 the migration failed,
 * 2 a usage mistake such as a malformed URL) and how a failure is told, one line on stderr.
 */
abstract class MigrateCommands implements Callable<Integer> {
  static final int OK = 0;
  static final int FAILED = 1;
  static final int USAGE = 2;

  @picocli.CommandLine.Spec CommandSpec spec;

  @picocli.CommandLine.Option(names = "--json", description = "Print the summary as one JSON object.")
  boolean json;

  CommandSpec spec() {
    return spec;
  }

  /** The migration itself; IllegalArgumentException for a usage mistake found while reading the options. */
  abstract MigrationReport migrate(PrintWriter progress) throws SQLException;

  boolean json() {
    return json;
  }

  @Override public final Integer call() {
    CommandLine cl = spec().commandLine();
    PrintWriter err = cl.getErr();
    String name = "rocklake " + spec().name();
    MigrationReport report;
    try {
      report = migrate(err);
    } catch (IllegalArgumentException e) {
      err.println(name + ": " + e.getMessage());
      err.println("See '" + spec().qualifiedName() + " --help'.");
      err.flush();
      return USAGE;
    } catch (MigrationException e) {
      err.println(name + ": " + e.getMessage());
      err.flush();
      return FAILED;
    } catch (SQLException e) {
      err.println(name + ": PostgreSQL: " + e.getMessage() + (e.getSQLState() == null ? "" : " (SQLSTATE "
          + e.getSQLState() + ")"));
      err.flush();
      return FAILED;
    } catch (RuntimeException e) {
      err.println(name + ": " + e);
      err.flush();
      return FAILED;
    }
    if (json()) {
      report.printJson(cl.getOut());
    } else {
      report.printText(cl.getOut());
    }
    return OK;
  }
}
