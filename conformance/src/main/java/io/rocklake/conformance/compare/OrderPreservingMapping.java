package io.rocklake.conformance.compare;

import java.util.Map;
import java.util.TreeMap;

/**
 * A {@link ConsistentMapping} that must also keep order: if one captured value is earlier than
 * another, the target's values must be too. That is the check for {@code NOW()}-derived timestamps:
 * their values differ run to run, their type and relative order must not.
 */
final class OrderPreservingMapping<T extends Comparable<T>> extends ConsistentMapping<T> {
  private final String what;
  private final TreeMap<T, T> sorted = new TreeMap<>();

  OrderPreservingMapping(String what) {
    super(what);
    this.what = what;
  }

  @Override void checkOrder(T expected, T actual) {
    Map.Entry<T, T> lower = sorted.lowerEntry(expected);
    Map.Entry<T, T> higher = sorted.higherEntry(expected);
    if (lower != null && lower.getValue().compareTo(actual) >= 0) {
      throw new DivergenceException(what + " order differs: captured " + lower.getKey() + " < " + expected
          + " but target " + lower.getValue() + " >= " + actual, lower.getKey() + " < " + expected,
          lower.getValue() + " >= " + actual);
    }
    if (higher != null && higher.getValue().compareTo(actual) <= 0) {
      throw new DivergenceException(what + " order differs: captured " + expected + " < " + higher.getKey()
          + " but target " + actual + " >= " + higher.getValue(), expected + " < " + higher.getKey(),
          actual + " >= " + higher.getValue());
    }
    sorted.put(expected, actual);
  }
}
