package io.rocklake.kv.lsm;

/**
 * One version of one key: the unit stored in WAL records, memtables and SSTs. A null value is a
 * tombstone. Versions are ordered by key ascending, then sequence number descending, so the newest
 * version of a key comes first.
 */
public record Entry(byte[] key, long seq, byte[] value) {

  public boolean isTombstone() {
    return value == null;
  }

  /** Approximate heap/disk footprint, used to decide when a memtable is full. */
  public int approximateSize() {
    return key.length + (value == null ? 0 : value.length) + 24;
  }
}
