package io.rocklake.pgwire.server;

import io.rocklake.engine.CancelFlag;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Map;

/**
 * The server's live sessions, keyed by process id: enforces the session limit (PostgreSQL's
 * max_connections) and resolves CancelRequests. A slot is held from an accepted StartupMessage,
 * through authentication, until the connection closes; cancel connections never hold one.
 */
final class SessionRegistry {
  private final int maxSessions;
  private final Map<Integer, SessionSlot> live = new HashMap<>();
  private final SecureRandom random = new SecureRandom();
  private int nextProcessId = 1000;
  /** Ids the engine's sessions of other endpoints hold (Avatica's), which no session here may take. */
  private final java.util.function.IntPredicate heldElsewhere;

  SessionRegistry(int maxSessions) {
    this(maxSessions, pid -> false);
  }

  SessionRegistry(int maxSessions, java.util.function.IntPredicate heldElsewhere) {
    if (maxSessions < 1) {
      throw new IllegalArgumentException("maxSessions must be at least 1, not " + maxSessions);
    }
    this.maxSessions = maxSessions;
    this.heldElsewhere = heldElsewhere;
  }

  /** A new slot, or null when {@code maxSessions} are live. */
  synchronized SessionSlot open() {
    if (live.size() >= maxSessions) {
      return null;
    }
    int pid;
    do {
      pid = nextProcessId;
      nextProcessId = nextProcessId == Integer.MAX_VALUE ? 1000 : nextProcessId + 1;
    } while (live.containsKey(pid) || heldElsewhere.test(pid));
    SessionSlot slot = new SessionSlot(pid, random.nextInt(), new CancelFlag());
    live.put(pid, slot);
    return slot;
  }

  synchronized void close(SessionSlot slot) {
    live.remove(slot.processId(), slot);
  }

  /**
   * Sets the cancel flag of the live session with this BackendKeyData. False when none matches;
   * PostgreSQL tells the requester nothing either way, and neither does the caller.
   */
  boolean cancel(int processId, int secret) {
    SessionSlot slot;
    synchronized (this) {
      slot = live.get(processId);
    }
    if (slot == null || !MessageDigest.isEqual(bytes(slot.secret()), bytes(secret))) {
      return false;
    }
    slot.cancelFlag().request();
    return true;
  }

  synchronized int size() {
    return live.size();
  }

  synchronized SessionSlot find(int processId) {
    return live.get(processId);
  }

  private static byte[] bytes(int v) {
    return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
  }
}
