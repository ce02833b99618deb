package io.rocklake.conformance.compare;

/** Thrown inside the comparator to stop at the first divergence; carries it out. */
final class DivergenceException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  final transient Divergence divergence;

  DivergenceException(String reason, Object expected, Object actual) {
    super(reason, null, false, false);
    this.divergence = new Divergence(-1, -1, null, reason, String.valueOf(expected), String.valueOf(actual));
  }
}
