package io.rocklake.kv;

import java.util.Optional;

/**
 * Whether the writer may still write. It exists because one rule spans every protocol: after any
 * failed store write the outcome of that write is unknown, so the writer takes no further write
 * (committing on could reuse a WAL id or publish over a manifest it did not read), while reads keep
 * answering at the last acknowledged state. Invariant it owns: once failed, every later write path
 * refuses, and a fencing failure, being final, outranks any earlier one.
 */
final class WriterStatus {
  private volatile RuntimeException failure;
  private volatile boolean closed;

  void fail(RuntimeException e) {
    if (failure == null || (e instanceof FencedException && !(failure instanceof FencedException))) {
      failure = e; // fencing outranks an earlier failure: it is final, where a full disk may clear
    }
  }

  /**
   * Records {@code t}, thrown in the middle of a write, and returns it as the failure recorded. An
   * Error (out of memory, say) leaves that write's outcome as unknown as a failed store write does,
   * and may leave a frozen memtable or an assigned sequence number behind: it stops writes too.
   */
  RuntimeException failOn(Throwable t) {
    RuntimeException e = t instanceof RuntimeException r ? r : new KvException("writer stopped by " + t, t);
    fail(e);
    return e;
  }

  Optional<RuntimeException> failure() {
    return Optional.ofNullable(failure);
  }

  /** No failure recorded and not closed: background work may run. */
  boolean healthy() {
    return failure == null && !closed;
  }

  void markClosed() {
    closed = true;
  }

  boolean isClosed() {
    return closed;
  }

  void checkOpen() {
    if (closed) {
      throw new KvException("database is closed");
    }
  }

  void checkUsable() {
    checkOpen();
    RuntimeException f = failure;
    if (f instanceof FencedException fenced) {
      throw new FencedException(fenced.ownEpoch(), fenced.fencingEpoch(), "writer already fenced");
    }
    if (f != null) {
      throw new KvException("writer failed earlier and must be reopened: " + f.getMessage(), f);
    }
  }
}
