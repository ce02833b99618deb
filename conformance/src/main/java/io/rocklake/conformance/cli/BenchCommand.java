package io.rocklake.conformance.cli;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import io.rocklake.conformance.pg.ThrowawayPostgres;
import io.rocklake.conformance.replay.Replayer;
import io.rocklake.conformance.replay.ReplayTarget;
import io.rocklake.conformance.replay.ScenarioResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Times DuckDB's own traffic: every scenario replayed R times against the target and the baseline
 * in the same run, after W untimed warm-up replays on each (one by default), alternating which goes
 * first each round so neither profits from a warmer cache. A JVM server needs many more replays
 * than one before its code is compiled; {@code --warmup} shows where it settles.
 * Only the replay is timed (not creating the scenario's database). Both servers keep their default
 * durability.
 */
@Command(name = "bench", description = "Replays each scenario R times against target and baseline; prints median times and ratios.")
final class BenchCommand implements Callable<Integer> {
  @Option(names = "--target", required = true, description = "postgres or HOST:PORT")
  String target;

  @Option(names = "--baseline", required = true, description = "postgres or HOST:PORT")
  String baseline;

  @Option(names = "--rounds", defaultValue = "5", description = "replays per scenario and server (default ${DEFAULT-VALUE})")
  int rounds;

  @Option(names = "--warmup", defaultValue = "1",
      description = "untimed replays per scenario and server before the timed rounds (default ${DEFAULT-VALUE})")
  int warmup;

  @Option(names = "--scenario", description = "bench only this scenario")
  String scenario;

  @Override public Integer call() {
    if (rounds < 1) {
      throw new IllegalArgumentException("--rounds must be at least 1");
    }
    if (warmup < 0) {
      throw new IllegalArgumentException("--warmup must not be negative");
    }
    Corpus corpus = Corpus.locate();
    List<String> names = scenario == null ? corpus.scenarioNames() : List.of(scenario);
    Replayer replayer = new Replayer();
    double targetTotal = 0;
    double baselineTotal = 0;
    int failures = 0;
    try (ReplayTarget t = Targets.open(target, ThrowawayPostgres.Durability.DEFAULT);
         ReplayTarget b = Targets.open(baseline, ThrowawayPostgres.Durability.DEFAULT)) {
      System.err.println("bench: target " + t.describe() + "; baseline " + b.describe() + "; " + warmup + " warm-up and " + rounds + " timed rounds");
      for (String name : names) {
        Scenario s = corpus.scenario(name);
        for (int i = 0; i < warmup; i++) {
          warmUp(s, replayer, t, b);
        }
        List<Double> tMs = new ArrayList<>();
        List<Double> bMs = new ArrayList<>();
        String failure = null;
        for (int round = 0; round < rounds && failure == null; round++) {
          System.err.printf("  %s round %d/%d%n", name, round + 1, rounds);
          boolean targetFirst = round % 2 == 0;
          for (ReplayTarget side : targetFirst ? List.of(t, b) : List.of(b, t)) {
            ScenarioResult r = replayer.replay(s, side.prepare(s.database()));
            if (!r.passed()) {
              failure = (side == t ? "target" : "baseline") + " diverged: " + r.divergence().get().oneLine();
              break;
            }
            (side == t ? tMs : bMs).add(r.elapsed().toNanos() / 1e6);
          }
        }
        if (failure != null) {
          failures++;
          System.out.println("bench " + name + " FAIL " + failure);
          continue;
        }
        double tm = median(tMs);
        double bm = median(bMs);
        targetTotal += tm;
        baselineTotal += bm;
        System.out.println(String.format(Locale.ROOT, "bench %s target_ms=%.1f baseline_ms=%.1f ratio=%.2f",
            name, tm, bm, tm / bm));
      }
    }
    System.out.println(String.format(Locale.ROOT, "bench total target_ms=%.1f baseline_ms=%.1f ratio=%.2f",
        targetTotal, baselineTotal, baselineTotal == 0 ? Double.NaN : targetTotal / baselineTotal));
    return failures == 0 ? 0 : 1;
  }

  private static void warmUp(Scenario s, Replayer replayer, ReplayTarget t, ReplayTarget b) {
    replayer.replay(s, t.prepare(s.database()));
    replayer.replay(s, b.prepare(s.database()));
  }

  static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(null);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
