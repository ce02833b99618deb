package io.rocklake.conformance.replay;

/** A server to replay against, able to give each scenario a fresh database. */
public interface ReplayTarget extends AutoCloseable {

  /** Prepares a fresh, empty database named as the scenario's StartupMessage asks, and says where. */
  Endpoint prepare(String database);

  String describe();

  @Override void close();
}
