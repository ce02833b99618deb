package io.rocklake.kv;

import io.rocklake.kv.format.Ulid;
import io.rocklake.kv.lsm.Memtable;
import io.rocklake.kv.manifest.Manifest;
import io.rocklake.kv.sst.SstInfo;
import io.rocklake.kv.sst.SstWriter;
import io.rocklake.kv.store.ObjectStore;
import java.util.ArrayList;
import java.util.List;

/**
 * Memtable to L0 SST: freeze the active memtable, write it as one SST, and publish it with the WAL
 * position it covers in the next manifest. It exists because this is where WAL objects stop being
 * needed. Invariants it owns: a manifest's {@code walIdFlushed} never names a WAL object whose
 * batches are not in that manifest's SSTs, and a memtable counts as full by bytes or by WAL objects
 * (tiny commits, or takeovers that leave only fences, must not leave an ever longer log to replay).
 */
final class Flush {
  private final WriterState ws;
  private final ObjectStore store;
  private final DbOptions options;
  private final long epoch;
  private final WriterStatus status;
  private final BackgroundCollector collector;

  Flush(WriterState ws, ObjectStore store, DbOptions options, long epoch, WriterStatus status, BackgroundCollector collector) {
    this.ws = ws;
    this.store = store;
    this.options = options;
    this.epoch = epoch;
    this.status = status;
    this.collector = collector;
  }

  /** Full by bytes, or by WAL objects. */
  boolean memtableFull() {
    Memtable mem = ws.active();
    return mem.approximateBytes() >= options.memtableFlushBytes() || mem.walObjects() >= options.walFlushObjects();
  }

  /**
   * Flushes the memtable; with {@code onlyIfFull}, only if it is still full (several committers may
   * see a full memtable at once; only the first flushes it). Returns false if it skipped that way.
   */
  boolean run(boolean onlyIfFull) {
    synchronized (ws.manifestLock) {
      status.checkUsable();
      if (onlyIfFull && !memtableFull()) {
        return false;
      }
      try {
        runLocked();
      } catch (RuntimeException | Error e) {
        status.failOn(e);
        throw e;
      }
    }
    return true;
  }

  /** With the manifest lock held; a failure is the caller's to record. */
  void runLocked() {
    // A log of fences alone (writers opened and replaced without committing) has nothing for an
    // SST, but at the WAL bound it is recorded as flushed all the same, or every open replays it.
    Memtable frozen = ws.freezeActive(options.walFlushObjects());
    if (frozen == null) {
      return;
    }
    List<SstInfo> l0 = new ArrayList<>();
    if (!frozen.isEmpty()) {
      SstWriter writer = new SstWriter(options.blockSize());
      frozen.all().forEach(writer::add);
      SstWriter.Built built = writer.finish(Ulid.generate(options.clock().millis()));
      store.put(built.info().objectKey(), built.bytes());
      l0.add(built.info());
    }
    Manifest manifest = ws.manifestLocked();
    l0.addAll(manifest.l0());
    long lastSeq = Math.max(manifest.lastSeq(), frozen.maxSeq());
    ws.writeManifest(manifest.successor(epoch, options.clock().millis()).withFlushed(l0, frozen.lastWalId(), lastSeq));
    ws.publishSsts(List.of(ws.active()));
    collector.dropFlushedWal(ws.manifestLocked().walIdFlushed());
  }
}
