package io.rocklake.kv;

/** Base of the kv-store's own failures. */
public class KvException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public KvException(String message) {
    super(message);
  }

  public KvException(String message, Throwable cause) {
    super(message, cause);
  }
}
