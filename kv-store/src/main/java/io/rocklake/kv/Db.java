package io.rocklake.kv;

import io.rocklake.kv.format.ObjectKeys;
import io.rocklake.kv.format.Ulid;
import io.rocklake.kv.lsm.Compaction;
import io.rocklake.kv.lsm.Entry;
import io.rocklake.kv.lsm.LsmView;
import io.rocklake.kv.lsm.ReadState;
import io.rocklake.kv.lsm.Memtable;
import io.rocklake.kv.lsm.MergingIterator;
import io.rocklake.kv.lsm.EntryIterator;
import io.rocklake.kv.manifest.Checkpoint;
import io.rocklake.kv.manifest.Manifest;
import io.rocklake.kv.manifest.ManifestStore;
import io.rocklake.kv.sst.BlockCache;
import io.rocklake.kv.sst.SstInfo;
import io.rocklake.kv.sst.SstReader;
import io.rocklake.kv.sst.SstWriter;
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
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The single writer. A batch is acknowledged only after its WAL object exists in the store; concurrent
 * batches share one WAL object (group commit). The memtable flushes to L0 SSTs and compaction merges
 * them; both publish their result by writing the next manifest with create-if-absent.
 *
 * <p>Opening a Db fences every older writer: it bumps the writer epoch in the manifest, replays the
 * WAL, and writes an empty WAL object at the next id. An older writer's next WAL or manifest write
 * then collides and fails with {@link FencedException}. After any failed store write the Db takes
 * no more writes (the outcome of that write is unknown, so committing on would risk reusing a WAL
 * id), but it keeps answering reads at its last acknowledged state; {@link #failure()} says why
 * (the store's {@link io.rocklake.kv.store.StoreFailureReason} is in the cause chain). To write
 * again, close it and {@link #open} a new one on the same store, which replays what did land.
 * {@link #checkFenced()} finds a newer writer without writing anything.
 */
public final class Db implements KvReader, AutoCloseable {
  private final ObjectStore store;
  private final DbOptions options;
  private final ManifestStore manifests;
  private final WalStore wals;
  private final BlockCache blockCache;
  private final long epoch;

  /** Serializes flush, compaction and checkpoint changes: the writers of manifests. */
  private final Object manifestLock = new Object();
  private Manifest manifest; // guarded by manifestLock
  private final Map<String, SstReader> sstReaders = new HashMap<>(); // guarded by manifestLock

  /** Serializes WAL writes; the holder commits every queued batch in one object. */
  private final ReentrantLock commitLock = new ReentrantLock();
  private final ConcurrentLinkedQueue<PendingCommit> queue = new ConcurrentLinkedQueue<>();
  private long nextWalId; // guarded by commitLock
  private long lastAssignedSeq; // guarded by commitLock

  private volatile Memtable active;
  private volatile ReadState state; // changed only with commitLock held
  private volatile RuntimeException failure;
  private volatile boolean closed;
  private final ConcurrentSkipListMap<Long, Integer> openSnapshots = new ConcurrentSkipListMap<>();
  private final ExecutorService background;
  private volatile Thread backgroundThread;
  private final java.util.concurrent.atomic.AtomicBoolean flushScheduled = new java.util.concurrent.atomic.AtomicBoolean();
  private ScheduledExecutorService collector; // set once, right after recovery
  private long walDeletedUpTo; // used by the collector thread only
  /** Fencing objects in this writer's WAL range: kept for good (see dropFlushedWal). */
  private final Set<Long> fences = ConcurrentHashMap.newKeySet();

  private Db(ObjectStore store, DbOptions options, Manifest manifest) {
    this.store = store;
    this.options = options;
    this.manifests = new ManifestStore(store);
    this.wals = new WalStore(store);
    this.blockCache = new BlockCache(options.blockCacheBytes());
    this.manifest = manifest;
    this.epoch = manifest.writerEpoch();
    this.background =
        options.backgroundCompaction()
            ? Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "kv-compaction");
                t.setDaemon(true);
                backgroundThread = t;
                return t;
              })
            : null;
  }

  public static Db open(ObjectStore store) {
    return open(store, DbOptions.defaults());
  }

  /** Opens the writer, fencing any previous one. */
  public static Db open(ObjectStore store, DbOptions options) {
    ManifestStore manifests = new ManifestStore(store);
    long now = options.clock().millis();
    Manifest owned;
    while (true) {
      Optional<Manifest> latest = manifests.readLatest();
      if (latest.isEmpty()) {
        manifests.tryWrite(Manifest.initial(now)); // losing this race is fine: re-read
        continue;
      }
      Manifest bumped = latest.get().successor(latest.get().writerEpoch() + 1, now);
      if (manifests.tryWrite(bumped)) {
        owned = bumped;
        break;
      }
    }
    Db db = new Db(store, options, owned);
    db.recover();
    db.startCollector();
    return db;
  }

  /**
   * Replays the WAL past the manifest by probing ids one by one, then claims the first absent id with
   * an empty fencing object. No listing is trusted: a listing of wal/ races with an older writer's
   * commits (and with a collector), so it can show an object and miss its predecessor. The fencing
   * create-if-absent decides where the log ends; the protocol and its proof are in docs/kv-store.md.
   */
  private void recover() {
    synchronized (manifestLock) {
      List<SstReader> l0 = openAll(manifest.l0());
      List<SstReader> run = openAll(manifest.sortedRun());
      Memtable mem = new Memtable();
      long seq = manifest.lastSeq();
      long id = manifest.walIdFlushed() + 1;
      while (true) {
        Optional<WalObject> wal = wals.tryRead(id);
        if (wal.isEmpty()) {
          if (wals.tryWrite(new WalObject(epoch, id, List.of()))) {
            break;
          }
          // A straggling older writer got this id first: its batch is committed, so replay it.
          wal = wals.tryRead(id);
          if (wal.isEmpty()) {
            throw vanished(id);
          }
        }
        if (wal.get().batches().isEmpty()) {
          fences.add(id);
        }
        seq = Math.max(seq, replay(wal.get(), mem));
        id++;
      }
      // Only a collector acting on a newer writer's manifest deletes WAL objects past ours, so an id
      // that was absent may have been such a deletion: if a newer manifest exists, we are fenced.
      // (The listing is safe here: it includes the latest manifest, which no collector deletes.)
      Optional<Long> latestId = manifests.latestId();
      if (latestId.isPresent() && latestId.get() > manifest.id()) {
        long newerEpoch = manifests.tryRead(latestId.get()).map(Manifest::writerEpoch).orElse(epoch + 1);
        throw new FencedException(epoch, newerEpoch, "a newer writer opened while this one recovered");
      }
      long fenceId = id;
      fences.add(fenceId);
      mem.markWal(fenceId);
      commitLock.lock();
      try {
        nextWalId = fenceId + 1;
        lastAssignedSeq = seq;
      } finally {
        commitLock.unlock();
      }
      active = mem;
      state = new ReadState(new LsmView(List.of(mem), l0, run), seq);
    }
  }

  /**
   * WAL object {@code walId} existed a moment ago and is gone: normally a newer writer flushed it and
   * its collector deleted it, which makes us fenced; without a newer writer it is an error.
   */
  private RuntimeException vanished(long walId) {
    return newerManifest()
        .<RuntimeException>map(m -> new FencedException(epoch, m.writerEpoch(), "WAL " + walId + " was collected"))
        .orElseGet(() -> new KvException("WAL object " + walId + " existed a moment ago and is gone"));
  }

  /** The latest manifest, if a writer with a newer epoch than ours wrote it. */
  private Optional<Manifest> newerManifest() {
    return manifests.readLatest().filter(m -> m.writerEpoch() > epoch);
  }

  private long replay(WalObject wal, Memtable mem) {
    if (wal.writerEpoch() > epoch) {
      throw new FencedException(epoch, wal.writerEpoch(), "replaying WAL " + wal.walId());
    }
    long seq = 0;
    for (WalBatch b : wal.batches()) {
      b.entries().forEach(mem::add);
      seq = Math.max(seq, b.seq());
    }
    mem.markWal(wal.walId());
    return seq;
  }

  public long epoch() {
    return epoch;
  }

  @Override
  public long lastSeq() {
    return state.seq();
  }

  // ---------------------------------------------------------------- writes

  public long put(byte[] key, byte[] value) {
    return write(new WriteBatch().put(key, value));
  }

  public long delete(byte[] key) {
    return write(new WriteBatch().delete(key));
  }

  /**
   * Commits the batch atomically and durably: when this returns, its WAL object is in the store.
   *
   * @return the batch's sequence number
   * @throws FencedException if a newer writer has opened the database
   * @throws KvException if the commit failed; the batch may or may not have become durable
   */
  public long write(WriteBatch batch) {
    checkUsable();
    if (batch.isEmpty()) {
      return state.seq();
    }
    PendingCommit mine = new PendingCommit(batch);
    queue.add(mine);
    commitLock.lock();
    try {
      if (!mine.done) {
        commitQueued();
      }
    } finally {
      commitLock.unlock();
    }
    if (mine.error != null) {
      if (mine.error instanceof FencedException) {
        throw (FencedException) mine.error;
      }
      throw new KvException("commit failed; the batch may or may not be durable: " + mine.error.getMessage(),
          mine.error);
    }
    if (memtableFull()) {
      if (background != null) {
        // Keep commit latency flat: flushing (and any compaction holding the manifest lock) happens
        // on the background thread while commits continue into the full memtable.
        if (flushScheduled.compareAndSet(false, true)) {
          submitBackground(() -> {
            flushScheduled.set(false);
            runQuietly(this::flushIfFull);
          });
        }
      } else {
        // The batch is durable and acknowledged regardless; a flush failure is recorded and the
        // next operation reports it.
        runQuietly(this::flushIfFull);
      }
    }
    return mine.seq;
  }

  /** Called with commitLock held: writes every queued batch as one WAL object. */
  private void commitQueued() {
    List<PendingCommit> group = new ArrayList<>();
    PendingCommit p;
    while ((p = queue.poll()) != null) {
      group.add(p);
    }
    if (group.isEmpty()) {
      return;
    }
    try {
      checkUsable();
      long walId = nextWalId;
      long seq = lastAssignedSeq;
      List<WalBatch> batches = new ArrayList<>(group.size());
      for (PendingCommit c : group) {
        c.seq = ++seq;
        batches.add(new WalBatch(c.seq, c.batch.entries(c.seq)));
      }
      lastAssignedSeq = seq;
      writeWal(new WalObject(epoch, walId, batches));
      nextWalId = walId + 1;
      Memtable mem = active;
      for (WalBatch b : batches) {
        b.entries().forEach(mem::add);
      }
      mem.markWal(walId);
      state = new ReadState(state.view(), seq); // publish only after the whole group is in the memtable
    } catch (RuntimeException e) {
      fail(e);
      for (PendingCommit c : group) {
        c.error = e;
      }
    } finally {
      for (PendingCommit c : group) {
        c.done = true;
      }
    }
  }

  private void writeWal(WalObject wal) {
    if (wals.tryWrite(wal)) {
      return;
    }
    Optional<WalObject> found = wals.tryRead(wal.walId());
    if (found.isEmpty()) {
      throw vanished(wal.walId());
    }
    WalObject existing = found.get();
    if (existing.writerEpoch() > epoch) {
      throw new FencedException(epoch, existing.writerEpoch(), "WAL " + wal.walId() + " already exists");
    }
    throw new KvException("WAL " + wal.walId() + " already written by epoch " + existing.writerEpoch());
  }

  /** Batches waiting for the current WAL write to finish; they will share the next WAL object. */
  int queuedCommits() {
    return queue.size();
  }

  private static final class PendingCommit {
    final WriteBatch batch;
    volatile boolean done;
    volatile long seq;
    volatile RuntimeException error;

    PendingCommit(WriteBatch batch) {
      this.batch = batch;
    }
  }

  // ---------------------------------------------------------------- reads

  @Override
  public Optional<byte[]> get(byte[] key, long seq) {
    checkOpen();
    Entry e = state.view().get(key, seq);
    return e == null || e.isTombstone() ? Optional.empty() : Optional.of(e.value());
  }

  @Override
  public Optional<byte[]> get(byte[] key) {
    checkOpen();
    ReadState st = state;
    Entry e = st.view().get(key, st.seq());
    return e == null || e.isTombstone() ? Optional.empty() : Optional.of(e.value());
  }

  @Override
  public Iterator<KeyValue> scan(byte[] startInclusive, byte[] endExclusive) {
    checkOpen();
    ReadState st = state;
    return st.view().scan(startInclusive, endExclusive, st.seq());
  }

  @Override
  public Iterator<KeyValue> scan(byte[] startInclusive, byte[] endExclusive, long seq) {
    checkOpen();
    return state.view().scan(startInclusive, endExclusive, seq);
  }

  @Override
  public Iterator<KeyValue> scanDescending(byte[] startInclusive, byte[] endExclusive) {
    checkOpen();
    ReadState st = state;
    return st.view().scanDescending(startInclusive, endExclusive, st.seq());
  }

  @Override
  public Iterator<KeyValue> scanDescending(byte[] startInclusive, byte[] endExclusive, long seq) {
    checkOpen();
    return state.view().scanDescending(startInclusive, endExclusive, seq);
  }

  /** Pins the current state for repeatable reads at {@link Snapshot#seq()}, across flushes and compactions. */
  public Snapshot snapshot() {
    checkOpen();
    synchronized (openSnapshots) {
      long seq = state.seq();
      openSnapshots.merge(seq, 1, Integer::sum);
      return new Snapshot(seq, () -> {
        synchronized (openSnapshots) {
          openSnapshots.computeIfPresent(seq, (k, n) -> n == 1 ? null : n - 1);
        }
      });
    }
  }

  // ---------------------------------------------------------------- flush, compaction, checkpoints

  /** Writes the memtable to an L0 SST and records it (and the WAL it covers) in a new manifest. */
  public void flush() {
    flush(false);
  }

  /** Several committers may see a full memtable at once; only the first flushes it. */
  private void flushIfFull() {
    flush(true);
  }

  private void flush(boolean onlyIfFull) {
    synchronized (manifestLock) {
      checkUsable();
      if (onlyIfFull && !memtableFull()) {
        return;
      }
      try {
        flushLocked();
      } catch (RuntimeException e) {
        fail(e);
        throw e;
      }
    }
    if (manifestL0Size() >= options.l0CompactionTrigger()) {
      if (background != null && Thread.currentThread() != backgroundThread) {
        submitBackground(this::compactInBackground);
      } else {
        compact();
      }
    }
  }

  /** Full by bytes, or by WAL objects: tiny commits must not leave an ever longer log to replay. */
  private boolean memtableFull() {
    Memtable mem = active;
    return mem.approximateBytes() >= options.memtableFlushBytes() || mem.walObjects() >= options.walFlushObjects();
  }

  private int manifestL0Size() {
    synchronized (manifestLock) {
      return manifest.l0().size();
    }
  }

  private void flushLocked() {
    Memtable frozen;
    commitLock.lock();
    try {
      frozen = active;
      if (frozen.isEmpty()) {
        return;
      }
      active = new Memtable();
      List<Memtable> mems = new ArrayList<>();
      mems.add(active);
      mems.add(frozen);
      LsmView v = state.view();
      state = new ReadState(new LsmView(mems, v.l0(), v.sortedRun()), state.seq());
    } finally {
      commitLock.unlock();
    }
    SstWriter writer = new SstWriter(options.blockSize());
    frozen.all().forEach(writer::add);
    SstWriter.Built built = writer.finish(Ulid.generate(options.clock().millis()));
    store.put(built.info().objectKey(), built.bytes());
    List<SstInfo> l0 = new ArrayList<>();
    l0.add(built.info());
    l0.addAll(manifest.l0());
    long lastSeq = Math.max(manifest.lastSeq(), frozen.maxSeq());
    writeManifest(manifest.successor(epoch, now()).withFlushed(l0, frozen.lastWalId(), lastSeq));
    publishSsts(List.of(active));
    dropFlushedWal(manifest.walIdFlushed());
  }

  /** Merges all SSTs into one sorted run, keeping the history open snapshots need. */
  public void compact() {
    synchronized (manifestLock) {
      checkUsable();
      try {
        compactLocked();
      } catch (RuntimeException e) {
        fail(e);
        throw e;
      }
    }
  }

  private void compactInBackground() {
    runQuietly(this::compact);
  }

  private void submitBackground(Runnable work) {
    try {
      background.execute(work);
    } catch (java.util.concurrent.RejectedExecutionException closing) {
      // Closing: acknowledged batches are durable in the WAL; the next writer flushes them.
    }
  }

  /** Background and post-commit maintenance: failures are recorded by fail() and reported by the next operation. */
  private void runQuietly(Runnable work) {
    try {
      if (failure == null && !closed) {
        work.run();
      }
    } catch (RuntimeException e) {
      // already recorded
    }
  }

  private void compactLocked() {
    if (manifest.l0().isEmpty()) {
      return;
    }
    List<EntryIterator> inputs = new ArrayList<>();
    for (SstInfo s : manifest.allSsts()) {
      inputs.add(reader(s).iterator(null));
    }
    long oldestSnapshot;
    synchronized (openSnapshots) {
      oldestSnapshot = openSnapshots.isEmpty() ? Long.MAX_VALUE : openSnapshots.firstKey();
    }
    List<SstWriter.Built> outputs =
        Compaction.run(
            new MergingIterator(inputs),
            oldestSnapshot,
            options.blockSize(),
            options.sstTargetBytes(),
            () -> Ulid.generate(options.clock().millis()));
    List<SstInfo> run = new ArrayList<>();
    for (SstWriter.Built b : outputs) {
      store.put(b.info().objectKey(), b.bytes());
      run.add(b.info());
    }
    writeManifest(manifest.successor(epoch, now()).withCompaction(List.of(), run));
    publishSsts(state.view().memtables());
  }

  /**
   * Flushes, then pins the resulting manifest until {@code lifetime} has passed (null: until deleted).
   * Open it with {@link DbReader#openCheckpoint}.
   */
  public Checkpoint createCheckpoint(Duration lifetime) {
    synchronized (manifestLock) {
      checkUsable();
      try {
        flushLocked();
        long now = now();
        Manifest next = manifest.successor(epoch, now);
        long expires = lifetime == null ? Checkpoint.NEVER : now + lifetime.toMillis();
        Checkpoint cp = new Checkpoint(UUID.randomUUID(), next.id(), now, expires);
        List<Checkpoint> cps = new ArrayList<>(next.checkpoints());
        cps.add(cp);
        writeManifest(next.withCheckpoints(cps));
        return cp;
      } catch (RuntimeException e) {
        fail(e);
        throw e;
      }
    }
  }

  public void deleteCheckpoint(UUID checkpointId) {
    synchronized (manifestLock) {
      checkUsable();
      try {
        Manifest next = manifest.successor(epoch, now());
        List<Checkpoint> cps = new ArrayList<>(next.checkpoints());
        cps.removeIf(c -> c.id().equals(checkpointId));
        writeManifest(next.withCheckpoints(cps));
      } catch (RuntimeException e) {
        fail(e);
        throw e;
      }
    }
  }

  /** Unexpired checkpoints recorded in the current manifest. */
  public List<Checkpoint> checkpoints() {
    synchronized (manifestLock) {
      long now = now();
      return manifest.checkpoints().stream().filter(c -> !c.isExpired(now)).toList();
    }
  }

  /** The manifest this writer last wrote. */
  public Manifest manifest() {
    synchronized (manifestLock) {
      return manifest;
    }
  }

  private void writeManifest(Manifest next) {
    if (!manifests.tryWrite(next)) {
      Manifest latest = manifests.readLatest().orElseThrow();
      if (latest.writerEpoch() > epoch) {
        throw new FencedException(epoch, latest.writerEpoch(), "manifest " + next.id() + " already exists");
      }
      throw new KvException("manifest " + next.id() + " was written concurrently by epoch " + latest.writerEpoch());
    }
    manifest = next;
  }

  /** Rebuilds the read view from the manifest; called with manifestLock held. */
  private void publishSsts(List<Memtable> memtables) {
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

  private List<SstReader> openAll(List<SstInfo> ssts) {
    List<SstReader> out = new ArrayList<>(ssts.size());
    for (SstInfo s : ssts) {
      out.add(reader(s));
    }
    return out;
  }

  private SstReader reader(SstInfo info) {
    return sstReaders.computeIfAbsent(info.id(), id -> SstReader.open(store, info, blockCache));
  }

  private long now() {
    return options.clock().millis();
  }

  // ---------------------------------------------------------------- garbage collection

  /** Runs the collector every {@code gcInterval}, so flushed WAL objects and dropped SSTs do not pile up. */
  private void startCollector() {
    if (options.gcInterval().isZero()) {
      return;
    }
    collector = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "kv-gc");
      t.setDaemon(true);
      return t;
    });
    walDeletedUpTo = manifest().walIdFlushed(); // older ones are left to the collector's listing
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
  private void dropFlushedWal(long upTo) {
    if (collector == null) {
      return;
    }
    try {
      collector.execute(() -> {
        if (!stillLatest()) {
          return; // superseded: our manifest may be a stale one; leave the WAL to the collector
        }
        for (long id = walDeletedUpTo + 1; id <= upTo && failure == null && !closed; id++) {
          try {
            if (!fences.contains(id)) {
              store.delete(ObjectKeys.wal(id));
            }
          } catch (RuntimeException e) {
            return; // resumed after the next flush; the collector's listing catches any left over
          }
          walDeletedUpTo = id;
        }
      });
    } catch (java.util.concurrent.RejectedExecutionException closing) {
      // Closing: the collector's listing removes them later.
    }
  }

  /**
   * One collection under the manifest lock, so it never runs while this writer has written SSTs its
   * next manifest does not name yet. A failed collection deletes nothing that matters and is retried
   * on the next tick; it does not make the writer unusable.
   */
  private void collectQuietly() {
    if (failure != null || closed) {
      return;
    }
    try {
      synchronized (manifestLock) {
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
      return manifests.tryRead(manifest().id() + 1).isEmpty();
    } catch (RuntimeException e) {
      return false;
    }
  }

  // ---------------------------------------------------------------- lifecycle

  private void fail(RuntimeException e) {
    if (failure == null || (e instanceof FencedException && !(failure instanceof FencedException))) {
      failure = e; // fencing outranks an earlier failure: it is final, where a full disk may clear
    }
  }

  /** The failure that stopped this writer's writes, if any; reads keep working regardless. */
  public Optional<RuntimeException> failure() {
    return Optional.ofNullable(failure);
  }

  /**
   * Asks the store whether a newer writer has opened it, without writing: one listing and one read
   * of the latest manifest (opening a writer always writes a manifest with its bumped epoch). A
   * fenced writer is recorded as failed, so its next write fails at once.
   *
   * @return the fencing writer's epoch, or empty while this writer is still the newest
   */
  public OptionalLong checkFenced() {
    checkOpen();
    if (failure instanceof FencedException f) {
      return OptionalLong.of(f.fencingEpoch());
    }
    Optional<Manifest> newer = newerManifest();
    newer.ifPresent(m -> fail(new FencedException(epoch, m.writerEpoch(), "manifest " + m.id() + " written by the newer writer")));
    return newer.map(m -> OptionalLong.of(m.writerEpoch())).orElse(OptionalLong.empty());
  }

  private void checkOpen() {
    if (closed) {
      throw new KvException("database is closed");
    }
  }

  private void checkUsable() {
    checkOpen();
    RuntimeException f = failure;
    if (f instanceof FencedException fenced) {
      throw new FencedException(fenced.ownEpoch(), fenced.fencingEpoch(), "writer already fenced");
    }
    if (f != null) {
      throw new KvException("writer failed earlier and must be reopened: " + f.getMessage(), f);
    }
  }

  /**
   * Lets already scheduled background flushes and compactions finish, then closes. Acknowledged
   * batches are durable in the WAL either way, so nothing else is flushed.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    if (collector != null) {
      collector.shutdown();
    }
    if (background != null) {
      background.shutdown();
      try {
        background.awaitTermination(5, TimeUnit.MINUTES);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (collector != null) {
      try {
        collector.awaitTermination(5, TimeUnit.MINUTES); // a collection in progress finishes first
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    closed = true;
  }
}
