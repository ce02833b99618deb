package io.rocklake.server.ops;

/** A problem an operator's command found (no catalog there, nothing of DuckLake's in it): exit status 1, its message on stderr. */
final class OpsException extends RuntimeException {
  OpsException(String message) {
    super(message);
  }
}
