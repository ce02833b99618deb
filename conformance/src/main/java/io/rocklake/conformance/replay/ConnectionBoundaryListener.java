package io.rocklake.conformance.replay;

/**
 * Told by the {@link Replayer} where one captured connection ends and another begins: the only
 * points of a replay where the server may be swapped (killed and restarted, moved) without breaking
 * a replayed session, because every answer so far has been received and compared.
 */
@FunctionalInterface
public interface ConnectionBoundaryListener {

  /** Leaves the server alone. */
  ConnectionBoundaryListener NONE = (boundary, current) -> current;

  enum Kind {
    /** A captured connection other than the scenario's first is about to open; nothing sent on it yet. */
    NEW_CONNECTION,
    /** A connection has just sent Terminate and its socket is closed. */
    TERMINATED
  }

  /**
   * @param kind what happens at this point
   * @param conn the captured connection that opens or has terminated
   * @param position the index in the scenario's messages of the next message to be replayed (the
   *     scenario's message count at the end): two boundaries with the same position are the same
   *     point of the replay
   * @param openConnections replayed connections still open at this point (a server swapped while
   *     one is open would break that session)
   */
  record Boundary(Kind kind, int conn, int position, int openConnections) {}

  /**
   * Called at each boundary, on the replaying thread, before anything more is sent.
   *
   * @return where connections opened from now on must connect: {@code current}, or a server's
   *     new address
   */
  Endpoint atBoundary(Boundary boundary, Endpoint current);
}
