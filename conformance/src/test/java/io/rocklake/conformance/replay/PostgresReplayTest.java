package io.rocklake.conformance.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import io.rocklake.conformance.pg.ThrowawayPostgres;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The harness proves itself on the server the captures were made against: every scenario replays
 * against a fresh PostgreSQL 15 with zero divergences under the documented normalizations.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresReplayTest {
  private final Corpus corpus = Corpus.locate();
  private PostgresTarget postgres;

  @BeforeAll
  void startPostgres() {
    postgres = new PostgresTarget(ThrowawayPostgres.Durability.RELAXED);
  }

  @AfterAll
  void stopPostgres() {
    postgres.close();
  }

  List<String> scenarios() {
    return corpus.scenarioNames();
  }

  @Test
  void theCorpusHasTheSevenCapturedScenarios() {
    assertThat(corpus.scenarioNames()).hasSize(7).contains("01_basic", "07_readonly_encrypted");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void replaysWithoutDivergence(String name) {
    Scenario scenario = corpus.scenario(name);
    ScenarioResult result = new Replayer().replay(scenario, postgres.prepare(scenario.database()));
    assertThat(result.divergence())
        .as(() -> result.divergence().map(d -> d.describe()).orElse("") + "\n--- server log ---\n"
            + postgres.serverLog())
        .isEmpty();
    // Every backend answer in the capture was compared, not just the first few.
    long backendRuns = Run.of(scenario.messages()).stream()
        .filter(r -> r.direction() == io.rocklake.conformance.corpus.Direction.BACKEND).count();
    assertThat(result.backendRunsCompared()).isEqualTo((int) backendRuns);
  }
}
