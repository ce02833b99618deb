package io.rocklake.arrowscan;

import java.util.Arrays;
import java.util.Collection;

/**
 * The physical positions of a data file's rows that DuckLake deleted in the catalog
 * ({@code ducklake_inlined_delete_<table_id>}: {@code file_id, row_id, begin_snapshot}, where
 * {@code row_id} is the row's position in the file) rather than with a delete file, as far as they are
 * visible at the plan's snapshot. They are removed together with those of the file's delete file.
 * Ascending, each once; immutable.
 */
public final class InlinedDeletions {
  private static final InlinedDeletions NONE = new InlinedDeletions(new long[0]);

  private final long[] positions;

  private InlinedDeletions(long[] positions) {
    this.positions = positions;
  }

  /** No deletions. */
  public static InlinedDeletions none() {
    return NONE;
  }

  /** These positions, in any order, repeats allowed. */
  public static InlinedDeletions of(long... positions) {
    long[] sorted = positions.clone();
    Arrays.sort(sorted);
    int u = 0;
    for (long p : sorted) {
      if (p < 0) {
        throw new IllegalArgumentException("negative position " + p + " among the inlined deletions");
      }
      if (u == 0 || sorted[u - 1] != p) {
        sorted[u++] = p;
      }
    }
    return u == 0 ? NONE : new InlinedDeletions(Arrays.copyOf(sorted, u));
  }

  /** These positions, in any order, repeats allowed. */
  public static InlinedDeletions of(Collection<Long> positions) {
    return of(positions.stream().mapToLong(Long::longValue).toArray());
  }

  /** The positions, ascending, each once (a copy). */
  public long[] positions() {
    return positions.clone();
  }

  public int size() {
    return positions.length;
  }

  public boolean isEmpty() {
    return positions.length == 0;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof InlinedDeletions other && Arrays.equals(positions, other.positions);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(positions);
  }

  @Override
  public String toString() {
    return "InlinedDeletions" + Arrays.toString(positions);
  }
}
