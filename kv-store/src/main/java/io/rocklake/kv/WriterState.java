package io.rocklake.kv;

import io.rocklake.kv.lsm.LsmView;
import io.rocklake.kv.lsm.Memtable;
import io.rocklake.kv.lsm.ReadState;
import io.rocklake.kv.manifest.Manifest;
import io.rocklake.kv.manifest.ManifestStore;
import io.rocklake.kv.sst.BlockCache;
import io.rocklake.kv.sst.SstInfo;
import io.rocklake.kv.sst.SstReader;
import io.rocklake.kv.store.ObjectStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The writer's in-memory state and the two locks that order its changes; every protocol class reads
 * and changes the writer through it. It exists so that the lock discipline is written down once:
 *
 * <ul>
 *   <li>the <em>commit lock</em> serializes WAL writes and guards the active memtable and the
 *       published {@link ReadState}; a view and its sequence number are published together, only
 *       after a whole group is in the memtable;
 *   <li>the <em>manifest lock</em> serializes the manifest writers (flush, compaction, checkpoints,
 *       collection) and guards the manifest last written and the open SST readers. It is taken
 *       before the commit lock, never the other way round.
 * </ul>
 *
 * Invariant it owns: the manifest changes only by a successful create-if-absent of its successor,
 * and a failed one is reported as fencing exactly when a newer epoch wrote the latest manifest.
 */
final class WriterState {
  private final ObjectStore store;
  private final ManifestStore manifests;
  private final BlockCache blockCache;
  private final long epoch;

  final ReentrantLock commitLock = new ReentrantLock();
  private volatile Memtable active; // changed only with commitLock held
  private volatile ReadState state; // changed only with commitLock held

  final Object manifestLock = new Object();
  private Manifest manifest; // guarded by manifestLock
  private final Map<String, SstReader> sstReaders = new HashMap<>(); // guarded by manifestLock

  WriterState(ObjectStore store, ManifestStore manifests, BlockCache blockCache, Manifest manifest) {
    this.store = store;
    this.manifests = manifests;
    this.blockCache = blockCache;
    this.manifest = manifest;
    this.epoch = manifest.writerEpoch();
  }

  ReadState read() {
    return state;
  }

  Memtable active() {
    return active;
  }

  /** Recovery's result; called once, with the manifest lock held, before any commit. */
  void install(Memtable mem, ReadState recovered) {
    commitLock.lock();
    try {
      active = mem;
      state = recovered;
    } finally {
      commitLock.unlock();
    }
  }

  /** With the commit lock held: a committed group is in the active memtable, make it visible. */
  void publishCommitted(long seq) {
    state = new ReadState(state.view(), seq);
  }

  /**
   * Swaps in an empty active memtable and keeps the full one readable until its SST is published;
   * returns the frozen memtable, or null if there is nothing to flush: no entries, and fewer than
   * {@code entrylessWalObjects} (empty) WAL objects. Called with the manifest lock held.
   */
  Memtable freezeActive(long entrylessWalObjects) {
    commitLock.lock();
    try {
      Memtable frozen = active;
      if (frozen.isEmpty() && frozen.walObjects() < entrylessWalObjects) {
        return null;
      }
      active = new Memtable();
      List<Memtable> mems = new ArrayList<>();
      mems.add(active);
      mems.add(frozen);
      LsmView v = state.view();
      state = new ReadState(new LsmView(mems, v.l0(), v.sortedRun()), state.seq());
      return frozen;
    } finally {
      commitLock.unlock();
    }
  }

  /** The manifest this writer last wrote. */
  Manifest manifest() {
    synchronized (manifestLock) {
      return manifest;
    }
  }

  /** With the manifest lock held. */
  Manifest manifestLocked() {
    return manifest;
  }

  /** With the manifest lock held: publishes {@code next} by create-if-absent. */
  void writeManifest(Manifest next) {
    if (!manifests.tryWrite(next)) {
      Manifest latest = manifests.readLatest().orElseThrow();
      if (latest.writerEpoch() > epoch) {
        throw new FencedException(epoch, latest.writerEpoch(), "manifest " + next.id() + " already exists");
      }
      throw new KvException("manifest " + next.id() + " was written concurrently by epoch " + latest.writerEpoch());
    }
    manifest = next;
  }

  /** Rebuilds the read view from the manifest; called with the manifest lock held. */
  void publishSsts(List<Memtable> memtables) {
    List<SstReader> l0 = openAll(manifest.l0());
    List<SstReader> run = openAll(manifest.sortedRun());
    sstReaders.keySet().retainAll(manifest.allSsts().stream().map(SstInfo::id).toList());
    commitLock.lock();
    try {
      List<Memtable> mems = new ArrayList<>(memtables);
      if (!mems.contains(active)) {
        mems.add(0, active);
      }
      state = new ReadState(new LsmView(mems, l0, run), state.seq());
    } finally {
      commitLock.unlock();
    }
  }

  /** With the manifest lock held. */
  List<SstReader> openAll(List<SstInfo> ssts) {
    List<SstReader> out = new ArrayList<>(ssts.size());
    for (SstInfo s : ssts) {
      out.add(reader(s));
    }
    return out;
  }

  /** With the manifest lock held. */
  SstReader reader(SstInfo info) {
    return sstReaders.computeIfAbsent(info.id(), id -> SstReader.open(store, info, blockCache));
  }
}
