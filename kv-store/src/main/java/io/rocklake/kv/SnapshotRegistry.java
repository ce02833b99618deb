package io.rocklake.kv;

import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.LongSupplier;

/**
 * The read points held by open {@link Snapshot}s. It exists because compaction must know the oldest
 * of them: invariant it owns, every version a read at an open snapshot's sequence number needs
 * survives compaction until that snapshot is closed.
 */
final class SnapshotRegistry {
  private final ConcurrentSkipListMap<Long, Integer> open = new ConcurrentSkipListMap<>();

  /** Registers a snapshot at the current sequence number, read under the same lock {@link #oldest} takes. */
  Snapshot register(LongSupplier currentSeq) {
    synchronized (open) {
      long seq = currentSeq.getAsLong();
      open.merge(seq, 1, Integer::sum);
      return new Snapshot(seq, () -> {
        synchronized (open) {
          open.computeIfPresent(seq, (k, n) -> n == 1 ? null : n - 1);
        }
      });
    }
  }

  /** The lowest sequence number an open snapshot reads at, or {@code Long.MAX_VALUE} if none. */
  long oldest() {
    synchronized (open) {
      return open.isEmpty() ? Long.MAX_VALUE : open.firstKey();
    }
  }
}
