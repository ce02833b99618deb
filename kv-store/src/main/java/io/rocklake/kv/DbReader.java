package io.rocklake.kv;

import io.rocklake.kv.lsm.Entry;
import io.rocklake.kv.lsm.LsmView;
import io.rocklake.kv.lsm.ReadState;
import io.rocklake.kv.lsm.Memtable;
import io.rocklake.kv.manifest.Checkpoint;
import io.rocklake.kv.manifest.Manifest;
import io.rocklake.kv.manifest.ManifestStore;
import io.rocklake.kv.sst.BlockCache;
import io.rocklake.kv.sst.SstInfo;
import io.rocklake.kv.sst.SstReader;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.kv.wal.WalBatch;
import io.rocklake.kv.wal.WalObject;
import io.rocklake.kv.wal.WalStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A read-only client: it builds its view from the manifest plus the WAL objects after it, and it
 * never writes an object (so it can never fence or disturb the writer). It sees a prefix of the
 * committed batches — WAL objects are probed by id and applied whole and in id order, stopping at the
 * first absent id — and catches up on {@link #refresh()} or on an interval. A WAL object may be absent
 * because the collector deleted it after a newer manifest took its batches into SSTs; the reader
 * then starts over from that manifest instead of stopping short.
 *
 * <p>Opened on a checkpoint it reads exactly the pinned state (SSTs only) and never moves.
 */
public final class DbReader implements KvReader, AutoCloseable {
  private final ObjectStore store;
  private final ManifestStore manifests;
  private final WalStore wals;
  private final BlockCache blockCache;
  private final boolean pinned;
  private final Map<String, SstReader> sstReaders = new HashMap<>();
  private final ScheduledExecutorService poller;

  private Manifest manifest; // guarded by this
  private long lastWalApplied; // guarded by this
  private Memtable memtable; // guarded by this
  private volatile ReadState state = new ReadState(new LsmView(List.of(), List.of(), List.of()), 0);
  private volatile boolean closed;

  private DbReader(ObjectStore store, long blockCacheBytes, boolean pinned, Duration pollInterval) {
    this.store = store;
    this.manifests = new ManifestStore(store);
    this.wals = new WalStore(store);
    this.blockCache = new BlockCache(blockCacheBytes);
    this.pinned = pinned;
    if (pollInterval != null && !pinned) {
      poller = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "kv-reader-refresh");
        t.setDaemon(true);
        return t;
      });
      poller.scheduleWithFixedDelay(this::refreshQuietly, pollInterval.toMillis(), pollInterval.toMillis(), TimeUnit.MILLISECONDS);
    } else {
      poller = null;
    }
  }

  /** Opens on the latest state; refresh by calling {@link #refresh()}. */
  public static DbReader open(ObjectStore store) {
    return open(store, null);
  }

  /** Opens on the latest state and, if {@code pollInterval} is not null, refreshes on that interval. */
  public static DbReader open(ObjectStore store, Duration pollInterval) {
    DbReader r = new DbReader(store, 64L << 20, false, pollInterval);
    r.refresh();
    return r;
  }

  /** Opens the state pinned by a checkpoint recorded in the latest manifest. */
  public static DbReader openCheckpoint(ObjectStore store, UUID checkpointId) {
    ManifestStore manifests = new ManifestStore(store);
    Manifest latest = manifests.readLatest().orElseThrow(() -> new KvException("no database in this store"));
    Checkpoint cp =
        latest.checkpoints().stream()
            .filter(c -> c.id().equals(checkpointId))
            .findFirst()
            .orElseThrow(() -> new KvException("no checkpoint " + checkpointId));
    DbReader r = new DbReader(store, 64L << 20, true, null);
    synchronized (r) {
      r.install(manifests.read(cp.manifestId()), false);
    }
    return r;
  }

  /** Rounds of "a newer manifest appeared while probing" one refresh follows before it settles. */
  private static final int MAX_ROUNDS = 8;

  /**
   * Catches up with the writer: a newer manifest and any WAL objects written since. Afterwards the
   * view holds at least every batch committed before the call, unless the writer flushed and collected
   * {@value #MAX_ROUNDS} times during it (then it is a correct but older prefix; the next refresh
   * continues).
   */
  public synchronized void refresh() {
    if (closed || pinned) {
      return;
    }
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Optional<Long> latestId = manifests.latestId();
      if (latestId.isEmpty()) {
        throw new KvException("no database in this store");
      }
      if (manifest == null || latestId.get() > manifest.id()) {
        Optional<Manifest> latest = manifests.tryRead(latestId.get());
        if (latest.isEmpty()) {
          continue; // superseded and collected since the listing: list again
        }
        install(latest.get(), true);
      } else {
        applyNewWal(memtable);
      }
      // The probe stopped at the first absent WAL id. No collector deletes a WAL object past the
      // latest manifest's walIdFlushed, so without a newer manifest that id is the end of the log.
      Optional<Long> now = manifests.latestId();
      if (now.isEmpty() || now.get() <= manifest.id()) {
        return;
      }
    }
  }

  private void refreshQuietly() {
    try {
      refresh();
    } catch (RuntimeException e) {
      // Transient store errors: the next tick retries; explicit refresh() callers see them.
    }
  }

  private void install(Manifest m, boolean withWal) {
    List<SstReader> l0 = open(m.l0());
    List<SstReader> run = open(m.sortedRun());
    sstReaders.keySet().retainAll(m.allSsts().stream().map(SstInfo::id).toList());
    Memtable mem = new Memtable();
    long[] progress = {m.walIdFlushed(), m.lastSeq()};
    if (withWal) {
      applyWal(mem, progress);
    }
    manifest = m;
    memtable = mem;
    lastWalApplied = progress[0];
    // Publish the complete view in one step: readers never see it half built.
    state = new ReadState(new LsmView(List.of(mem), l0, run), progress[1]);
  }

  private void applyNewWal(Memtable mem) {
    long[] progress = {lastWalApplied, state.seq()};
    applyWal(mem, progress);
    lastWalApplied = progress[0];
    state = new ReadState(state.view(), progress[1]); // whole WAL objects only, then publish
  }

  /**
   * Applies WAL objects after {@code progress[0]}, whole and in id order, stopping at the first absent
   * id; updates {@code progress} to {last WAL applied, highest sequence number}.
   */
  private void applyWal(Memtable mem, long[] progress) {
    for (long id = progress[0] + 1; ; id++) {
      Optional<WalObject> wal = wals.tryRead(id);
      if (wal.isEmpty()) {
        return;
      }
      for (WalBatch b : wal.get().batches()) {
        for (Entry e : b.entries()) {
          mem.add(e);
        }
        progress[1] = Math.max(progress[1], b.seq());
      }
      progress[0] = id;
    }
  }

  private List<SstReader> open(List<SstInfo> ssts) {
    List<SstReader> out = new ArrayList<>();
    for (SstInfo s : ssts) {
      out.add(sstReaders.computeIfAbsent(s.id(), id -> SstReader.open(store, s, blockCache)));
    }
    return out;
  }

  /** The manifest this reader's view is based on. */
  public synchronized Manifest manifest() {
    return manifest;
  }

  @Override
  public long lastSeq() {
    return state.seq();
  }

  @Override
  public Optional<byte[]> get(byte[] key) {
    ReadState st = state;
    return get(st, key, st.seq());
  }

  @Override
  public Optional<byte[]> get(byte[] key, long seq) {
    return get(state, key, seq);
  }

  private static Optional<byte[]> get(ReadState st, byte[] key, long seq) {
    Entry e = st.view().get(key, seq);
    return e == null || e.isTombstone() ? Optional.empty() : Optional.of(e.value());
  }

  @Override
  public Iterator<KeyValue> scan(byte[] startInclusive, byte[] endExclusive) {
    ReadState st = state;
    return st.view().scan(startInclusive, endExclusive, st.seq());
  }

  @Override
  public Iterator<KeyValue> scan(byte[] startInclusive, byte[] endExclusive, long seq) {
    return state.view().scan(startInclusive, endExclusive, seq);
  }

  @Override
  public Iterator<KeyValue> scanDescending(byte[] startInclusive, byte[] endExclusive) {
    ReadState st = state;
    return st.view().scanDescending(startInclusive, endExclusive, st.seq());
  }

  @Override
  public Iterator<KeyValue> scanDescending(byte[] startInclusive, byte[] endExclusive, long seq) {
    return state.view().scanDescending(startInclusive, endExclusive, seq);
  }

  @Override
  public void close() {
    closed = true;
    if (poller != null) {
      poller.shutdownNow();
    }
  }
}
