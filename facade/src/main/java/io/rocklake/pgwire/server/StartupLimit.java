package io.rocklake.pgwire.server;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Bounds the connections accepted but not yet through their startup (sshd's MaxStartups): each
 * holds a socket and a timer until it is admitted, refused or timed out, and nothing else bounds
 * how many a client that never logs in can open. A connection takes a place when it becomes active
 * and gives it back exactly once, when it is admitted or closes.
 */
final class StartupLimit {
  private final int limit;
  private final AtomicInteger inStartup = new AtomicInteger();

  StartupLimit(int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("the startup limit must be at least 1, not " + limit);
    }
    this.limit = limit;
  }

  /** Takes a place, or returns false when {@code limit} connections are in their startup already. */
  boolean tryEnter() {
    while (true) {
      int n = inStartup.get();
      if (n >= limit) {
        return false;
      }
      if (inStartup.compareAndSet(n, n + 1)) {
        return true;
      }
    }
  }

  void leave() {
    inStartup.decrementAndGet();
  }

  int inStartup() {
    return inStartup.get();
  }
}
