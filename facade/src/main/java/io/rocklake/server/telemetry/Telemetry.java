package io.rocklake.server.telemetry;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Objects;

/**
 * How a server reports on itself.
 *
 * @param slowStatement a statement that takes at least this long is logged (WARN) with its fingerprint
 * @param metricsBind where {@code /metrics}, {@code /health} and {@code /ready} are served, or null for nowhere
 */
public record Telemetry(Duration slowStatement, InetSocketAddress metricsBind) {
  public static final Duration DEFAULT_SLOW_STATEMENT = Duration.ofSeconds(1);

  public Telemetry {
    Objects.requireNonNull(slowStatement, "slowStatement");
    if (slowStatement.isNegative()) {
      throw new IllegalArgumentException("the slow-statement threshold cannot be negative: " + slowStatement);
    }
  }

  /** Slow statements from one second, no metrics endpoint. */
  public static Telemetry defaults() {
    return new Telemetry(DEFAULT_SLOW_STATEMENT, null);
  }

  public Telemetry withSlowStatement(Duration d) {
    return new Telemetry(d, metricsBind);
  }

  public Telemetry withMetricsBind(InetSocketAddress bind) {
    return new Telemetry(slowStatement, bind);
  }
}
