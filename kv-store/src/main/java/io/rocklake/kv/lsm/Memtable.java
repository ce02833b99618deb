package io.rocklake.kv.lsm;

import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The in-memory, sorted, multi-version buffer of recent writes. It remembers the last WAL object
 * whose batches it holds, so a flush can tell the manifest which WAL objects are now in SSTs, and how
 * many WAL objects it covers, so the writer can flush before replaying them on restart gets long.
 */
public final class Memtable {
  private final ConcurrentSkipListSet<Entry> entries = new ConcurrentSkipListSet<>(Keys.INTERNAL_ORDER);
  private final AtomicLong bytes = new AtomicLong();
  private volatile long lastWalId;
  private final AtomicLong walObjects = new AtomicLong();
  private volatile long maxSeq;

  public void add(Entry e) {
    entries.add(e);
    bytes.addAndGet(e.approximateSize());
    if (e.seq() > maxSeq) {
      maxSeq = e.seq();
    }
  }

  public void markWal(long walId) {
    lastWalId = Math.max(lastWalId, walId);
    walObjects.incrementAndGet();
  }

  /** How many WAL objects this memtable holds the batches of (calls to {@link #markWal}). */
  public long walObjects() {
    return walObjects.get();
  }

  public long lastWalId() {
    return lastWalId;
  }

  public long maxSeq() {
    return maxSeq;
  }

  public long approximateBytes() {
    return bytes.get();
  }

  public boolean isEmpty() {
    return entries.isEmpty();
  }

  /** The newest version of {@code key} with a sequence number at most {@code seq}, or null. */
  public Entry get(byte[] key, long seq) {
    Entry e = entries.ceiling(new Entry(key, seq, null));
    return e != null && Keys.compare(e.key(), key) == 0 ? e : null;
  }

  /** All versions from {@code startKey} (inclusive; null = beginning) in internal order. */
  public EntryIterator iterator(byte[] startKey) {
    if (startKey == null) {
      return new ListEntryIterator(entries.iterator());
    }
    return new ListEntryIterator(entries.tailSet(new Entry(startKey, Long.MAX_VALUE, null), true).iterator());
  }

  /** All versions of keys below {@code endExclusive} (null = no bound) in {@link Keys#DESCENDING_ORDER}. */
  public EntryIterator descendingIterator(byte[] endExclusive) {
    if (endExclusive == null) {
      return new ListEntryIterator(entries.descendingIterator());
    }
    // (end, MAX) sorts before every real version of end, so the head set holds exactly the keys below it.
    return new ListEntryIterator(entries.headSet(new Entry(endExclusive, Long.MAX_VALUE, null), false).descendingIterator());
  }

  public Iterable<Entry> all() {
    return entries;
  }
}
