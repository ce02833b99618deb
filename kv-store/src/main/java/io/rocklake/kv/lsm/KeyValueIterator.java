package io.rocklake.kv.lsm;

import io.rocklake.kv.KeyValue;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * A scan's public face: live entries (tombstones already hidden, as {@link VisibleIterator} and
 * {@link DescendingVisibleIterator} hand them out) as key-values, through {@link Iterator}'s
 * contract rather than {@link EntryIterator}'s null at the end.
 */
final class KeyValueIterator implements Iterator<KeyValue> {
  private final EntryIterator live;

  KeyValueIterator(EntryIterator live) {
    this.live = live;
  }

  @Override
  public boolean hasNext() {
    return live.peek() != null;
  }

  @Override
  public KeyValue next() {
    Entry e = live.next();
    if (e == null) {
      throw new NoSuchElementException();
    }
    return new KeyValue(e.key(), e.value());
  }
}
