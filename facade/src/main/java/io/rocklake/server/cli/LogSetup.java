package io.rocklake.server.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.jul.LevelChangePropagator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.Encoder;
import java.util.Locale;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * {@code rocklake serve}'s logging: every line, the server's and its libraries' (SLF4J directly,
 * java.util.logging through the bridge), goes to stderr through logback, as text
 * ({@code 2026-12-01T14:00:00.123Z rocklake: INFO: connection start: ...}) or as one JSON object a
 * line. {@code --log-level} sets RockLake's loggers; libraries log WARN and above, or less when the
 * level asks for less. A logback file given with {@code -Dlogback.configurationFile} replaces all of
 * this but the bridge.
 */
final class LogSetup {
  static final String TEXT_PATTERN =
      "%d{yyyy-MM-dd'T'HH:mm:ss.SSS'Z',UTC} rocklake: %level: %replace(%msg){'[\\r\\n]+', ' '}%n";

  enum Format { TEXT, JSON }

  private LogSetup() {}

  /** Parses {@code --log-level}: TRACE, DEBUG, INFO, WARN, ERROR or OFF, any case. */
  static Level level(String name) {
    String n = name.toUpperCase(Locale.ROOT);
    Level l = Level.toLevel(n, null);
    if (l == null || !l.levelStr.equals(n) || n.equals("ALL")) {
      throw new IllegalArgumentException("--log-level " + name + " is not a level: use error, warn, info, debug, "
          + "trace or off");
    }
    return l;
  }

  /** Parses {@code --log-format}: text or json. */
  static Format format(String name) {
    try {
      return Format.valueOf(name.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--log-format " + name + " is not a format: use text or json", e);
    }
  }

  static void install(Level level, Format format) {
    SLF4JBridgeHandler.removeHandlersForRootLogger();
    SLF4JBridgeHandler.install();
    LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    if (System.getProperty("logback.configurationFile") != null) {
      java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.ALL); // the file decides
      return;
    }
    context.reset();
    LevelChangePropagator propagator = new LevelChangePropagator(); // JUL drops what logback would
    propagator.setContext(context);
    propagator.setResetJUL(true);
    context.addListener(propagator);
    propagator.start();

    ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
    stderr.setContext(context);
    stderr.setName("stderr");
    stderr.setTarget("System.err");
    stderr.setEncoder(encoder(context, format));
    stderr.start();

    Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    // Libraries at WARN, unless the level asks for more (debug, trace) or less (error, off).
    root.setLevel(level.toInt() <= Level.DEBUG_INT || level.isGreaterOrEqual(Level.WARN) ? level : Level.WARN);
    root.addAppender(stderr);
    context.getLogger("io.rocklake").setLevel(level);
  }

  private static Encoder<ILoggingEvent> encoder(LoggerContext context, Format format) {
    if (format == Format.JSON) {
      JsonEncoder json = new JsonEncoder();
      json.setContext(context);
      json.setWithSequenceNumber(false);
      json.setWithNanoseconds(false);
      json.setWithContext(false);
      json.setWithFormattedMessage(true);
      json.setWithMessage(false);
      json.setWithArguments(false);
      json.start();
      return json;
    }
    PatternLayoutEncoder text = new PatternLayoutEncoder();
    text.setContext(context);
    text.setPattern(TEXT_PATTERN);
    text.start();
    return text;
  }
}
