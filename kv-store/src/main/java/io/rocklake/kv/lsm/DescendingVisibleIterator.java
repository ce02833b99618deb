package io.rocklake.kv.lsm;

import io.rocklake.kv.KeyValue;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The descending counterpart of {@link VisibleIterator}: turns versions merged in
 * {@link Keys#DESCENDING_ORDER} into live key-values at a sequence number, keys descending. A key's
 * versions arrive oldest first, so the last one at or below the read's sequence number is the one
 * that wins; if it is a tombstone the key is hidden, exactly as in a forward scan.
 */
public final class DescendingVisibleIterator implements Iterator<KeyValue> {
  private final EntryIterator source;
  private final long seq;
  private final byte[] startInclusive;
  private KeyValue next;

  public DescendingVisibleIterator(EntryIterator source, long seq, byte[] startInclusive) {
    this.source = source;
    this.seq = seq;
    this.startInclusive = startInclusive;
    advance();
  }

  private void advance() {
    next = null;
    while (next == null) {
      Entry e = source.next();
      if (e == null || (startInclusive != null && Keys.compare(e.key(), startInclusive) < 0)) {
        return;
      }
      Entry visible = e.seq() <= seq ? e : null;
      while (source.peek() != null && Keys.compare(source.peek().key(), e.key()) == 0) {
        Entry newer = source.next();
        if (newer.seq() <= seq) {
          visible = newer;
        }
      }
      if (visible != null && !visible.isTombstone()) {
        next = new KeyValue(visible.key(), visible.value());
      }
    }
  }

  @Override
  public boolean hasNext() {
    return next != null;
  }

  @Override
  public KeyValue next() {
    if (next == null) {
      throw new NoSuchElementException();
    }
    KeyValue kv = next;
    advance();
    return kv;
  }
}
