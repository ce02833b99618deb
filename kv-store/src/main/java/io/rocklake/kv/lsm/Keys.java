package io.rocklake.kv.lsm;

import java.util.Arrays;
import java.util.Comparator;

/** Key order: unsigned lexicographic bytes; versions of one key newest first. */
public final class Keys {
  private Keys() {}

  public static final Comparator<byte[]> USER_ORDER = Arrays::compareUnsigned;

  public static final Comparator<Entry> INTERNAL_ORDER =
      (a, b) -> {
        int c = Arrays.compareUnsigned(a.key(), b.key());
        return c != 0 ? c : Long.compare(b.seq(), a.seq());
      };

  /**
   * The exact reverse of {@link #INTERNAL_ORDER} (key descending, versions of one key oldest first):
   * the order descending scans read sources in, each source simply walked backwards.
   */
  public static final Comparator<Entry> DESCENDING_ORDER = INTERNAL_ORDER.reversed();

  public static int compare(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b);
  }

  /** The smallest key greater than every key starting with {@code prefix}, or null if there is none. */
  public static byte[] prefixEnd(byte[] prefix) {
    byte[] end = prefix.clone();
    for (int i = end.length - 1; i >= 0; i--) {
      if ((end[i] & 0xff) != 0xff) {
        end[i]++;
        return Arrays.copyOf(end, i + 1);
      }
    }
    return null;
  }
}
