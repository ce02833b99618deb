package io.rocklake.catalog;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.BitSet;

/**
 * What a read tells the catalog about the rows it wants, in the only terms the access paths use:
 * inclusive ranges on integer columns and {@code IS NULL} tests, all ANDed. Both of the engine's
 * read paths (DuckDB's direct scans and Calcite's plans) translate their predicates into this, and
 * {@link CatalogTransaction#scan(RelationDef, ScanBounds)} picks the access path from it.
 *
 * <p>Bounds only narrow: a predicate that cannot be stated here (a comparison with a non-integral
 * value, an OR, a function) is simply not added, and the caller evaluates its whole predicate on the
 * rows returned, which is why a conservative translation is always correct.
 */
public final class ScanBounds {
  /** A comparison of a column with a value, written {@code column op value}. */
  public enum Comparison {
    EQUAL, LESS, LESS_OR_EQUAL, GREATER, GREATER_OR_EQUAL;

    /** The comparison with its operands swapped: {@code value op column} is {@code column op.reversed() value}. */
    public Comparison reversed() {
      switch (this) {
        case LESS: return GREATER;
        case LESS_OR_EQUAL: return GREATER_OR_EQUAL;
        case GREATER: return LESS;
        case GREATER_OR_EQUAL: return LESS_OR_EQUAL;
        default: return this;
      }
    }
  }

  private final RelationDef relation;
  private final long[] low;
  private final long[] high;
  private final BitSet bounded = new BitSet();
  private final BitSet isNull = new BitSet();
  /** Columns limited to a set of values ({@code IN (…)}), each set sorted and within the column's range. */
  private final long[][] points;
  private boolean contradictory;

  private ScanBounds(RelationDef relation) {
    this.relation = relation;
    int n = relation.columns().size();
    this.low = new long[n];
    this.high = new long[n];
    this.points = new long[n][];
  }

  /** No bounds: every row of the relation. */
  public static ScanBounds all(RelationDef relation) {
    return new ScanBounds(relation);
  }

  public RelationDef relation() {
    return relation;
  }

  /**
   * Adds {@code column op value} if the column is an integer column and the value an integer (a
   * number without a fraction, or a string that is one, as PostgreSQL reads {@code '5'}); otherwise
   * adds nothing. Returns whether it was added.
   */
  public boolean compare(int column, Comparison op, Object value) {
    if (column < 0 || column >= low.length || !isIntegerColumn(column)) {
      return false;
    }
    Long v = integral(value);
    if (v == null) {
      return false;
    }
    long k = v;
    switch (op) {
      case EQUAL: narrow(column, k, k); break;
      case LESS: if (k == Long.MIN_VALUE) contradictory = true; else narrow(column, Long.MIN_VALUE, k - 1); break;
      case LESS_OR_EQUAL: narrow(column, Long.MIN_VALUE, k); break;
      case GREATER: if (k == Long.MAX_VALUE) contradictory = true; else narrow(column, k + 1, Long.MAX_VALUE); break;
      case GREATER_OR_EQUAL: narrow(column, k, Long.MAX_VALUE); break;
      default: throw new AssertionError(op);
    }
    return true;
  }

  /**
   * Adds {@code column IN (values)} if the column is an integer column and every value an integer;
   * otherwise adds nothing. Returns whether it was added.
   */
  public boolean in(int column, java.util.List<?> values) {
    if (column < 0 || column >= low.length || !isIntegerColumn(column) || values.isEmpty()) {
      return false;
    }
    java.util.TreeSet<Long> set = new java.util.TreeSet<>();
    for (Object v : values) {
      Long k = integral(v);
      if (k == null) {
        return false;
      }
      set.add(k);
    }
    long[] given = points[column];
    if (given != null) {
      set.retainAll(java.util.Arrays.stream(given).boxed().toList());
    }
    if (set.isEmpty()) {
      contradictory = true;
      return true;
    }
    points[column] = set.stream().mapToLong(Long::longValue).toArray();
    narrow(column, set.first(), set.last());
    return true;
  }

  /** Adds {@code column IS NULL}. */
  public void isNull(int column) {
    isNull.set(column);
  }

  private void narrow(int column, long lo, long hi) {
    if (bounded.get(column)) {
      lo = Math.max(lo, low[column]);
      hi = Math.min(hi, high[column]);
    }
    bounded.set(column);
    low[column] = lo;
    high[column] = hi;
    if (lo > hi) {
      contradictory = true;
    }
  }

  private boolean isIntegerColumn(int column) {
    switch (relation.columns().get(column).type()) {
      case BIGINT: case INTEGER: case SMALLINT: return true;
      default: return false;
    }
  }

  /** The value as a long if it is exactly an integer, else null. */
  public static Long integral(Object v) {
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return ((Number) v).longValue();
    }
    try {
      if (v instanceof BigDecimal d) {
        return d.longValueExact();
      }
      if (v instanceof String s) {
        return Long.parseLong(s);
      }
    } catch (ArithmeticException | NumberFormatException notAnInteger) {
      return null;
    }
    return null;
  }

  /** Whether the bounds admit no row at all ({@code x = 1 AND x = 2}). */
  public boolean isContradictory() {
    return contradictory;
  }

  /** The inclusive range on a column ({@code [low, high]}), or null when the column is unbounded. */
  public long[] range(int column) {
    return bounded.get(column) ? new long[] {low[column], high[column]} : null;
  }

  /**
   * The values a column must take (an equality or an IN list), ascending and within its range, or
   * null when it may take any value in its range.
   */
  public long[] points(int column) {
    if (!bounded.get(column)) {
      return null;
    }
    if (low[column] == high[column]) {
      return new long[] {low[column]};
    }
    long[] set = points[column];
    return set == null ? null
        : java.util.Arrays.stream(set).filter(v -> v >= low[column] && v <= high[column]).toArray();
  }

  public boolean requiresNull(int column) {
    return isNull.get(column);
  }

  /** Whether a row satisfies every bound: what the access paths' results are filtered by. */
  public boolean admits(Object[] values) {
    if (contradictory) {
      return false;
    }
    for (int c = isNull.nextSetBit(0); c >= 0; c = isNull.nextSetBit(c + 1)) {
      if (values[c] != null) {
        return false;
      }
    }
    for (int c = bounded.nextSetBit(0); c >= 0; c = bounded.nextSetBit(c + 1)) {
      if (!(values[c] instanceof Number n) || n.longValue() < low[c] || n.longValue() > high[c]) {
        return false;
      }
      long[] set = points[c];
      if (set != null && java.util.Arrays.binarySearch(set, n.longValue()) < 0) {
        return false;
      }
    }
    return true;
  }

  @Override public String toString() {
    StringBuilder sb = new StringBuilder(relation.name()).append(contradictory ? " (no rows)" : "");
    for (int c = bounded.nextSetBit(0); c >= 0; c = bounded.nextSetBit(c + 1)) {
      sb.append(' ').append(relation.columns().get(c).name()).append(" in ")
          .append(Arrays.toString(new long[] {low[c], high[c]}));
    }
    for (int c = isNull.nextSetBit(0); c >= 0; c = isNull.nextSetBit(c + 1)) {
      sb.append(' ').append(relation.columns().get(c).name()).append(" is null");
    }
    return sb.toString();
  }
}
