package io.rocklake.conformance.replay;

/** Where a replay connects. */
public record Endpoint(String host, int port) {
  @Override public String toString() {
    return host + ":" + port;
  }
}
