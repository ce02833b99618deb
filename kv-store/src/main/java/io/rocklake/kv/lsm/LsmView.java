package io.rocklake.kv.lsm;

import io.rocklake.kv.KeyValue;
import io.rocklake.kv.sst.SstReader;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * An immutable picture of where data lives: memtables (newest first), L0 SSTs (newest first) and the
 * sorted run. Sources are ordered by recency, so the first version found for a key is the newest.
 */
public final class LsmView {
  private final List<Memtable> memtables;
  private final List<SstReader> l0;
  private final List<SstReader> sortedRun;

  public LsmView(List<Memtable> memtables, List<SstReader> l0, List<SstReader> sortedRun) {
    this.memtables = List.copyOf(memtables);
    this.l0 = List.copyOf(l0);
    this.sortedRun = List.copyOf(sortedRun);
  }

  public List<Memtable> memtables() {
    return memtables;
  }

  public List<SstReader> l0() {
    return l0;
  }

  public List<SstReader> sortedRun() {
    return sortedRun;
  }

  /** The newest version of {@code key} at or below {@code seq} (possibly a tombstone), or null. */
  public Entry get(byte[] key, long seq) {
    for (Memtable m : memtables) {
      Entry e = m.get(key, seq);
      if (e != null) {
        return e;
      }
    }
    for (SstReader sst : l0) {
      Entry e = sst.get(key, seq);
      if (e != null) {
        return e;
      }
    }
    SstReader owner = findInRun(key);
    return owner == null ? null : owner.get(key, seq);
  }

  private SstReader findInRun(byte[] key) {
    int lo = 0;
    int hi = sortedRun.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Keys.compare(sortedRun.get(mid).info().lastKey(), key) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    if (lo == sortedRun.size() || Keys.compare(sortedRun.get(lo).info().firstKey(), key) > 0) {
      return null;
    }
    return sortedRun.get(lo);
  }

  /** All versions from {@code start} on, merged in internal order. */
  public EntryIterator versions(byte[] start) {
    return versions(start, null);
  }

  /**
   * The versions of keys in {@code [start, endExclusive)} (null bounds are open) merged in internal
   * order, possibly followed by some at or past the end. SSTs whose key range misses the range are
   * left out, so a scan never fetches a block of an SST that cannot hold a key it returns.
   */
  public EntryIterator versions(byte[] start, byte[] endExclusive) {
    List<EntryIterator> sources = new ArrayList<>();
    for (Memtable m : memtables) {
      sources.add(m.iterator(start));
    }
    for (SstReader sst : l0) {
      if (overlaps(sst, start, endExclusive)) {
        sources.add(sst.iterator(start, endExclusive));
      }
    }
    sources.add(new AscendingRunIterator(sortedRun, start, endExclusive));
    return new MergingIterator(sources);
  }

  /**
   * The versions of keys in {@code [start, endExclusive)} merged in {@link Keys#DESCENDING_ORDER},
   * possibly followed by some below the start; SSTs that miss the range are left out.
   */
  public EntryIterator versionsDescending(byte[] start, byte[] endExclusive) {
    List<EntryIterator> sources = new ArrayList<>();
    for (Memtable m : memtables) {
      sources.add(m.descendingIterator(endExclusive));
    }
    for (SstReader sst : l0) {
      if (overlaps(sst, start, endExclusive)) {
        sources.add(sst.descendingIterator(start, endExclusive));
      }
    }
    sources.add(new DescendingRunIterator(sortedRun, start, endExclusive));
    return new MergingIterator(sources, Keys.DESCENDING_ORDER);
  }

  public Iterator<KeyValue> scan(byte[] start, byte[] endExclusive, long seq) {
    return new KeyValueIterator(new VisibleIterator(versions(start, endExclusive), seq, endExclusive));
  }

  /** The keys of {@code [start, endExclusive)} visible at {@code seq}, in descending order. */
  public Iterator<KeyValue> scanDescending(byte[] start, byte[] endExclusive, long seq) {
    return new KeyValueIterator(new DescendingVisibleIterator(versionsDescending(start, endExclusive), seq, start));
  }

  private static boolean overlaps(SstReader sst, byte[] start, byte[] endExclusive) {
    return (start == null || Keys.compare(sst.info().lastKey(), start) >= 0)
        && (endExclusive == null || Keys.compare(sst.info().firstKey(), endExclusive) < 0);
  }

  /**
   * Walks the sorted run's SSTs one after another in a scan's order, opening each only once the one
   * before it is used up; subclasses say which SST comes next and how to open it.
   */
  private abstract static class RunIterator implements EntryIterator {
    private EntryIterator current;

    /** The iterator over the next SST in scan order, or null when no SST left can hold a key of the range. */
    abstract EntryIterator openNext();

    /** Starts at {@code first} (null: nothing to read): the last thing a subclass constructor does. */
    final void begin(EntryIterator first) {
      current = first;
      skipExhausted();
    }

    private void skipExhausted() {
      while (current != null && current.peek() == null) {
        current = openNext();
      }
    }

    @Override
    public Entry peek() {
      return current == null ? null : current.peek();
    }

    @Override
    public Entry next() {
      if (current == null) {
        return null;
      }
      Entry e = current.next();
      skipExhausted();
      return e;
    }
  }

  /** The run forwards from the SST holding the start, none past the end. */
  private static final class AscendingRunIterator extends RunIterator {
    private final List<SstReader> run;
    private final byte[] endExclusive;
    private int index;

    AscendingRunIterator(List<SstReader> run, byte[] start, byte[] endExclusive) {
      this.run = run;
      this.endExclusive = endExclusive;
      int i = 0;
      while (start != null && i < run.size() && Keys.compare(run.get(i).info().lastKey(), start) < 0) {
        i++;
      }
      index = i;
      begin(opens(i) ? run.get(i).iterator(start, endExclusive) : null);
    }

    private boolean opens(int i) {
      return i < run.size() && (endExclusive == null || Keys.compare(run.get(i).info().firstKey(), endExclusive) < 0);
    }

    @Override
    EntryIterator openNext() {
      index++;
      return opens(index) ? run.get(index).iterator(null, endExclusive) : null;
    }
  }

  /** The run backwards from the SST holding the end, none wholly below the start. */
  private static final class DescendingRunIterator extends RunIterator {
    private final List<SstReader> run;
    private final byte[] start;
    private int index;

    DescendingRunIterator(List<SstReader> run, byte[] start, byte[] endExclusive) {
      this.run = run;
      this.start = start;
      int i = run.size() - 1;
      while (endExclusive != null && i >= 0 && Keys.compare(run.get(i).info().firstKey(), endExclusive) >= 0) {
        i--;
      }
      index = i;
      begin(opens(i) ? run.get(i).descendingIterator(start, endExclusive) : null);
    }

    private boolean opens(int i) {
      return i >= 0 && (start == null || Keys.compare(run.get(i).info().lastKey(), start) >= 0);
    }

    @Override
    EntryIterator openNext() {
      index--;
      return opens(index) ? run.get(index).descendingIterator(start, null) : null;
    }
  }
}
