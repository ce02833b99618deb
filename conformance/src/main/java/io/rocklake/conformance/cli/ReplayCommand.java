package io.rocklake.conformance.cli;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import io.rocklake.conformance.pg.ThrowawayPostgres;
import io.rocklake.conformance.replay.LaunchedRockLakeTarget;
import io.rocklake.conformance.replay.Replayer;
import io.rocklake.conformance.replay.ReplayTarget;
import io.rocklake.conformance.replay.ScenarioResult;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "replay", description = "Replays each scenario against a fresh database and compares every answer.")
final class ReplayCommand implements Callable<Integer> {
  @Option(names = "--target", required = true, description = "postgres (a throwaway PostgreSQL 15), rocklake (in process), launched (bin/rocklake serve, "
      + "a fresh process per scenario) or HOST:PORT")
  String target;

  @Option(names = "--corpus", description = "the DuckDB line's corpus (duckdb-1.5.5, duckdb-2.0-dev-2026-08); default: each in turn")
  String corpus;

  @Option(names = "--scenario", description = "replay only this scenario (e.g. 01_basic); a scenario that continues "
      + "another's catalog (m2…m5) replays with the ones before it")
  String scenario;

  @Option(names = "--verbose", description = "print each divergence in full, on several lines")
  boolean verbose;

  @Override public Integer call() {
    List<Corpus> corpora = (corpus == null ? Corpus.VERSION_DIRS : List.of(corpus)).stream()
        .map(Corpus::locate).toList();
    int total = 0;
    int passed = 0;
    try (ReplayTarget t = Targets.open(target, ThrowawayPostgres.Durability.RELAXED)) {
      for (Corpus c : corpora) {
        List<List<String>> catalogs = selected(c);
        System.err.println("replaying " + catalogs.stream().mapToInt(List::size).sum() + " scenario(s) from "
            + c.dir() + " against " + t.describe());
        for (List<String> sessions : catalogs) {
          List<Scenario> turns = sessions.stream().map(c::scenario).toList();
          // The sessions of one catalog share it: one fresh database for them all.
          for (ScenarioResult r : new Replayer().replayInTurn(turns, t.prepare(turns.get(0).database()))) {
            System.out.println(c.name() + "/" + r.line() + (verbose ? " (" + r.elapsed().toMillis() + " ms)" : ""));
            if (!r.passed() && verbose) {
              System.out.println(r.divergence().get().describe());
            }
            total++;
            passed += r.passed() ? 1 : 0;
          }
          if (verbose && t instanceof LaunchedRockLakeTarget launched) {
            launched.stop();
            System.out.println(launched.output());
          }
        }
      }
    }
    int failed = total - passed;
    System.out.println("replay: " + total + " scenarios, " + passed + " passed, " + failed + " failed");
    return failed == 0 ? 0 : 1;
  }

  /** The catalogs to replay: all, or the one holding {@link #scenario} up to and including it. */
  private List<List<String>> selected(Corpus c) {
    List<List<String>> all = c.catalogs();
    if (scenario == null) {
      return all;
    }
    for (List<String> sessions : all) {
      int at = sessions.indexOf(scenario);
      if (at >= 0) {
        return List.of(sessions.subList(0, at + 1));
      }
    }
    if (corpus == null) {
      return List.of();
    }
    throw new IllegalArgumentException("no scenario " + scenario + " in " + c.dir() + "; have " + c.scenarioNames());
  }
}
