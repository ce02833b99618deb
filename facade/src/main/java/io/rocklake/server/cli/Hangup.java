package io.rocklake.server.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import sun.misc.Signal;

/**
 * SIGHUP as PostgreSQL's postmaster takes it: re-read what may change while running, and go on
 * serving. Left to the JVM, SIGHUP exits the process (it runs the shutdown hooks, as for SIGTERM),
 * so a closed terminal or a service manager's "reload" would stop the catalog server. {@code
 * sun.misc.Signal} (module jdk.unsupported) is the JDK's only way to handle a signal; javac warns
 * about it, and there is no supported alternative.
 *
 * <p>A SIGHUP that was ignored when the process started (under {@code nohup}, or a supervisor that
 * ignores it) stays ignored: the JVM installs no handler for it then, and the server says so.
 */
final class Hangup {
  /** What became of SIGHUP. */
  enum Disposition {
    /** Each SIGHUP runs the reload. */
    HANDLED,
    /** Ignored since the process started; it neither reloads nor stops anything. */
    IGNORED_SINCE_START,
    /** This JVM does not let it be handled (-Xrs): SIGHUP stops the server. */
    UNAVAILABLE
  }

  private static final long SIGHUP_BIT = 1L; // signal 1 is bit 0 of /proc's signal masks

  private Hangup() {}

  /** Runs {@code reload} on each SIGHUP instead of stopping, where the process lets it. */
  static Disposition onHangup(Runnable reload) {
    if (ignoredSinceStart()) {
      return Disposition.IGNORED_SINCE_START;
    }
    try {
      Signal.handle(new Signal("HUP"), signal -> reload.run());
      return Disposition.HANDLED;
    } catch (IllegalArgumentException e) {
      return Disposition.UNAVAILABLE;
    }
  }

  /** Linux's record of the signals this process ignores; elsewhere assume none. */
  private static boolean ignoredSinceStart() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("SigIgn:")) {
          return (Long.parseUnsignedLong(line.substring("SigIgn:".length()).trim(), 16) & SIGHUP_BIT) != 0;
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux, or no /proc: the handler is installed as usual
    }
    return false;
  }
}
