package io.rocklake.kv.lsm;

/**
 * The descending counterpart of {@link VisibleIterator}: turns versions merged in
 * {@link Keys#DESCENDING_ORDER} into the live entries at a sequence number, keys descending. A key's
 * versions arrive oldest first, so the last one at or below the read's sequence number is the one
 * that wins; if it is a tombstone the key is hidden, exactly as in a forward scan.
 */
public final class DescendingVisibleIterator extends ReadAheadEntryIterator {
  private final EntryIterator source;
  private final long seq;
  private final byte[] startInclusive;

  public DescendingVisibleIterator(EntryIterator source, long seq, byte[] startInclusive) {
    this.source = source;
    this.seq = seq;
    this.startInclusive = startInclusive;
    readFirst();
  }

  @Override
  protected Entry readNext() {
    while (true) {
      Entry e = source.next();
      if (e == null || (startInclusive != null && Keys.compare(e.key(), startInclusive) < 0)) {
        return null;
      }
      Entry visible = e.seq() <= seq ? e : null;
      while (source.peek() != null && Keys.compare(source.peek().key(), e.key()) == 0) {
        Entry newer = source.next();
        if (newer.seq() <= seq) {
          visible = newer;
        }
      }
      if (visible != null && !visible.isTombstone()) {
        return visible;
      }
    }
  }
}
