package io.rocklake.kv;

import java.time.Clock;
import java.time.Duration;

/**
 * Tuning knobs of a {@link Db}. Immutable; derive variants with the {@code with…} methods.
 *
 * @param memtableFlushBytes flush the memtable to an L0 SST once it holds about this many bytes
 * @param blockSize target size of an SST data block
 * @param sstTargetBytes compaction splits its output into SSTs of about this size
 * @param l0CompactionTrigger compact once this many L0 SSTs exist
 * @param backgroundCompaction run compaction on a background thread (else inline after the flush)
 * @param blockCacheBytes capacity of the decoded-block cache
 * @param clock time source for manifests, checkpoint expiry and SST names
 * @param walFlushObjects flush the memtable once it holds the batches of this many WAL objects, so
 *     tiny commits cannot pile up WAL objects (and restart replay) without bound
 * @param gcInterval how often the writer runs the {@link GarbageCollector}; {@link Duration#ZERO}
 *     turns the background collector off
 * @param gcGrace the collector's grace period: manifests current and SSTs written less than this
 *     long ago are kept for readers and for this writer's own flushes and compactions in flight
 */
public record DbOptions(
    long memtableFlushBytes,
    int blockSize,
    long sstTargetBytes,
    int l0CompactionTrigger,
    boolean backgroundCompaction,
    long blockCacheBytes,
    Clock clock,
    int walFlushObjects,
    Duration gcInterval,
    Duration gcGrace) {

  public DbOptions {
    if (walFlushObjects < 1) {
      throw new IllegalArgumentException("walFlushObjects must be at least 1, not " + walFlushObjects);
    }
    if (gcInterval.isNegative() || gcGrace.isNegative()) {
      throw new IllegalArgumentException("gcInterval and gcGrace must not be negative");
    }
  }

  public static DbOptions defaults() {
    return new DbOptions(
        8L << 20, 4096, 32L << 20, 4, true, 64L << 20, Clock.systemUTC(), 256, Duration.ofMinutes(1), Duration.ofMinutes(10));
  }

  public DbOptions withMemtableFlushBytes(long v) {
    return new DbOptions(v, blockSize, sstTargetBytes, l0CompactionTrigger, backgroundCompaction, blockCacheBytes, clock, walFlushObjects, gcInterval, gcGrace);
  }

  public DbOptions withBlockSize(int v) {
    return new DbOptions(memtableFlushBytes, v, sstTargetBytes, l0CompactionTrigger, backgroundCompaction, blockCacheBytes, clock, walFlushObjects, gcInterval, gcGrace);
  }

  public DbOptions withSstTargetBytes(long v) {
    return new DbOptions(memtableFlushBytes, blockSize, v, l0CompactionTrigger, backgroundCompaction, blockCacheBytes, clock, walFlushObjects, gcInterval, gcGrace);
  }

  public DbOptions withL0CompactionTrigger(int v) {
    return new DbOptions(memtableFlushBytes, blockSize, sstTargetBytes, v, backgroundCompaction, blockCacheBytes, clock, walFlushObjects, gcInterval, gcGrace);
  }

  public DbOptions withBackgroundCompaction(boolean v) {
    return new DbOptions(memtableFlushBytes, blockSize, sstTargetBytes, l0CompactionTrigger, v, blockCacheBytes, clock, walFlushObjects, gcInterval, gcGrace);
  }

  public DbOptions withBlockCacheBytes(long v) {
    return new DbOptions(memtableFlushBytes, blockSize, sstTargetBytes, l0CompactionTrigger, backgroundCompaction, v, clock, walFlushObjects, gcInterval, gcGrace);
  }

  public DbOptions withClock(Clock v) {
    return new DbOptions(memtableFlushBytes, blockSize, sstTargetBytes, l0CompactionTrigger, backgroundCompaction, blockCacheBytes, v, walFlushObjects, gcInterval, gcGrace);
  }

  public DbOptions withWalFlushObjects(int v) {
    return new DbOptions(memtableFlushBytes, blockSize, sstTargetBytes, l0CompactionTrigger, backgroundCompaction, blockCacheBytes, clock, v, gcInterval, gcGrace);
  }

  public DbOptions withGcInterval(Duration v) {
    return new DbOptions(memtableFlushBytes, blockSize, sstTargetBytes, l0CompactionTrigger, backgroundCompaction, blockCacheBytes, clock, walFlushObjects, v, gcGrace);
  }

  public DbOptions withGcGrace(Duration v) {
    return new DbOptions(memtableFlushBytes, blockSize, sstTargetBytes, l0CompactionTrigger, backgroundCompaction, blockCacheBytes, clock, walFlushObjects, gcInterval, v);
  }
}
