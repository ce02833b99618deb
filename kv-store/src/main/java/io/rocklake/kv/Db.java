package io.rocklake.kv;

import io.rocklake.kv.lsm.Entry;
import io.rocklake.kv.lsm.ReadState;
import io.rocklake.kv.manifest.Checkpoint;
import io.rocklake.kv.manifest.Manifest;
import io.rocklake.kv.manifest.ManifestStore;
import io.rocklake.kv.sst.BlockCache;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.kv.wal.WalStore;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * The single writer. A batch is acknowledged only after its WAL object exists in the store; concurrent
 * batches share one WAL object (group commit). The memtable flushes to L0 SSTs and compaction merges
 * them; both publish their result by writing the next manifest with create-if-absent.
 *
 * <p>Opening a Db fences every older writer: it bumps the writer epoch in the manifest, replays the
 * WAL, and writes an empty WAL object at the next id. An older writer's next WAL or manifest write
 * then collides and fails with {@link FencedException}. If the replayed log is already at the flush
 * trigger, open flushes it before returning, so that however often writers are replaced, a takeover
 * replays a bounded log. After any failed store write the Db takes
 * no more writes (the outcome of that write is unknown, so committing on would risk reusing a WAL
 * id), but it keeps answering reads at its last acknowledged state; {@link #failure()} says why
 * (the store's {@link io.rocklake.kv.store.StoreFailureReason} is in the cause chain). To write
 * again, close it and {@link #open} a new one on the same store, which replays what did land.
 * {@link #checkFenced()} finds a newer writer without writing anything.
 *
 * <p>Db only composes the protocols, one class each (docs/kv-store.md, "Code layout"):
 * {@link Fence} (epoch, fencing objects), {@link Recovery} (the takeover), {@link GroupCommit} (WAL
 * append and the durability ack), {@link Flush}, {@link CompactionScheduler}, {@link Checkpoints},
 * {@link BackgroundCollector} and {@link SnapshotRegistry}, over the shared {@link WriterState} and
 * {@link WriterStatus}.
 */
public final class Db implements KvReader, AutoCloseable {
  private final Fence fence;
  private final WriterState ws;
  private final WriterStatus status = new WriterStatus();
  private final SnapshotRegistry snapshots = new SnapshotRegistry();
  private final GroupCommit commits;
  private final Flush flush;
  private final CompactionScheduler scheduler;
  private final Checkpoints checkpoints;
  private final BackgroundCollector collector;

  private Db(ObjectStore store, DbOptions options, Manifest owned) {
    ManifestStore manifests = new ManifestStore(store);
    WalStore wals = new WalStore(store);
    this.fence = new Fence(manifests, owned.writerEpoch());
    this.ws = new WriterState(store, manifests, new BlockCache(options.blockCacheBytes()), owned);
    this.collector = new BackgroundCollector(store, options, ws, manifests, fence, status);
    this.flush = new Flush(ws, store, options, fence.epoch(), status, collector);
    this.scheduler = new CompactionScheduler(ws, store, options, fence.epoch(), status, flush, snapshots);
    this.checkpoints = new Checkpoints(ws, flush, fence.epoch(), status, options.clock());
    this.commits = new GroupCommit(ws, wals, fence, status, Recovery.run(ws, wals, manifests, fence));
  }

  public static Db open(ObjectStore store) {
    return open(store, DbOptions.defaults());
  }

  /**
   * Opens the writer, fencing any previous one.
   *
   * @throws FencedException if a newer writer opened while this one recovered or flushed the log it
   *     replayed; this one was never a writer, and nothing of it keeps running
   */
  public static Db open(ObjectStore store, DbOptions options) {
    Db db = new Db(store, options, Fence.claimEpoch(store, options.clock().millis()));
    db.collector.start();
    try {
      // A replayed log already at the flush trigger is flushed before the writer is handed out. Left
      // to the first commit's background flush, it loses to a takeover that follows that commit
      // closely (the fenced flush cannot publish), and the next writer replays a longer log still.
      db.scheduler.flush(true);
    } catch (RuntimeException e) {
      db.close(); // fenced while flushing (a newer writer opened), or the store failed: not a writer
      throw e;
    }
    return db;
  }

  public long epoch() {
    return fence.epoch();
  }

  @Override
  public long lastSeq() {
    return ws.read().seq();
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
    status.checkUsable();
    if (batch.isEmpty()) {
      return ws.read().seq();
    }
    long seq = commits.commit(batch);
    scheduler.afterCommit();
    return seq;
  }

  /** Batches waiting for the current WAL write to finish; they will share the next WAL object. */
  int queuedCommits() {
    return commits.queued();
  }

  // ---------------------------------------------------------------- reads

  @Override
  public Optional<byte[]> get(byte[] key, long seq) {
    status.checkOpen();
    return value(ws.read().view().get(key, seq));
  }

  @Override
  public Optional<byte[]> get(byte[] key) {
    status.checkOpen();
    ReadState st = ws.read();
    return value(st.view().get(key, st.seq()));
  }

  private static Optional<byte[]> value(Entry e) {
    return e == null || e.isTombstone() ? Optional.empty() : Optional.of(e.value());
  }

  @Override
  public Iterator<KeyValue> scan(byte[] startInclusive, byte[] endExclusive) {
    status.checkOpen();
    ReadState st = ws.read();
    return st.view().scan(startInclusive, endExclusive, st.seq());
  }

  @Override
  public Iterator<KeyValue> scan(byte[] startInclusive, byte[] endExclusive, long seq) {
    status.checkOpen();
    return ws.read().view().scan(startInclusive, endExclusive, seq);
  }

  @Override
  public Iterator<KeyValue> scanDescending(byte[] startInclusive, byte[] endExclusive) {
    status.checkOpen();
    ReadState st = ws.read();
    return st.view().scanDescending(startInclusive, endExclusive, st.seq());
  }

  @Override
  public Iterator<KeyValue> scanDescending(byte[] startInclusive, byte[] endExclusive, long seq) {
    status.checkOpen();
    return ws.read().view().scanDescending(startInclusive, endExclusive, seq);
  }

  /** Pins the current state for repeatable reads at {@link Snapshot#seq()}, across flushes and compactions. */
  public Snapshot snapshot() {
    status.checkOpen();
    return snapshots.register(() -> ws.read().seq());
  }

  // ---------------------------------------------------------------- flush, compaction, checkpoints

  /** Writes the memtable to an L0 SST and records it (and the WAL it covers) in a new manifest. */
  public void flush() {
    scheduler.flush(false);
  }

  /** Merges all SSTs into one sorted run, keeping the history open snapshots need. */
  public void compact() {
    scheduler.compact();
  }

  /** Compactions this writer has completed (each merged every SST into one sorted run). */
  public long compactions() {
    return scheduler.compactions();
  }

  /**
   * Flushes, then pins the resulting manifest until {@code lifetime} has passed (null: until deleted).
   * Open it with {@link DbReader#openCheckpoint}.
   */
  public Checkpoint createCheckpoint(Duration lifetime) {
    return checkpoints.create(lifetime);
  }

  public void deleteCheckpoint(UUID checkpointId) {
    checkpoints.delete(checkpointId);
  }

  /** Unexpired checkpoints recorded in the current manifest. */
  public List<Checkpoint> checkpoints() {
    return checkpoints.list();
  }

  /** The manifest this writer last wrote. */
  public Manifest manifest() {
    return ws.manifest();
  }

  // ---------------------------------------------------------------- lifecycle

  /** The failure that stopped this writer's writes, if any; reads keep working regardless. */
  public Optional<RuntimeException> failure() {
    return status.failure();
  }

  /**
   * Asks the store whether a newer writer has opened it, without writing: one listing and one read
   * of the latest manifest (opening a writer always writes a manifest with its bumped epoch). A
   * fenced writer is recorded as failed, so its next write fails at once.
   *
   * @return the fencing writer's epoch, or empty while this writer is still the newest
   */
  public OptionalLong checkFenced() {
    status.checkOpen();
    return fence.check(status);
  }

  /**
   * Lets already scheduled background flushes and compactions finish, then closes. Acknowledged
   * batches are durable in the WAL either way, so nothing else is flushed.
   */
  @Override
  public void close() {
    if (status.isClosed()) {
      return;
    }
    collector.shutdown();
    scheduler.shutdownAndWait();
    collector.awaitTermination();
    status.markClosed();
  }
}
