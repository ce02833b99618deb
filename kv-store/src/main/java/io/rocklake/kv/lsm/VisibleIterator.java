package io.rocklake.kv.lsm;

/** Turns merged versions into the live entries at a sequence number: newest visible version wins, tombstones hide. */
public final class VisibleIterator extends ReadAheadEntryIterator {
  private final EntryIterator source;
  private final long seq;
  private final byte[] endExclusive;

  public VisibleIterator(EntryIterator source, long seq, byte[] endExclusive) {
    this.source = source;
    this.seq = seq;
    this.endExclusive = endExclusive;
    readFirst();
  }

  @Override
  protected Entry readNext() {
    while (true) {
      Entry e = source.next();
      if (e == null || (endExclusive != null && Keys.compare(e.key(), endExclusive) >= 0)) {
        return null;
      }
      if (e.seq() > seq) {
        continue; // too new for this read; an older version may follow
      }
      // e is the newest visible version of its key: skip the older ones.
      while (source.peek() != null && Keys.compare(source.peek().key(), e.key()) == 0) {
        source.next();
      }
      if (!e.isTombstone()) {
        return e;
      }
    }
  }
}
