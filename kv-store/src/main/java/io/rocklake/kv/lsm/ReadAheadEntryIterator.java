package io.rocklake.kv.lsm;

/**
 * An {@link EntryIterator} that holds its next entry in hand, so peeking costs nothing: subclasses
 * only say how to read the entry after it. The first entry is read eagerly (when the subclass calls
 * {@link #readFirst}), so a source does its first I/O when it is opened, not when first peeked.
 */
public abstract class ReadAheadEntryIterator implements EntryIterator {
  private Entry head;

  /** The entry after the last one read, or null at the end. */
  protected abstract Entry readNext();

  /** Reads the first entry: the last thing a subclass constructor does, once its own fields are set. */
  protected final void readFirst() {
    head = readNext();
  }

  @Override
  public final Entry peek() {
    return head;
  }

  @Override
  public final Entry next() {
    Entry e = head;
    if (e != null) {
      head = readNext();
    }
    return e;
  }
}
