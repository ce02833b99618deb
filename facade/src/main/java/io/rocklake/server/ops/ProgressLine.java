package io.rocklake.server.ops;

import java.io.PrintWriter;
import java.util.function.LongSupplier;

/**
 * Progress of a long read on stderr, one whole line at a time (stderr may be a log file, so no
 * carriage-return redrawing): a line when a phase starts, then at most one a second while it runs.
 */
final class ProgressLine {
  private static final long INTERVAL_NANOS = 1_000_000_000L;

  private final PrintWriter err;
  private final String command;
  private final LongSupplier clock;
  private String phase;
  private long lastPrinted;

  ProgressLine(PrintWriter err, String command) {
    this(err, command, System::nanoTime);
  }

  ProgressLine(PrintWriter err, String command, LongSupplier nanoClock) {
    this.err = err;
    this.command = command;
    this.clock = nanoClock;
  }

  /** {@code done} of {@code total} (0: unknown) in {@code phase}; {@code what} names the current item. */
  void update(String phase, long done, long total, String what) {
    long now = clock.getAsLong();
    boolean newPhase = !phase.equals(this.phase);
    if (!newPhase && now - lastPrinted < INTERVAL_NANOS) {
      return;
    }
    this.phase = phase;
    lastPrinted = now;
    err.println(command + ": " + phase + " " + done + (total > 0 ? "/" + total : "") + (what == null ? "" : " " + what));
    err.flush();
  }
}
