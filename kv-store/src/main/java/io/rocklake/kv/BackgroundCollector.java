package io.rocklake.kv;

import io.rocklake.kv.format.ObjectKeys;
import io.rocklake.kv.manifest.ManifestStore;
import io.rocklake.kv.store.ObjectStore;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The writer's deletions, on their own thread: flushed WAL objects by id right after each flush,
 * and a {@link GarbageCollector} run every {@code gcInterval}. It exists so that the object count
 * stays bounded without putting deletes on the commit or flush path. Invariants it owns: nothing is
 * deleted on the strength of a manifest that is not the latest; fencing objects are never deleted;
 * a collection never runs while this writer has written SSTs its next manifest does not name yet
 * (it holds the manifest lock); and a failed collection never makes the writer unusable.
 */
final class BackgroundCollector {
  private final ObjectStore store;
  private final DbOptions options;
  private final WriterState ws;
  private final ManifestStore manifests;
  private final Fence fence;
  private final WriterStatus status;
  private ScheduledExecutorService collector; // set once, right after recovery
  private long walDeletedUpTo; // used by the collector thread only

  BackgroundCollector(ObjectStore store, DbOptions options, WriterState ws, ManifestStore manifests, Fence fence, WriterStatus status) {
    this.store = store;
    this.options = options;
    this.ws = ws;
    this.manifests = manifests;
    this.fence = fence;
    this.status = status;
  }

  /** Starts collecting every {@code gcInterval} (never, if it is zero). Called once, after recovery. */
  void start() {
    if (options.gcInterval().isZero()) {
      return;
    }
    collector = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "kv-gc");
      t.setDaemon(true);
      return t;
    });
    walDeletedUpTo = ws.manifest().walIdFlushed(); // older ones are left to the collector's listing
    long ms = Math.max(1, options.gcInterval().toMillis());
    collector.scheduleWithFixedDelay(this::collectQuietly, ms, ms, TimeUnit.MILLISECONDS);
  }

  /**
   * After a flush is in a manifest, its WAL objects are deleted by id right away (on the collector
   * thread, off the flush path): at one object per commit, waiting for the next collection would let
   * thousands pile up. Safe without a grace period because the manifest holding their batches exists
   * and a reader that finds a WAL object gone re-reads the manifest. Fencing objects stay: the writer
   * a fence stopped may still be alive (stalled) with that id as its next one, and a deleted name can
   * be created again, which would let it acknowledge a batch nobody replays.
   */
  void dropFlushedWal(long upTo) {
    if (collector == null) {
      return;
    }
    try {
      collector.execute(() -> {
        if (!stillLatest()) {
          return; // superseded: our manifest may be a stale one; leave the WAL to the collector
        }
        for (long id = walDeletedUpTo + 1; id <= upTo && status.healthy(); id++) {
          try {
            if (!fence.isFence(id)) {
              store.delete(ObjectKeys.wal(id));
            }
          } catch (RuntimeException e) {
            return; // resumed after the next flush; the collector's listing catches any left over
          }
          walDeletedUpTo = id;
        }
      });
    } catch (RejectedExecutionException closing) {
      // Closing: the collector's listing removes them later.
    }
  }

  /**
   * One collection under the manifest lock. A failed collection deletes nothing that matters and is
   * retried on the next tick.
   */
  private void collectQuietly() {
    if (!status.healthy()) {
      return;
    }
    try {
      synchronized (ws.manifestLock) {
        new GarbageCollector(store, options.clock(), options.gcGrace()).collect();
      }
    } catch (RuntimeException e) {
      // retried on the next tick
    }
  }

  /**
   * Whether no manifest follows this writer's current one. A writer stalled for longer than the
   * grace period can re-create a manifest name the collector removed; such a stale manifest must
   * not license deleting WAL objects the real latest manifest has not flushed.
   */
  private boolean stillLatest() {
    try {
      return manifests.tryRead(ws.manifest().id() + 1).isEmpty();
    } catch (RuntimeException e) {
      return false;
    }
  }

  /** Stops scheduling; a collection already running finishes (see {@link #awaitTermination}). */
  void shutdown() {
    if (collector != null) {
      collector.shutdown();
    }
  }

  void awaitTermination() {
    if (collector != null) {
      try {
        collector.awaitTermination(5, TimeUnit.MINUTES); // a collection in progress finishes first
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
