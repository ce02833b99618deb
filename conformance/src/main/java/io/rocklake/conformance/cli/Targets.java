package io.rocklake.conformance.cli;

import io.rocklake.conformance.pg.ThrowawayPostgres;
import io.rocklake.conformance.replay.ExternalTarget;
import io.rocklake.conformance.replay.LaunchedRockLakeTarget;
import io.rocklake.conformance.replay.PostgresTarget;
import io.rocklake.conformance.replay.ReplayTarget;
import io.rocklake.conformance.replay.RockLakeTarget;

/** Turns a {@code --target}/{@code --baseline} value into a server to replay against. */
final class Targets {
  private Targets() {}

  static ReplayTarget open(String spec, ThrowawayPostgres.Durability durability) {
    if (spec.equals("postgres")) {
      return new PostgresTarget(durability);
    }
    if (spec.equals("rocklake")) {
      return new RockLakeTarget();
    }
    if (spec.equals("launched")) {
      return new LaunchedRockLakeTarget();
    }
    return ExternalTarget.parse(spec);
  }
}
