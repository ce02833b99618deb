package io.rocklake.catalog.lake;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;

/**
 * Ranges of integer columns a query's filter confines its rows to ({@code id BETWEEN 10 AND 20},
 * {@code k = 5}), by {@code column_id}: a data file whose {@code ducklake_file_column_stats} show all
 * of a column's values outside its range holds no row the query keeps, and is not read. Safe by
 * construction: a file without statistics for the column, or with a bound that is not an integer
 * (a NULL, text DuckDB never writes for an integer column), is kept; only integer columns are ever
 * given a range, so no string or float ordering question arises.
 */
public final class FileRanges {
  /** No ranges: every file is read. */
  public static final FileRanges NONE = new FileRanges(Map.of());

  private final Map<Long, long[]> ranges;

  private FileRanges(Map<Long, long[]> ranges) {
    this.ranges = ranges;
  }

  /** Builds ranges column by column. */
  public static final class Builder {
    private final Map<Long, long[]> ranges = new HashMap<>();

    /** The column's values lie in {@code [low, high]} (inclusive) for every row the query keeps. */
    public Builder range(long columnId, long low, long high) {
      ranges.merge(columnId, new long[] {low, high},
          (a, b) -> new long[] {Math.max(a[0], b[0]), Math.min(a[1], b[1])});
      return this;
    }

    public FileRanges build() {
      return ranges.isEmpty() ? NONE : new FileRanges(Map.copyOf(ranges));
    }
  }

  public static Builder builder() {
    return new Builder();
  }

  boolean isEmpty() {
    return ranges.isEmpty();
  }

  /** The range of a column, or null when the filter does not confine it. */
  long[] bounds(long columnId) {
    return ranges.get(columnId);
  }

  /** True when a file with these statistics ({@code column_id → [min_value, max_value]}) holds no row in the ranges. */
  boolean excludes(Map<Long, String[]> stats) {
    for (Map.Entry<Long, long[]> e : ranges.entrySet()) {
      String[] minMax = stats.get(e.getKey());
      if (minMax == null) {
        continue;
      }
      BigInteger min = integer(minMax[0]);
      BigInteger max = integer(minMax[1]);
      long[] range = e.getValue();
      if (max != null && max.compareTo(BigInteger.valueOf(range[0])) < 0
          || min != null && min.compareTo(BigInteger.valueOf(range[1])) > 0) {
        return true;
      }
    }
    return false;
  }

  private static BigInteger integer(String text) {
    if (text == null) {
      return null;
    }
    try {
      return new BigInteger(text.trim());
    } catch (NumberFormatException notAnInteger) {
      return null;
    }
  }

  @Override public String toString() {
    StringBuilder b = new StringBuilder("FileRanges{");
    ranges.forEach((id, r) -> b.append(id).append(": [").append(r[0]).append(", ").append(r[1]).append("] "));
    return b.append('}').toString();
  }
}
