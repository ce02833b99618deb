package io.rocklake.kv;

import java.time.Clock;

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
 */
public record DbOptions(
    long memtableFlushBytes,
    int blockSize,
    long sstTargetBytes,
    int l0CompactionTrigger,
    boolean backgroundCompaction,
    long blockCacheBytes,
    Clock clock) {

  public static DbOptions defaults() {
    return new DbOptions(8L << 20, 4096, 32L << 20, 4, true, 64L << 20, Clock.systemUTC());
  }

  public DbOptions withMemtableFlushBytes(long v) {
    return new DbOptions(v, blockSize, sstTargetBytes, l0CompactionTrigger, backgroundCompaction, blockCacheBytes, clock);
  }

  public DbOptions withBlockSize(int v) {
    return new DbOptions(memtableFlushBytes, v, sstTargetBytes, l0CompactionTrigger, backgroundCompaction, blockCacheBytes, clock);
  }

  public DbOptions withSstTargetBytes(long v) {
    return new DbOptions(memtableFlushBytes, blockSize, v, l0CompactionTrigger, backgroundCompaction, blockCacheBytes, clock);
  }

  public DbOptions withL0CompactionTrigger(int v) {
    return new DbOptions(memtableFlushBytes, blockSize, sstTargetBytes, v, backgroundCompaction, blockCacheBytes, clock);
  }

  public DbOptions withBackgroundCompaction(boolean v) {
    return new DbOptions(memtableFlushBytes, blockSize, sstTargetBytes, l0CompactionTrigger, v, blockCacheBytes, clock);
  }

  public DbOptions withBlockCacheBytes(long v) {
    return new DbOptions(memtableFlushBytes, blockSize, sstTargetBytes, l0CompactionTrigger, backgroundCompaction, v, clock);
  }

  public DbOptions withClock(Clock v) {
    return new DbOptions(memtableFlushBytes, blockSize, sstTargetBytes, l0CompactionTrigger, backgroundCompaction, blockCacheBytes, v);
  }
}
