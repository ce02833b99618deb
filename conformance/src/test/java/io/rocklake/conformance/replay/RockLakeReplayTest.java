package io.rocklake.conformance.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 5's acceptance, in process: every captured scenario of both DuckDB lines replays against a fresh RockLake server
 * (catalog in a fresh local folder) with zero divergences under the same normalizations PostgreSQL
 * passes with, and every backend answer of the capture is compared.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RockLakeReplayTest {
  private final Corpus corpus = Corpus.locate();
  private RockLakeTarget rocklake;

  @BeforeAll
  void start() {
    rocklake = new RockLakeTarget();
  }

  @AfterAll
  void stop() {
    rocklake.close();
  }

  static java.util.stream.Stream<org.junit.jupiter.api.Named<CatalogSessions>> catalogs() {
    return CatalogSessions.ofEveryCorpus();
  }

  /** Both DuckDB lines' sessions, and 1.5.5 and the 2.0 line taking turns on one catalog (m1–m5). */
  @ParameterizedTest(name = "{0}")
  @MethodSource("catalogs")
  void replaysWithoutDivergence(CatalogSessions sessions) {
    sessions.replayAndAssert(rocklake, () -> "");
  }
}
