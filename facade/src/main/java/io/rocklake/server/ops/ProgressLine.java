package io.rocklake.server.ops;

import java.io.PrintWriter;
import java.util.function.LongSupplier;

/**
 * One progress line on stderr for work that can take a while (a scan of every fact). On a terminal it
 * is redrawn in place, at most ten times a second; elsewhere (a log, a pipe) it is silent for the
 * first second, so quick runs print nothing, and then writes a line at most once a second.
 */
final class ProgressLine implements AutoCloseable {
  static final long QUIET_NANOS = 1_000_000_000L;
  private static final long TERMINAL_EVERY_NANOS = 100_000_000L;

  private final PrintWriter err;
  private final String prefix;
  private final boolean terminal;
  private final LongSupplier nanos;
  private final long started;
  private long lastPrinted = Long.MIN_VALUE;
  private boolean drawn;

  ProgressLine(PrintWriter err, String prefix, boolean terminal, LongSupplier nanos) {
    this.err = err;
    this.prefix = prefix;
    this.terminal = terminal;
    this.nanos = nanos;
    this.started = nanos.getAsLong();
  }

  ProgressLine(PrintWriter err, String prefix, boolean terminal) {
    this(err, prefix, terminal, System::nanoTime);
  }

  /** Tells what is being done now; printed or not by the rule above. */
  void update(String what) {
    long now = nanos.getAsLong();
    long elapsed = now - started;
    if (terminal) {
      if (lastPrinted != Long.MIN_VALUE && now - lastPrinted < TERMINAL_EVERY_NANOS) {
        return;
      }
      err.print("\r\033[K" + prefix + what);
      drawn = true;
    } else {
      if (elapsed < QUIET_NANOS || (lastPrinted != Long.MIN_VALUE && now - lastPrinted < QUIET_NANOS)) {
        return;
      }
      err.println(prefix + what + String.format(" (%d s)", elapsed / 1_000_000_000L));
    }
    lastPrinted = now;
    err.flush();
  }

  /** Clears the line drawn on a terminal, so what follows starts on a clean line. */
  @Override public void close() {
    if (drawn) {
      err.print("\r\033[K");
      err.flush();
      drawn = false;
    }
  }
}
