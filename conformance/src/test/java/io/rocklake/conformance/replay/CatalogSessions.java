package io.rocklake.conformance.replay;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;

/**
 * The replay tests' cases: every catalog of every DuckDB line's corpus ({@link Corpus#catalogs()}),
 * one scenario, or several sessions that take turns on one catalog, named by corpus and scenarios.
 */
record CatalogSessions(Corpus corpus, List<String> scenarios) {

  static Stream<Named<CatalogSessions>> ofEveryCorpus() {
    return Corpus.all().stream().flatMap(c -> c.catalogs().stream()
        .map(names -> Named.of(c.name() + "/" + String.join("+", names), new CatalogSessions(c, names))));
  }

  List<Scenario> load() {
    return scenarios.stream().map(corpus::scenario).toList();
  }

  /** Replays the sessions in turn on one fresh database of {@code target}, asserting each passed whole. */
  void replayAndAssert(ReplayTarget target, java.util.function.Supplier<String> context) {
    List<Scenario> sessions = load();
    List<ScenarioResult> results = new Replayer().replayInTurn(sessions, target.prepare(sessions.get(0).database()));
    for (int i = 0; i < sessions.size(); i++) {
      ReplayAssertions.assertPassedCompletely(sessions.get(i), results.get(i), context);
    }
  }
}
