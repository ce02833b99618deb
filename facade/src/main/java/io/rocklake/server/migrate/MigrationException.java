package io.rocklake.server.migrate;

/** A migration that cannot go on, with a message that says why and what to do; the command exits 1. */
public final class MigrationException extends RuntimeException {
  public MigrationException(String message) {
    super(message);
  }

  public MigrationException(String message, Throwable cause) {
    super(message, cause);
  }
}
