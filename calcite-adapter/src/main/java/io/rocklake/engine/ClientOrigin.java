package io.rocklake.engine;

import java.net.InetSocketAddress;

/**
 * Where a session's client is, for pg_stat_activity: the process id its endpoint gave it (the
 * PostgreSQL endpoint's BackendKeyData id; 0 for the engine to choose one) and the client's socket
 * address (null for a session without one, such as the server's own warm-up).
 */
public record ClientOrigin(int processId, InetSocketAddress address) {
  /** A session of the server itself: no socket, a process id the engine chooses. */
  public static final ClientOrigin LOCAL = new ClientOrigin(0, null);

  public ClientOrigin {
    if (processId < 0) {
      throw new IllegalArgumentException("processId must not be negative, not " + processId);
    }
  }
}
