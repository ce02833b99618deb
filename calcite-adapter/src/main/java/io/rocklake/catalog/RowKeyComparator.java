package io.rocklake.catalog;

import java.util.Arrays;
import java.util.Comparator;

/** Unsigned lexicographic byte order: the order of keys in the kv-store. */
final class RowKeyComparator implements Comparator<byte[]> {
  static final RowKeyComparator INSTANCE = new RowKeyComparator();

  @Override public int compare(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b);
  }
}
