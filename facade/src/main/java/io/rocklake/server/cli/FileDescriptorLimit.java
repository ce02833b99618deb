package io.rocklake.server.cli;

import com.sun.management.UnixOperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.Optional;

/**
 * Whether the process may open as many sockets as its settings let clients hold: each session and
 * each connection still in its startup is a descriptor, besides the JVM's own (its jars among them).
 * Past the limit nothing breaks (accepting pauses and resumes), but clients wait; better to say so
 * at start than to be surprised under load.
 */
final class FileDescriptorLimit {
  /** What the JVM, its jars, the store and the listener keep open, measured at about 120; with room to spare. */
  static final long RESERVED = 200;

  private FileDescriptorLimit() {}

  /** A warning when {@code connections} could exhaust the limit, or nothing (also where the limit is unknown). */
  static Optional<String> warning(long connections, int maxSessions, int maxStartups) {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (!(os instanceof UnixOperatingSystemMXBean unix)) {
      return Optional.empty();
    }
    long limit = unix.getMaxFileDescriptorCount();
    if (connections + RESERVED <= limit) {
      return Optional.empty();
    }
    return Optional.of("--max-sessions " + maxSessions + " lets clients hold " + connections + " connections ("
        + maxSessions + " sessions and " + maxStartups + " in their startup), but this process may open only "
        + limit + " files (ulimit -n); past about " + Math.max(0, limit - RESERVED) + " connections new ones wait "
        + "until others close. Raise the limit or lower --max-sessions");
  }
}
