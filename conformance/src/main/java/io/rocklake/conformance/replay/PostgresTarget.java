package io.rocklake.conformance.replay;

import io.rocklake.conformance.pg.ThrowawayPostgres;

/** A throwaway PostgreSQL 15 started for this run: the reference every capture was made against. */
public final class PostgresTarget implements ReplayTarget {
  private final ThrowawayPostgres pg;
  private final ThrowawayPostgres.Durability durability;

  public PostgresTarget(ThrowawayPostgres.Durability durability) {
    this.durability = durability;
    this.pg = ThrowawayPostgres.start(durability);
  }

  @Override public Endpoint prepare(String database) {
    pg.recreateDatabase(database);
    return new Endpoint(pg.host(), pg.port());
  }

  public String serverLog() {
    return pg.log();
  }

  @Override public String describe() {
    return "throwaway PostgreSQL 15 on " + pg.host() + ":" + pg.port()
        + (durability == ThrowawayPostgres.Durability.RELAXED ? " (fsync off)" : " (default durability)");
  }

  @Override public void close() {
    pg.close();
  }
}
