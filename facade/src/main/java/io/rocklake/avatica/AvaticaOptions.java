package io.rocklake.avatica;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Objects;

/**
 * How the Avatica endpoint serves: where it listens, the most rows one frame carries, how many
 * connections it keeps, and how long a connection or a statement may sit idle before it is closed.
 *
 * <p>The idle times are long on purpose: a BI tool keeps a pooled connection between dashboard
 * refreshes and reads a large result at the pace its user scrolls; every request (each frame
 * fetched) restarts both clocks.
 */
public record AvaticaOptions(InetSocketAddress bind, int frameRows, int maxConnections, Duration connectionIdle,
    Duration statementIdle) {
  public static final int DEFAULT_FRAME_ROWS = 10_000;
  public static final Duration DEFAULT_CONNECTION_IDLE = Duration.ofMinutes(30);
  public static final Duration DEFAULT_STATEMENT_IDLE = Duration.ofMinutes(10);

  public AvaticaOptions {
    Objects.requireNonNull(bind, "bind");
    if (frameRows < 1) {
      throw new IllegalArgumentException("the Avatica frame size must be at least 1 row, not " + frameRows);
    }
    if (maxConnections < 1) {
      throw new IllegalArgumentException("maxConnections must be at least 1, not " + maxConnections);
    }
    if (connectionIdle.isNegative() || connectionIdle.isZero() || statementIdle.isNegative() || statementIdle.isZero()) {
      throw new IllegalArgumentException("idle times must be positive");
    }
  }

  /** {@code bind} with the default frame size, idle times and a connection limit of {@code maxConnections}. */
  public static AvaticaOptions defaults(InetSocketAddress bind, int maxConnections) {
    return new AvaticaOptions(bind, DEFAULT_FRAME_ROWS, maxConnections, DEFAULT_CONNECTION_IDLE, DEFAULT_STATEMENT_IDLE);
  }

  public AvaticaOptions withFrameRows(int rows) {
    return new AvaticaOptions(bind, rows, maxConnections, connectionIdle, statementIdle);
  }

  public AvaticaOptions withIdle(Duration connection, Duration statement) {
    return new AvaticaOptions(bind, frameRows, maxConnections, connection, statement);
  }
}
