package io.rocklake.conformance.compare;

import java.util.HashMap;
import java.util.Map;

/**
 * A one-to-one correspondence between values in the capture and values from the target, learned as
 * they appear: the same captured value must always meet the same target value and vice versa. Used
 * for values the server chooses (object OIDs, row locators), whose numbers may differ but whose
 * identity must not.
 */
class ConsistentMapping<T> {
  private final String what;
  private final Map<T, T> forward = new HashMap<>();
  private final Map<T, T> backward = new HashMap<>();

  ConsistentMapping(String what) {
    this.what = what;
  }

  /** The target value a captured value has met, if it has met one. */
  java.util.Optional<T> target(T expected) {
    return java.util.Optional.ofNullable(forward.get(expected));
  }

  /** True when some captured value has already met this target value. */
  boolean hasTarget(T actual) {
    return backward.containsKey(actual);
  }

  /** Records that {@code expected} corresponds to {@code actual}, or fails if that contradicts earlier pairs. */
  void learn(T expected, T actual) {
    T known = forward.get(expected);
    if (known != null && !known.equals(actual)) {
      throw new DivergenceException(what + " " + expected + " was answered as " + known
          + " before, now as " + actual, expected + " -> " + known, expected + " -> " + actual);
    }
    T knownBack = backward.get(actual);
    if (knownBack != null && !knownBack.equals(expected)) {
      throw new DivergenceException("two different " + what + "s (" + knownBack + ", " + expected
          + ") were both answered as " + actual, knownBack + " != " + expected, actual);
    }
    checkOrder(expected, actual);
    forward.put(expected, actual);
    backward.put(actual, expected);
  }

  void checkOrder(T expected, T actual) {
    // plain mappings have no order to keep
  }

  int size() {
    return forward.size();
  }
}
