package io.rocklake.server.cli;

import java.io.PrintWriter;
import java.time.Instant;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The server's events (store failures, writer reopens, fencing, stopping) as one stderr line each,
 * {@code 2026-12-01T14:00:00.123Z rocklake: WARNING: ...}, which a supervisor can grep or forward.
 */
final class OneLineLogFormat extends Formatter {
  private OneLineLogFormat() {}

  /** Replaces java.util.logging's two-line console output with one line per event on {@code err}. */
  static void install(PrintWriter err) {
    Logger root = Logger.getLogger("");
    for (Handler h : root.getHandlers()) {
      root.removeHandler(h);
    }
    OneLineLogFormat format = new OneLineLogFormat();
    root.addHandler(new Handler() {
      @Override public void publish(LogRecord record) {
        if (isLoggable(record)) {
          synchronized (err) {
            err.print(format.format(record));
            err.flush();
          }
        }
      }

      @Override public void flush() {
        err.flush();
      }

      @Override public void close() {
        err.flush();
      }
    });
    root.setLevel(Level.INFO);
  }

  @Override public String format(LogRecord r) {
    String line = Instant.ofEpochMilli(r.getMillis()) + " rocklake: " + r.getLevel().getName() + ": "
        + formatMessage(r).replace('\n', ' ');
    return r.getThrown() == null ? line + System.lineSeparator()
        : line + " (" + r.getThrown() + ")" + System.lineSeparator();
  }
}
