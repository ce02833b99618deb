package io.rocklake.kv;

import io.rocklake.kv.format.Ulid;
import io.rocklake.kv.lsm.Compaction;
import io.rocklake.kv.lsm.EntryIterator;
import io.rocklake.kv.lsm.MergingIterator;
import io.rocklake.kv.sst.SstInfo;
import io.rocklake.kv.sst.SstWriter;
import io.rocklake.kv.store.ObjectStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * When and where maintenance runs: a flush once a commit finds the memtable full, a compaction once
 * a flush leaves {@code l0CompactionTrigger} L0 SSTs, both on the background thread when there is one
 * (so commit latency stays flat) and inline otherwise; and the compaction itself, a full merge into
 * one sorted run. It exists to keep commits out of maintenance. Invariants it owns: an acknowledged
 * batch is never failed by maintenance after the fact (failures are recorded and reported by the
 * next operation), compaction keeps what the oldest open snapshot reads, and close lets scheduled
 * work finish.
 */
final class CompactionScheduler {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(CompactionScheduler.class);
  private final java.util.concurrent.atomic.AtomicLong compactions = new java.util.concurrent.atomic.AtomicLong();
  private final WriterState ws;
  private final ObjectStore store;
  private final DbOptions options;
  private final long epoch;
  private final WriterStatus status;
  private final Flush flush;
  private final SnapshotRegistry snapshots;
  private final ExecutorService background;
  private volatile Thread backgroundThread;
  private final AtomicBoolean flushScheduled = new AtomicBoolean();

  CompactionScheduler(
      WriterState ws, ObjectStore store, DbOptions options, long epoch, WriterStatus status, Flush flush, SnapshotRegistry snapshots) {
    this.ws = ws;
    this.store = store;
    this.options = options;
    this.epoch = epoch;
    this.status = status;
    this.flush = flush;
    this.snapshots = snapshots;
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

  /** After an acknowledged commit: flush if the memtable is full, off the commit path if possible. */
  void afterCommit() {
    if (!flush.memtableFull()) {
      return;
    }
    if (background != null) {
      // Flushing (and any compaction holding the manifest lock) happens on the background thread
      // while commits continue into the full memtable.
      if (flushScheduled.compareAndSet(false, true)) {
        submit(() -> {
          flushScheduled.set(false);
          runQuietly(() -> flush(true));
        });
      }
    } else {
      // The batch is durable and acknowledged regardless; a flush failure is recorded and the
      // next operation reports it.
      runQuietly(() -> flush(true));
    }
  }

  /** Flushes (see {@link Flush#run}), then compacts if L0 has reached the trigger. */
  void flush(boolean onlyIfFull) {
    if (!flush.run(onlyIfFull)) {
      return;
    }
    if (ws.manifest().l0().size() >= options.l0CompactionTrigger()) {
      if (background != null && Thread.currentThread() != backgroundThread) {
        submit(() -> runQuietly(this::compact));
      } else {
        compact();
      }
    }
  }

  /** Merges all SSTs into one sorted run, keeping the history open snapshots need. */
  void compact() {
    synchronized (ws.manifestLock) {
      status.checkUsable();
      try {
        compactLocked();
      } catch (RuntimeException | Error e) {
        status.failOn(e);
        throw e;
      }
    }
  }

  private void compactLocked() {
    var manifest = ws.manifestLocked();
    if (manifest.l0().isEmpty()) {
      return;
    }
    long start = System.nanoTime();
    List<EntryIterator> inputs = new ArrayList<>();
    for (SstInfo s : manifest.allSsts()) {
      inputs.add(ws.reader(s).iterator(null));
    }
    List<SstWriter.Built> outputs =
        Compaction.run(
            new MergingIterator(inputs),
            snapshots.oldest(),
            options.blockSize(),
            options.sstTargetBytes(),
            () -> Ulid.generate(options.clock().millis()));
    List<SstInfo> run = new ArrayList<>();
    for (SstWriter.Built b : outputs) {
      store.put(b.info().objectKey(), b.bytes());
      run.add(b.info());
    }
    ws.writeManifest(manifest.successor(epoch, options.clock().millis()).withCompaction(List.of(), run));
    ws.publishSsts(ws.read().view().memtables());
    compactions.incrementAndGet();
    long bytes = 0;
    for (SstWriter.Built b : outputs) {
      bytes += b.bytes().length;
    }
    LOG.info("compaction: merged {} SSTs into {} ({} bytes) in {} ms", inputs.size(), outputs.size(), bytes,
        (System.nanoTime() - start) / 1_000_000);
  }

  long compactions() {
    return compactions.get();
  }

  private void submit(Runnable work) {
    try {
      background.execute(work);
    } catch (RejectedExecutionException closing) {
      // Closing: acknowledged batches are durable in the WAL; the next writer flushes them.
    }
  }

  /** Background and post-commit maintenance: failures are recorded by the writer status and reported by the next operation. */
  private void runQuietly(Runnable work) {
    try {
      if (status.healthy()) {
        work.run();
      }
    } catch (RuntimeException e) {
      // already recorded
    }
  }

  /** Lets already scheduled flushes and compactions finish. */
  void shutdownAndWait() {
    if (background == null) {
      return;
    }
    background.shutdown();
    try {
      background.awaitTermination(5, TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
