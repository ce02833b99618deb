package io.rocklake.conformance.scale;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.replay.ReplayTarget;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Builds the same catalog at every scale in RockLake and in PostgreSQL, then times DuckDB's
 * operations on all of them in the same run: warm-up rounds first (untimed), then timed rounds,
 * each round every operation once on every catalog and server, the server that goes first
 * alternating from round to round so that neither profits from the other's cache. Every read's
 * row count must be the same on both servers, or the catalogs differ and the bench stops.
 */
public final class ScaleBench {
  /** The servers a scale's catalog is built in: a fresh one of each per catalog. */
  public record Servers(Supplier<ReplayTarget> rocklake, Supplier<ReplayTarget> postgres) {}

  private final List<CatalogScale> scales;
  private final int rounds;
  private final int warmup;
  private final int snapshotsPerTransaction;
  private final PrintStream progress;
  private final CapturedTraffic traffic;

  public ScaleBench(List<String> scales, int rounds, int warmup, int snapshotsPerTransaction, PrintStream progress) {
    if (rounds < 1 || warmup < 0 || snapshotsPerTransaction < 1) {
      throw new IllegalArgumentException("rounds and snapshots per transaction must be at least 1, warm-up rounds at least 0");
    }
    List<CatalogScale> all = new ArrayList<>(List.of(CatalogScale.fresh()));
    for (String s : scales) {
      CatalogScale scale = CatalogScale.parse(s);
      if (all.stream().noneMatch(a -> a.name().equals(scale.name()))) {
        all.add(scale);
      }
    }
    this.scales = List.copyOf(all);
    this.rounds = rounds;
    this.warmup = warmup;
    this.snapshotsPerTransaction = snapshotsPerTransaction;
    this.progress = progress;
    this.traffic = new CapturedTraffic(Corpus.locate());
  }

  /** One scale's catalog on both servers, with the generator that wrote it (and writes its commits). */
  private static final class Catalog implements AutoCloseable {
    final CatalogScale scale;
    final CatalogGenerator generator;
    final CatalogSide rocklake;
    final CatalogSide postgres;
    final int tableIndex;

    Catalog(CatalogScale scale, CatalogSide rocklake, CatalogSide postgres) {
      this.scale = scale;
      this.generator = new CatalogGenerator(scale);
      this.rocklake = rocklake;
      this.postgres = postgres;
      this.tableIndex = scale.tables() / 2;
    }

    CapturedTraffic.Rewrite rewrite() {
      return new CapturedTraffic.Rewrite(generator.latestSnapshot(), generator.tableId(tableIndex),
          generator.schemaVersionOf(tableIndex));
    }

    @Override public void close() {
      rocklake.close();
      postgres.close();
    }
  }

  public ScaleReport run(Servers servers) {
    List<Catalog> catalogs = new ArrayList<>();
    try {
      for (CatalogScale scale : scales) {
        Catalog c = new Catalog(scale, new CatalogSide("RockLake", servers.rocklake().get(), traffic),
            new CatalogSide("PostgreSQL", servers.postgres().get(), traffic));
        catalogs.add(c);
        build(c);
      }
      ScaleReport report = new ScaleReport(scales.stream().map(CatalogScale::name).toList());
      for (Catalog c : catalogs) {
        report.built(c.scale, c.rocklake.buildNanos, c.postgres.buildNanos);
      }
      for (int round = -warmup; round < rounds; round++) {
        progress.printf(Locale.ROOT, "scale-bench: %s round %d/%d%n", round < 0 ? "warm-up" : "timed",
            round < 0 ? round + warmup + 1 : round + 1, round < 0 ? warmup : rounds);
        boolean rocklakeFirst = Math.floorMod(round, 2) == 0;
        for (Catalog c : catalogs) {
          for (Operation op : Operation.values()) {
            Map<Side, Long> nanos = new EnumMap<>(Side.class);
            Map<Side, Long> rows = new EnumMap<>(Side.class);
            String commit = op == Operation.COMMIT ? c.generator.appendCommit(c.tableIndex) : null;
            CapturedTraffic.Rewrite rewrite = c.rewrite();
            for (Side side : rocklakeFirst ? List.of(Side.ROCKLAKE, Side.POSTGRES) : List.of(Side.POSTGRES, Side.ROCKLAKE)) {
              CatalogSide s = side == Side.ROCKLAKE ? c.rocklake : c.postgres;
              long start = System.nanoTime();
              rows.put(side, time(op, s, rewrite, commit));
              nanos.put(side, System.nanoTime() - start);
            }
            if (!rows.get(Side.ROCKLAKE).equals(rows.get(Side.POSTGRES))) {
              throw new IllegalStateException(String.format(Locale.ROOT,
                  "%s on %s: RockLake read %d rows, PostgreSQL %d: the two catalogs differ", op.label, c.scale.name(),
                  rows.get(Side.ROCKLAKE), rows.get(Side.POSTGRES)));
            }
            if (round >= 0) {
              report.measured(c.scale.name(), op, nanos.get(Side.ROCKLAKE), nanos.get(Side.POSTGRES), rows.get(Side.ROCKLAKE));
            }
          }
        }
      }
      return report;
    } finally {
      for (Catalog c : catalogs) {
        c.close();
      }
    }
  }

