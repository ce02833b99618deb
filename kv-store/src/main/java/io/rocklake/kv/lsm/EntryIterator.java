package io.rocklake.kv.lsm;

/** A forward iterator over entries in internal order that can show its next entry without consuming it. */
public interface EntryIterator {
  /** The next entry, or null at the end. */
  Entry peek();

  /** Consumes and returns the next entry, or null at the end. */
  Entry next();
}
