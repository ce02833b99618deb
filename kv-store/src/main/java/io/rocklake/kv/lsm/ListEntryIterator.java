package io.rocklake.kv.lsm;

import java.util.Iterator;

/** Adapts a plain iterator (already in internal order) to {@link EntryIterator}. */
public final class ListEntryIterator extends ReadAheadEntryIterator {
  private final Iterator<Entry> it;

  public ListEntryIterator(Iterator<Entry> it) {
    this.it = it;
    readFirst();
  }

  @Override
  protected Entry readNext() {
    return it.hasNext() ? it.next() : null;
  }
}
