package io.rocklake.conformance.cli;

import io.rocklake.conformance.pg.ThrowawayPostgres;
import io.rocklake.conformance.replay.LaunchedRockLakeTarget;
import io.rocklake.conformance.replay.PostgresTarget;
import io.rocklake.conformance.scale.ScaleBench;
import io.rocklake.conformance.scale.ScaleReport;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code scale-bench}: the same large DuckLake catalog built in RockLake ({@code bin/rocklake serve})
 * and in a throwaway PostgreSQL 15 (default durability), a fresh catalog of four tables beside it,
 * then DuckDB's ATTACH, table scan, commit and SHOW ALL TABLES reads timed on all of them in one
 * run. A benchmark that prints what it measured, not a test: it fails only if a server refuses a
 * statement or the two catalogs answer different rows.
 */
@Command(name = "scale-bench", mixinStandardHelpOptions = true,
    description = "Builds the same large catalog in RockLake and PostgreSQL; times DuckDB's operations on it against a fresh catalog.")
final class ScaleBenchCommand implements Callable<Integer> {
  @Option(names = "--scales", split = ",", defaultValue = "1k",
      description = "catalog sizes in tables, each with 10 snapshots and 100 data-file rows per table: 1k, 10k, 100k, ..."
          + " (default ${DEFAULT-VALUE}; the fresh catalog of 4 tables is always built)")
  List<String> scales;

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(names = "--rounds", defaultValue = "5", description = "timed rounds, each every operation once per catalog and server (default ${DEFAULT-VALUE})")
  int rounds;

  @Option(names = "--warmup", defaultValue = "3", description = "untimed rounds before them (default ${DEFAULT-VALUE})")
  int warmup;

  @Option(names = "--snapshots-per-transaction", defaultValue = "100",
      description = "commit batches sent per build transaction (default ${DEFAULT-VALUE})")
  int snapshotsPerTransaction;

  @Option(names = "--postgres-only",
      description = "build and time PostgreSQL alone: its growth at scales RockLake cannot yet be built at in reasonable time")
  boolean postgresOnly;

  @Option(names = "--rocklake-only",
      description = "build and time RockLake alone: its growth at scales PostgreSQL cannot be built at in reasonable time")
  boolean rocklakeOnly;

  @Override public Integer call() {
    if (postgresOnly && rocklakeOnly) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--postgres-only and --rocklake-only exclude each other");
    }
    ScaleBench bench = new ScaleBench(scales, rounds, warmup, snapshotsPerTransaction, System.err);
    ScaleReport report = bench.run(new ScaleBench.Servers(postgresOnly ? null : LaunchedRockLakeTarget::new,
        rocklakeOnly ? null : () -> new PostgresTarget(ThrowawayPostgres.Durability.DEFAULT)));
    report.print(System.out);
    return 0;
  }
}
