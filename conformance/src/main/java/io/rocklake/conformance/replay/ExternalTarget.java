package io.rocklake.conformance.replay;

import io.rocklake.conformance.pg.SimpleQueryClient;

/**
 * A server someone else runs, at HOST:PORT. Before each scenario the harness drops and recreates
 * the scenario's database through the {@code postgres} database with trust authentication; the
 * server must allow that.
 */
public final class ExternalTarget implements ReplayTarget {
  private final Endpoint endpoint;

  public ExternalTarget(Endpoint endpoint) {
    this.endpoint = endpoint;
  }

  public static ExternalTarget parse(String hostPort) {
    int colon = hostPort.lastIndexOf(':');
    if (colon <= 0 || colon == hostPort.length() - 1) {
      throw new IllegalArgumentException("target must be 'postgres' or HOST:PORT, got \"" + hostPort + "\"");
    }
    try {
      return new ExternalTarget(new Endpoint(hostPort.substring(0, colon),
          Integer.parseInt(hostPort.substring(colon + 1))));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("port in \"" + hostPort + "\" is not a number", e);
    }
  }

  @Override public Endpoint prepare(String database) {
    SimpleQueryClient.recreateDatabase(endpoint.host(), endpoint.port(), database, false);
    return endpoint;
  }

  @Override public String describe() {
    return "server at " + endpoint;
  }

  @Override public void close() {
    // not ours to stop
  }
}
