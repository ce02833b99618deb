package io.rocklake.conformance.scale;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.replay.ReplayTarget;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
  /**
   * The servers a scale's catalog is built in: a fresh one of each per catalog. Without one of them
   * ({@code null}) only the other is built and timed: its growth at a scale the other cannot be built
   * at in reasonable time.
   */
  public record Servers(Supplier<ReplayTarget> rocklake, Supplier<ReplayTarget> postgres) {}

  static final String ROCKLAKE = "RockLake";
  static final String POSTGRES = "PostgreSQL";

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

  /** One scale's catalog on each server, with the generator that wrote it (and writes its commits). */
  private static final class Catalog implements AutoCloseable {
    final CatalogScale scale;
    final CatalogGenerator generator;
    final List<CatalogSide> sides = new ArrayList<>();
    final int tableIndex;

    Catalog(CatalogScale scale) {
      this.scale = scale;
      this.generator = new CatalogGenerator(scale);
      this.tableIndex = scale.tables() / 2;
    }

    CapturedTraffic.Rewrite rewrite() {
      return new CapturedTraffic.Rewrite(generator.latestSnapshot(), generator.tableId(tableIndex),
          generator.schemaVersionOf(tableIndex));
    }

    @Override public void close() {
      sides.forEach(CatalogSide::close);
    }
  }

  public ScaleReport run(Servers servers) {
    List<String> names = servers.rocklake() == null ? List.of(POSTGRES)
        : servers.postgres() == null ? List.of(ROCKLAKE) : List.of(ROCKLAKE, POSTGRES);
    List<Catalog> catalogs = new ArrayList<>();
    try {
      for (CatalogScale scale : scales) {
        Catalog c = new Catalog(scale);
        catalogs.add(c);
        for (String name : names) {
          c.sides.add(new CatalogSide(name, (name.equals(ROCKLAKE) ? servers.rocklake() : servers.postgres()).get(), traffic));
        }
        build(c);
      }
      ScaleReport report = new ScaleReport(scales.stream().map(CatalogScale::name).toList(), names);
      for (Catalog c : catalogs) {
        for (CatalogSide side : c.sides) {
          report.built(c.scale, side.server, side.buildNanos);
        }
      }
      for (int round = -warmup; round < rounds; round++) {
        progress.printf(Locale.ROOT, "scale-bench: %s round %d/%d%n", round < 0 ? "warm-up" : "timed",
            round < 0 ? round + warmup + 1 : round + 1, round < 0 ? warmup : rounds);
        for (Catalog c : catalogs) {
          List<CatalogSide> order = new ArrayList<>(c.sides);
          if (Math.floorMod(round, 2) == 1) {
            java.util.Collections.reverse(order); // the server that goes first alternates
          }
          for (Operation op : Operation.values()) {
            String commit = op == Operation.COMMIT ? c.generator.appendCommit(c.tableIndex) : null;
            CapturedTraffic.Rewrite rewrite = c.rewrite();
            Map<String, Long> rows = new LinkedHashMap<>();
            for (CatalogSide s : order) {
              long start = System.nanoTime();
              long read = time(op, s, rewrite, commit);
              long took = System.nanoTime() - start;
              rows.put(s.server, read);
              if (round >= 0) {
                report.measured(c.scale.name(), op, s.server, took, read);
              }
            }
            if (rows.values().stream().distinct().count() > 1) {
              throw new IllegalStateException(String.format(Locale.ROOT,
                  "%s on %s read different row counts %s: the catalogs differ", op.label, c.scale.name(), rows));
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

  /** Sends the generator's batches to every server in turn, each batch its own transaction, timing each server. */
  private void build(Catalog c) {
    progress.printf(Locale.ROOT, "scale-bench: building %s on %d server(s), %d snapshots per transaction%n",
        c.scale, c.sides.size(), snapshotsPerTransaction);
    // progress every 10 s: the rate so far, and the last interval's, which shows how a server slows as the catalog grows
    long[] last = {System.nanoTime(), 0};
    Map<String, Long> lastNanos = new LinkedHashMap<>();
    c.generator.build(snapshotsPerTransaction, batch -> {
      for (CatalogSide s : c.sides) {
        long start = System.nanoTime();
        s.session().simple(CatalogGenerator.BEGIN);
        s.session().simple(batch);
        s.session().simple("COMMIT");
        s.buildNanos += System.nanoTime() - start;
      }
      long done = c.generator.latestSnapshot();
      if (System.nanoTime() - last[0] > 10_000_000_000L) {
        List<String> parts = new ArrayList<>();
        for (CatalogSide s : c.sides) {
          parts.add(String.format(Locale.ROOT, "%s %s (last %,d: %s)", s.server, rate(done, s.buildNanos), done - last[1],
              rate(done - last[1], s.buildNanos - lastNanos.getOrDefault(s.server, 0L))));
          lastNanos.put(s.server, s.buildNanos);
        }
        progress.printf(Locale.ROOT, "scale-bench:   %s: %,d of %,d snapshots; %s%n", c.scale.name(), done,
            c.scale.snapshots(), String.join("; ", parts));
        last[0] = System.nanoTime();
        last[1] = done;
      }
    });
    for (CatalogSide s : c.sides) {
      progress.printf(Locale.ROOT, "scale-bench: built %s on %s in %.1f s (%s)%n", c.scale.name(), s.server,
          s.buildNanos / 1e9, rate(c.scale.snapshots(), s.buildNanos));
    }
  }

  static String rate(long snapshots, long nanos) {
    return String.format(Locale.ROOT, "%,.0f snapshots/s", snapshots / Math.max(nanos / 1e9, 1e-9));
  }
}
