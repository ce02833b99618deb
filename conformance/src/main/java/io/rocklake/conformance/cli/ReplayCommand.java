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

  @Option(names = "--scenario", description = "replay only this scenario (e.g. 01_basic)")
  String scenario;

  @Option(names = "--verbose", description = "print each divergence in full, on several lines")
  boolean verbose;

  @Override public Integer call() {
    Corpus corpus = Corpus.locate();
    List<String> names = scenario == null ? corpus.scenarioNames() : List.of(scenario);
    int passed = 0;
    try (ReplayTarget t = Targets.open(target, ThrowawayPostgres.Durability.RELAXED)) {
      System.err.println("replaying " + names.size() + " scenario(s) from " + corpus.dir() + " against " + t.describe());
      for (String name : names) {
        Scenario s = corpus.scenario(name);
        ScenarioResult r = new Replayer().replay(s, t.prepare(s.database()));
        System.out.println(r.line() + (verbose ? " (" + r.elapsed().toMillis() + " ms)" : ""));
        if (!r.passed() && verbose) {
          System.out.println(r.divergence().get().describe());
        }
        if (verbose && t instanceof LaunchedRockLakeTarget launched) {
          launched.stop();
          System.out.println(launched.output());
        }
        passed += r.passed() ? 1 : 0;
      }
    }
    int failed = names.size() - passed;
    System.out.println("replay: " + names.size() + " scenarios, " + passed + " passed, " + failed + " failed");
    return failed == 0 ? 0 : 1;
  }
}
