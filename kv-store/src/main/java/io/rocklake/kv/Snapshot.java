package io.rocklake.kv;

/**
 * A registered read point: while open, compaction keeps every version a read at {@link #seq()}
 * needs. Close it to release that history.
 */
public final class Snapshot implements AutoCloseable {
  private final long seq;
  private final Runnable release;
  private boolean closed;

  Snapshot(long seq, Runnable release) {
    this.seq = seq;
    this.release = release;
  }

  public long seq() {
    return seq;
  }

  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      release.run();
    }
  }
}
