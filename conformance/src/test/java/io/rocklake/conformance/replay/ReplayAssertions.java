package io.rocklake.conformance.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.corpus.Direction;
import io.rocklake.conformance.corpus.Scenario;
import java.util.function.Supplier;

/** What every replay test asserts about a finished scenario. */
final class ReplayAssertions {
  private ReplayAssertions() {}

  static void assertPassedCompletely(Scenario scenario, ScenarioResult result) {
    assertPassedCompletely(scenario, result, () -> "");
  }

  /**
   * The scenario passed, and every backend answer of the capture was compared, not just the first
   * few. {@code context} is appended to the failure message (a server log, restarts so far).
   */
  static void assertPassedCompletely(Scenario scenario, ScenarioResult result, Supplier<String> context) {
    assertThat(result.divergence())
        .as(() -> result.divergence().map(d -> d.describe()).orElse("") + context.get())
        .isEmpty();
    assertThat(result.backendRunsCompared()).isEqualTo(backendRuns(scenario));
  }

  static int backendRuns(Scenario scenario) {
    return (int) Run.of(scenario.messages()).stream().filter(r -> r.direction() == Direction.BACKEND).count();
  }
}
