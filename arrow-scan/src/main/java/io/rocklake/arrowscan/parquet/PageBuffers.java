package io.rocklake.arrowscan.parquet;

import java.util.ArrayList;
import java.util.List;

/**
 * The arrays decompressed pages of one file are written into, reused: a reader done with a page's array
 * hands it back, and a later page (of any column) decompresses into it. DuckDB writes pages of about
 * 1 MB; a new array per page costs zeroing it and, being over half a G1 region, a humongous allocation:
 * about a tenth of the time a snappy page takes to decompress. Arrays nobody hands back (dictionary
 * pages, the pages of parquet's ColumnReader path) are simply left to the garbage collector. Used by the
 * one thread that reads the file.
 *
 * <p>Not bounded: it never holds more arrays than were in use at once (a row group of a wide table has
 * a page of each column in use until its last row), so keeping them adds nothing to the scan's peak.
 */
final class PageBuffers {
  private final List<byte[]> free = new ArrayList<>();

  /** An array of at least {@code size} bytes, its contents undefined: the smallest free one that fits. */
  byte[] take(int size) {
    int best = -1;
    for (int i = 0; i < free.size(); i++) {
      int length = free.get(i).length;
      if (length >= size && (best < 0 || length < free.get(best).length)) {
        best = i;
      }
    }
    if (best < 0) {
      // None fits: one too small is dropped for the new array, so that growing pages do not grow the list.
      if (!free.isEmpty()) {
        remove(free.size() - 1);
      }
      return new byte[size];
    }
    return remove(best);
  }

  private byte[] remove(int i) {
    byte[] a = free.get(i);
    free.set(i, free.get(free.size() - 1));
    free.remove(free.size() - 1);
    return a;
  }

  /** Hands back an array from {@link #take} that nothing refers to any more. */
  void giveBack(byte[] a) {
    free.add(a);
  }
}
