package io.rocklake.kv.lsm;

import java.util.Iterator;

/** Adapts a plain iterator (already in internal order) to {@link EntryIterator}. */
public final class ListEntryIterator implements EntryIterator {
  private final Iterator<Entry> it;
  private Entry head;

  public ListEntryIterator(Iterator<Entry> it) {
    this.it = it;
    this.head = it.hasNext() ? it.next() : null;
  }

  @Override
  public Entry peek() {
    return head;
  }

  @Override
  public Entry next() {
    Entry current = head;
    head = it.hasNext() ? it.next() : null;
    return current;
  }
}
