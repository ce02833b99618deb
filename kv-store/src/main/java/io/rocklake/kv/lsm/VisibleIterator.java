package io.rocklake.kv.lsm;

import io.rocklake.kv.KeyValue;
import java.util.Iterator;
import java.util.NoSuchElementException;

/** Turns merged versions into live key-values at a sequence number: newest visible version wins, tombstones hide. */
public final class VisibleIterator implements Iterator<KeyValue> {
  private final EntryIterator source;
  private final long seq;
  private final byte[] endExclusive;
  private KeyValue next;

  public VisibleIterator(EntryIterator source, long seq, byte[] endExclusive) {
    this.source = source;
    this.seq = seq;
    this.endExclusive = endExclusive;
    advance();
  }

  private void advance() {
    next = null;
    while (next == null) {
      Entry e = source.next();
      if (e == null || (endExclusive != null && Keys.compare(e.key(), endExclusive) >= 0)) {
        return;
      }
      if (e.seq() > seq) {
        continue; // too new for this read; an older version may follow
      }
      // e is the newest visible version of its key: skip the older ones.
      while (source.peek() != null && Keys.compare(source.peek().key(), e.key()) == 0) {
        source.next();
      }
      if (!e.isTombstone()) {
        next = new KeyValue(e.key(), e.value());
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
