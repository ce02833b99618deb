package io.rocklake.kv.store;

/** An object store call failed; whether a failed put landed is unknown to the caller. */
public class ObjectStoreException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ObjectStoreException(String message) {
    super(message);
  }

  public ObjectStoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
