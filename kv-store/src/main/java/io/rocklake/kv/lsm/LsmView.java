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
    List<EntryIterator> sources = new ArrayList<>();
    for (Memtable m : memtables) {
      sources.add(m.iterator(start));
    }
    for (SstReader sst : l0) {
      if (start == null || Keys.compare(sst.info().lastKey(), start) >= 0) {
        sources.add(sst.iterator(start));
      }
    }
    sources.add(new RunIterator(sortedRun, start));
    return new MergingIterator(sources);
  }

  public Iterator<KeyValue> scan(byte[] start, byte[] endExclusive, long seq) {
    return new VisibleIterator(versions(start), seq, endExclusive);
  }

  /** Walks the sorted run's SSTs one after another, opening each lazily. */
  private static final class RunIterator implements EntryIterator {
    private final List<SstReader> run;
    private int index;
    private EntryIterator current;

    RunIterator(List<SstReader> run, byte[] start) {
      this.run = run;
      int i = 0;
      while (start != null && i < run.size() && Keys.compare(run.get(i).info().lastKey(), start) < 0) {
        i++;
      }
      index = i;
      current = i < run.size() ? run.get(i).iterator(start) : null;
      skipExhausted();
    }

    private void skipExhausted() {
      while (current != null && current.peek() == null) {
        index++;
        current = index < run.size() ? run.get(index).iterator(null) : null;
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
}
