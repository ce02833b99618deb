package io.rocklake.server.cli;

import sun.misc.Signal;

/**
 * SIGHUP as PostgreSQL's postmaster takes it: re-read what may change while running, and go on
 * serving. Left to the JVM, SIGHUP exits the process (it runs the shutdown hooks, as for SIGTERM),
 * so a closed terminal or a service manager's "reload" would stop the catalog server. {@code
 * sun.misc.Signal} (module jdk.unsupported) is the JDK's only way to handle a signal; javac warns
 * about it, and there is no supported alternative.
 */
final class Hangup {
  private Hangup() {}

  /** Runs {@code reload} on each SIGHUP instead; false when this JVM does not let it be handled (-Xrs). */
  static boolean onHangup(Runnable reload) {
    try {
      Signal.handle(new Signal("HUP"), signal -> reload.run());
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