  enum Side { ROCKLAKE, POSTGRES }

  private long time(Operation op, CatalogSide s, CapturedTraffic.Rewrite rewrite, String commit) {
    return switch (op) {
      case ATTACH -> {
        try (WireSession fresh = s.connect()) {
          yield CatalogSide.run(fresh, traffic.attachAndFirstQuery(rewrite));
        }
      }
      case FILE_SCAN -> s.session().simple(traffic.tableFileScan(rewrite));
      case COMMIT -> {
        long rows = CatalogSide.run(s.session(), traffic.transactionStart());
        for (String read : traffic.tableStatsReads(rewrite)) {
          rows += s.session().simple(read);
        }
        s.session().simple(commit);
        s.session().simple("COMMIT");
        yield rows;
      }
      case CATALOG_LOAD -> CatalogSide.run(s.session(), traffic.catalogLoad(rewrite));
      case TABLE_STATS -> {
        long rows = 0;
        for (String read : traffic.tableStatsReads(rewrite)) {
          rows += s.session().simple(read);
        }
        yield rows;
      }
    };
  }

  /** Sends the generator's batches to both servers in turn, each batch its own transaction, timing each server. */
  private void build(Catalog c) {
    progress.printf(Locale.ROOT, "scale-bench: building %s on both servers, %d snapshots per transaction%n",
        c.scale, snapshotsPerTransaction);
    // progress every 10 s: the rate so far, and the last interval's, which shows how a server slows as the catalog grows
    long[] last = {System.nanoTime(), 0, 0, 0};
    c.generator.build(snapshotsPerTransaction, batch -> {
      for (CatalogSide s : List.of(c.rocklake, c.postgres)) {
        long start = System.nanoTime();
        s.session().simple(CatalogGenerator.BEGIN);
        s.session().simple(batch);
        s.session().simple("COMMIT");
        s.buildNanos += System.nanoTime() - start;
      }
      long done = c.generator.latestSnapshot();
      if (System.nanoTime() - last[0] > 10_000_000_000L) {
        progress.printf(Locale.ROOT, "scale-bench:   %s: %,d of %,d snapshots; RockLake %s (last %,d: %s), PostgreSQL %s (last: %s)%n",
            c.scale.name(), done, c.scale.snapshots(), rate(done, c.rocklake.buildNanos), done - last[1],
            rate(done - last[1], c.rocklake.buildNanos - last[2]), rate(done, c.postgres.buildNanos),
            rate(done - last[1], c.postgres.buildNanos - last[3]));
        last[0] = System.nanoTime();
        last[1] = done;
        last[2] = c.rocklake.buildNanos;
        last[3] = c.postgres.buildNanos;
      }
    });
    progress.printf(Locale.ROOT, "scale-bench: built %s: RockLake %.1f s (%s), PostgreSQL %.1f s (%s)%n", c.scale.name(),
        c.rocklake.buildNanos / 1e9, rate(c.scale.snapshots(), c.rocklake.buildNanos), c.postgres.buildNanos / 1e9,
        rate(c.scale.snapshots(), c.postgres.buildNanos));
  }

  static String rate(long snapshots, long nanos) {
    return String.format(Locale.ROOT, "%,.0f snapshots/s", snapshots / Math.max(nanos / 1e9, 1e-9));
  }
}
