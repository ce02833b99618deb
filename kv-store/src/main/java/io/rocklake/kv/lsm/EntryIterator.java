package io.rocklake.kv.lsm;

/**
 * An iterator over entries that can show its next entry without consuming it: in internal order, or
 * for descending scans in {@link Keys#DESCENDING_ORDER}, its exact reverse.
 */
public interface EntryIterator {
  /** The next entry, or null at the end. */
  Entry peek();

  /** Consumes and returns the next entry, or null at the end. */
  Entry next();
}
