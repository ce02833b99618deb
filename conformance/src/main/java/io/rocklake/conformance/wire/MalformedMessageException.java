package io.rocklake.conformance.wire;

/** A protocol message whose bytes do not follow its documented layout. */
public final class MalformedMessageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public MalformedMessageException(String message) {
    super(message);
  }
}
