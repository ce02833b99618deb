package io.rocklake.kv.store;

import java.io.IOException;

/**
 * An object store call failed; whether a failed put landed is unknown to the caller. Carries the
 * {@link StoreFailureReason} so callers can tell a full disk from a revoked permission.
 */
public class ObjectStoreException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final StoreFailureReason reason;

  public ObjectStoreException(String message) {
    this(message, StoreFailureReason.OTHER, null);
  }

  public ObjectStoreException(String message, Throwable cause) {
    this(message, StoreFailureReason.OTHER, cause);
  }

  public ObjectStoreException(String message, StoreFailureReason reason, Throwable cause) {
    super(message, cause);
    this.reason = reason;
  }

  /** "{@code what}: {@code strerror}", PostgreSQL's shape for a failed file operation. */
  public static ObjectStoreException of(String what, IOException cause) {
    return new ObjectStoreException(what + ": " + StoreFailureReason.osCauseText(cause),
        StoreFailureReason.of(cause), cause);
  }

  public StoreFailureReason reason() {
    return reason;
  }
}
