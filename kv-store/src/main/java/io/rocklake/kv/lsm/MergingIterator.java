package io.rocklake.kv.lsm;

import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Merges sorted sources into one stream: in internal order (key ascending, newest version first), or
 * in any other order all the sources share.
 */
public final class MergingIterator implements EntryIterator {
  private final PriorityQueue<EntryIterator> heap;

  public MergingIterator(List<? extends EntryIterator> sources) {
    this(sources, Keys.INTERNAL_ORDER);
  }

  public MergingIterator(List<? extends EntryIterator> sources, Comparator<Entry> order) {
    this.heap = new PriorityQueue<>((a, b) -> order.compare(a.peek(), b.peek()));
    for (EntryIterator source : sources) {
      if (source.peek() != null) {
        heap.add(source);
      }
    }
  }

  @Override
  public Entry peek() {
    EntryIterator top = heap.peek();
    return top == null ? null : top.peek();
  }

  @Override
  public Entry next() {
    EntryIterator top = heap.poll();
    if (top == null) {
      return null;
    }
    Entry e = top.next();
    if (top.peek() != null) {
      heap.add(top);
    }
    return e;
  }
}
