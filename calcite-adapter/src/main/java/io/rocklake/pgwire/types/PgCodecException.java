package io.rocklake.pgwire.types;

/** A value's wire bytes or text could not be decoded: the message says which type and why. */
public final class PgCodecException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public PgCodecException(String message) {
    super(message);
  }

  public PgCodecException(String message, Throwable cause) {
    super(message, cause);
  }

  static void checkLength(String type, byte[] bytes, int expected) {
    if (bytes.length != expected) {
      throw new PgCodecException(
          type + " needs " + expected + " bytes in binary form, got " + bytes.length);
    }
  }
}
