package io.rocklake.kv;

import io.rocklake.kv.manifest.Checkpoint;
import io.rocklake.kv.manifest.Manifest;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Checkpoints: named manifests the collector keeps (with their SSTs) until they expire, which
 * {@link DbReader#openCheckpoint} reads as a fixed state. It exists because a checkpoint is the only
 * state that outlives compaction and garbage collection. Invariant it owns: a checkpoint pins a
 * manifest that holds every batch acknowledged before it was created (it flushes first, so the
 * pinned state needs no WAL object).
 */
final class Checkpoints {
  private final WriterState ws;
  private final Flush flush;
  private final long epoch;
  private final WriterStatus status;
  private final Clock clock;

  Checkpoints(WriterState ws, Flush flush, long epoch, WriterStatus status, Clock clock) {
    this.ws = ws;
    this.flush = flush;
    this.epoch = epoch;
    this.status = status;
    this.clock = clock;
  }

  Checkpoint create(Duration lifetime) {
    synchronized (ws.manifestLock) {
      status.checkUsable();
      try {
        flush.runLocked();
        long now = clock.millis();
        Manifest next = ws.manifestLocked().successor(epoch, now);
        long expires = lifetime == null ? Checkpoint.NEVER : now + lifetime.toMillis();
        Checkpoint cp = new Checkpoint(UUID.randomUUID(), next.id(), now, expires);
        List<Checkpoint> cps = new ArrayList<>(next.checkpoints());
        cps.add(cp);
        ws.writeManifest(next.withCheckpoints(cps));
        return cp;
      } catch (RuntimeException | Error e) {
        status.failOn(e);
        throw e;
      }
    }
  }

  void delete(UUID checkpointId) {
    synchronized (ws.manifestLock) {
      status.checkUsable();
      try {
        Manifest next = ws.manifestLocked().successor(epoch, clock.millis());
        List<Checkpoint> cps = new ArrayList<>(next.checkpoints());
        cps.removeIf(c -> c.id().equals(checkpointId));
        ws.writeManifest(next.withCheckpoints(cps));
      } catch (RuntimeException | Error e) {
        status.failOn(e);
        throw e;
      }
    }
  }

  /** Unexpired checkpoints recorded in the current manifest. */
  List<Checkpoint> list() {
    synchronized (ws.manifestLock) {
      long now = clock.millis();
      return ws.manifestLocked().checkpoints().stream().filter(c -> !c.isExpired(now)).toList();
    }
  }
}
