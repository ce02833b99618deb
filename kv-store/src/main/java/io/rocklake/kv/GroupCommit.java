package io.rocklake.kv;

import io.rocklake.kv.lsm.Memtable;
import io.rocklake.kv.wal.WalBatch;
import io.rocklake.kv.wal.WalObject;
import io.rocklake.kv.wal.WalStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The write path: batches queue up while one WAL write is in flight, and the committer holding the
 * commit lock writes every queued batch as one WAL object (group commit). It exists because the
 * durability promise is made here and nowhere else. Invariants it owns: a batch is acknowledged only
 * after its WAL object exists in the store; WAL ids are written contiguously and sequence numbers
 * assigned in commit order; a group becomes visible only once all of it is in the memtable; and
 * after a failed WAL write nothing more is committed (the writer is marked failed).
 */
final class GroupCommit {
  private final WriterState ws;
  private final WalStore wals;
  private final Fence fence;
  private final WriterStatus status;
  private final ConcurrentLinkedQueue<PendingCommit> queue = new ConcurrentLinkedQueue<>();
  private long nextWalId; // guarded by ws.commitLock
  private long lastAssignedSeq; // guarded by ws.commitLock

  GroupCommit(WriterState ws, WalStore wals, Fence fence, WriterStatus status, Recovery.Recovered from) {
    this.ws = ws;
    this.wals = wals;
    this.fence = fence;
    this.status = status;
    this.nextWalId = from.nextWalId();
    this.lastAssignedSeq = from.lastSeq();
  }

  /**
   * Commits a non-empty batch atomically and durably; returns its sequence number.
   *
   * @throws FencedException if a newer writer has opened the database
   * @throws KvException if the commit failed; the batch may or may not have become durable
   */
  long commit(WriteBatch batch) {
    PendingCommit mine = new PendingCommit(batch);
    queue.add(mine);
    ws.commitLock.lock();
    try {
      if (!mine.done) {
        commitQueued();
      }
    } finally {
      ws.commitLock.unlock();
    }
    if (mine.error != null) {
      if (mine.error instanceof FencedException) {
        throw (FencedException) mine.error;
      }
      throw new KvException("commit failed; the batch may or may not be durable: " + mine.error.getMessage(),
          mine.error);
    }
    return mine.seq;
  }

  /** Called with the commit lock held: writes every queued batch as one WAL object. */
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
      status.checkUsable();
      long walId = nextWalId;
      long seq = lastAssignedSeq;
      List<WalBatch> batches = new ArrayList<>(group.size());
      for (PendingCommit c : group) {
        c.seq = ++seq;
        batches.add(new WalBatch(c.seq, c.batch.entries(c.seq)));
      }
      lastAssignedSeq = seq;
      writeWal(new WalObject(fence.epoch(), walId, batches));
      nextWalId = walId + 1;
      Memtable mem = ws.active();
      for (WalBatch b : batches) {
        b.entries().forEach(mem::add);
      }
      mem.markWal(walId);
      ws.publishCommitted(seq); // publish only after the whole group is in the memtable
    } catch (RuntimeException | Error e) {
      // An Error too: every batch of the group must see the failure, or the ones queued behind the
      // thread it hit would return as acknowledged without their WAL object.
      RuntimeException failure = status.failOn(e);
      for (PendingCommit c : group) {
        c.error = failure;
      }
      if (e instanceof Error) {
        throw e;
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
      throw fence.vanished(wal.walId());
    }
    WalObject existing = found.get();
    if (existing.writerEpoch() > fence.epoch()) {
      throw new FencedException(fence.epoch(), existing.writerEpoch(), "WAL " + wal.walId() + " already exists");
    }
    throw new KvException("WAL " + wal.walId() + " already written by epoch " + existing.writerEpoch());
  }

  /** Batches waiting for the current WAL write to finish; they will share the next WAL object. */
  int queued() {
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
}
