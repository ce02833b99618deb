package io.rocklake.pgwire.server;

import java.time.ZoneId;
import java.util.TimeZone;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Loads, while file descriptors are plentiful, what writing a log line later needs from files:
 * the time-zone database (java.util.logging's SimpleFormatter, Netty's fallback, stamps each line
 * with the local time) and the root logger's handlers. Left to the first warning, they may be
 * loaded when the process is out of descriptors, and a class whose initialization failed stays
 * unusable: each later log line would throw NoClassDefFoundError, and the event loop writing it
 * would die (that is how one flood of idle sockets once stopped the server accepting for good).
 */
final class LoggingPreload {
  private LoggingPreload() {}

  static void run() {
    TimeZone.getDefault();
    ZoneId.systemDefault().getRules();
    LogRecord probe = new LogRecord(Level.WARNING, "preload");
    for (Handler handler : Logger.getLogger("").getHandlers()) {
      Formatter formatter = handler.getFormatter();
      if (formatter != null) {
        formatter.format(probe);
      }
    }
  }
}
