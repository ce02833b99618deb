package io.rocklake.conformance.cli;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import io.rocklake.conformance.pg.ThrowawayPostgres;
import io.rocklake.conformance.replay.LaunchedRockLakeTarget;
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
 * in the same run, alternating which goes first each round so neither profits from a warmer cache.
 * Only the replay is timed (not starting a server or creating the scenario's database). Both
 * servers keep their default durability.
 *
 * <p>{@code --mode cold} (the default) measures what a user meets: {@code --target rocklake} is
 * {@code bin/rocklake serve} started afresh for every replay, nothing warmed, and the bench also
 * times a fresh server's first {@code SELECT 1}. {@code --mode warm} replays against one
 * in-process server after W untimed warm-up replays per scenario (ten by default): where a JVM
 * server settles once its code is compiled.
 */
@Command(name = "bench", description = "Replays each scenario R times against target and baseline; prints median times and ratios.")
final class BenchCommand implements Callable<Integer> {
  enum Mode { COLD, WARM }

  @Option(names = "--target", required = true, description = "rocklake, postgres or HOST:PORT")
  String target;

  @Option(names = "--baseline", required = true, description = "postgres or HOST:PORT")
  String baseline;

  @Option(names = "--mode", defaultValue = "cold", converter = ModeConverter.class,
      description = "cold: a fresh bin/rocklake process per replay; warm: one warmed in-process server (default ${DEFAULT-VALUE})")
  Mode mode;

  @Option(names = "--rounds", defaultValue = "5", description = "replays per scenario and server (default ${DEFAULT-VALUE})")
  int rounds;

  @Option(names = "--warmup", description = "untimed replays per scenario and server before the timed rounds (cold: 0, warm: 10)")
  Integer warmup;

  @Option(names = "--startups", defaultValue = "5", description = "cold mode: fresh servers timed to their first SELECT 1 (default ${DEFAULT-VALUE})")
  int startups;

  @Option(names = "--scenario", description = "bench only this scenario (with the sessions before it on its catalog)")
  String scenario;

  @Option(names = "--corpus", description = "the DuckDB line's corpus (default ${DEFAULT-VALUE}; duckdb-2.0-dev-2026-08)",
      defaultValue = Corpus.DEFAULT_VERSION_DIR)
  String corpus;

  @Option(names = "--profile", defaultValue = "0",
      description = "print the N statements whose answers took the target longest in all, per scenario (default: none)")
  int profile;

  static final class ModeConverter implements picocli.CommandLine.ITypeConverter<Mode> {
    @Override public Mode convert(String value) {
      return Mode.valueOf(value.toUpperCase(Locale.ROOT));
    }
  }

  int warmupRounds() {
    return warmup != null ? warmup : mode == Mode.COLD ? 0 : 10;
  }

  @Override public Integer call() {
    if (rounds < 1) {
      throw new IllegalArgumentException("--rounds must be at least 1");
    }
    if (warmup != null && warmup < 0) {
      throw new IllegalArgumentException("--warmup must not be negative");
    }
    int warmupRounds = warmupRounds();
    Corpus corpus = Corpus.locate(this.corpus);
    // One timed unit per catalog: a scenario, or the sessions that take turns on one catalog (m1–m5).
    List<List<String>> units = corpus.catalogs().stream()
        .map(c -> scenario == null ? c : c.indexOf(scenario) < 0 ? List.<String>of() : c.subList(0, c.indexOf(scenario) + 1))
        .filter(c -> !c.isEmpty()).toList();
    if (units.isEmpty()) {
      throw new IllegalArgumentException("no scenario " + scenario + " in " + corpus.dir());
    }
    Replayer replayer = new Replayer();
    double targetTotal = 0;
    double baselineTotal = 0;
    int failures = 0;
    try (ReplayTarget t = open(target);
         ReplayTarget b = open(baseline)) {
      System.err.println("bench: " + mode.name().toLowerCase(Locale.ROOT) + "; target " + t.describe() + "; baseline "
          + b.describe() + "; " + warmupRounds + " warm-up and " + rounds + " timed rounds");
      if (t instanceof LaunchedRockLakeTarget launched) {
        launched.timeToFirstAnswer(); // untimed: the launcher builds and prepares its fast start on first use
      }
      if (t instanceof LaunchedRockLakeTarget launched && startups > 0) {
        List<Double> ms = new ArrayList<>();
        for (int i = 0; i < startups; i++) {
          ms.add(launched.timeToFirstAnswer().toNanos() / 1e6);
        }
        System.out.println(String.format(Locale.ROOT, "bench startup serve_to_select1_ms=%.1f (median of %d; min %.1f, max %.1f)",
            median(ms), ms.size(), ms.stream().min(Double::compare).orElseThrow(), ms.stream().max(Double::compare).orElseThrow()));
      }
      for (List<String> unit : units) {
        String name = String.join("+", unit);
        List<Scenario> s = unit.stream().map(corpus::scenario).toList();
        for (int i = 0; i < warmupRounds; i++) {
          warmUp(s, replayer, t, b);
        }
        List<Double> tMs = new ArrayList<>();
        List<Double> bMs = new ArrayList<>();
        List<Double> tFirst = new ArrayList<>();
        List<Double> bFirst = new ArrayList<>();
        String failure = null;
        for (int round = 0; round < rounds && failure == null; round++) {
          System.err.printf("  %s round %d/%d%n", name, round + 1, rounds);
          boolean targetFirst = round % 2 == 0;
          for (ReplayTarget side : targetFirst ? List.of(t, b) : List.of(b, t)) {
            ScenarioResult r = replayInTurn(replayer, s, side);
            if (!r.passed()) {
              failure = (side == t ? "target" : "baseline") + " diverged: " + r.divergence().get().oneLine();
              break;
            }
            (side == t ? tMs : bMs).add(r.elapsed().toNanos() / 1e6);
            (side == t ? tFirst : bFirst).add(r.firstSession().toNanos() / 1e6);
            if (side == t && round == 0 && profile > 0) {
              printProfile(name, r);
            }
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
        System.out.println(String.format(Locale.ROOT,
            "bench %s target_ms=%.1f baseline_ms=%.1f ratio=%.2f first_session target_ms=%.1f baseline_ms=%.1f ratio=%.2f",
            name, tm, bm, tm / bm, median(tFirst), median(bFirst), median(tFirst) / median(bFirst)));
      }
    }
    System.out.println(String.format(Locale.ROOT, "bench total target_ms=%.1f baseline_ms=%.1f ratio=%.2f",
        targetTotal, baselineTotal, baselineTotal == 0 ? Double.NaN : targetTotal / baselineTotal));
    return failures == 0 ? 0 : 1;
  }

  /** The statements whose answers took longest in all, with their count: where a replay spends its time. */
  private void printProfile(String name, ScenarioResult r) {
    java.util.Map<String, long[]> byStatement = new java.util.HashMap<>();
    for (ScenarioResult.AnswerTime a : r.answers()) {
      String key = a.statement() == null ? "(startup)" : a.statement().replaceAll("\\s+", " ");
      key = key.length() > 110 ? key.substring(0, 110) + "…" : key;
      long[] v = byStatement.computeIfAbsent(key, k -> new long[2]);
      v[0] += a.nanos();
      v[1]++;
    }
    System.out.println("profile " + name + ": " + r.answers().size() + " answers, "
        + String.format(Locale.ROOT, "%.1f", r.answers().stream().mapToLong(ScenarioResult.AnswerTime::nanos).sum() / 1e6)
        + " ms waiting for them");
    byStatement.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue()[0], a.getValue()[0])).limit(profile)
        .forEach(e -> System.out.println(String.format(Locale.ROOT, "profile %s %8.1f ms %4d× %s", name,
            e.getValue()[0] / 1e6, e.getValue()[1], e.getKey())));
  }

  private ReplayTarget open(String spec) {
    if (spec.equals("rocklake") && mode == Mode.COLD) {
      return new LaunchedRockLakeTarget();
    }
    return Targets.open(spec, ThrowawayPostgres.Durability.DEFAULT);
  }

  private static void warmUp(List<Scenario> s, Replayer replayer, ReplayTarget t, ReplayTarget b) {
    replayInTurn(replayer, s, t);
    replayInTurn(replayer, s, b);
  }

  /** One catalog's sessions replayed in turn on a fresh database, as one result: times summed, the first divergence. */
  private static ScenarioResult replayInTurn(Replayer replayer, List<Scenario> sessions, ReplayTarget side) {
    List<ScenarioResult> rs = replayer.replayInTurn(sessions, side.prepare(sessions.get(0).database()));
    java.time.Duration elapsed = rs.stream().map(ScenarioResult::elapsed).reduce(java.time.Duration.ZERO, java.time.Duration::plus);
    return new ScenarioResult(sessions.get(0).name(),
        rs.stream().flatMap(r -> r.divergence().stream()).findFirst(), elapsed, rs.get(0).firstSession(),
        rs.stream().mapToInt(ScenarioResult::backendRunsCompared).sum(),
        rs.stream().flatMap(r -> r.answers().stream()).toList());
  }

  static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(null);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
