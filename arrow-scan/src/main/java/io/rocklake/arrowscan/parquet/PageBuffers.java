package io.rocklake.arrowscan.parquet;

/**
 * The arrays decompressed pages of one file are written into, reused: a reader done with a page's array
 * hands it back, and a later page (of any column) decompresses into it. DuckDB writes pages of about
 * 1 MB; a new array per page costs zeroing it and, being over half a G1 region, a humongous allocation:
 * about a tenth of the time a snappy page takes to decompress. Arrays nobody hands back (dictionary
 * pages, the pages of parquet's ColumnReader path) are simply left to the garbage collector. Used by the
 * one thread that reads the file.
 */
final class PageBuffers {
  /** Enough for a few columns read in turn; more would only hold memory. */
  private static final int KEPT = 4;

  private final byte[][] free = new byte[KEPT][];
  private int count;

  /** An array of at least {@code size} bytes, its contents undefined. */
  byte[] take(int size) {
    int best = -1;
    for (int i = 0; i < count; i++) {
      if (free[i].length >= size && (best < 0 || free[i].length < free[best].length)) {
        best = i;
      }
    }
    if (best < 0) {
      return new byte[size];
    }
    byte[] a = free[best];
    free[best] = free[--count];
    free[count] = null;
    return a;
  }

  /** Hands back an array from {@link #take} that nothing refers to any more. */
  void giveBack(byte[] a) {
    if (count < KEPT) {
      free[count++] = a;
      return;
    }
    int smallest = 0;
    for (int i = 1; i < count; i++) {
      if (free[i].length < free[smallest].length) {
        smallest = i;
      }
    }
    if (free[smallest].length < a.length) {
      free[smallest] = a;
    }
  }
}
