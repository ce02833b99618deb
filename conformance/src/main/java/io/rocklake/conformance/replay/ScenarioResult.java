package io.rocklake.conformance.replay;

import io.rocklake.conformance.compare.Divergence;
import java.time.Duration;
import java.util.Optional;

/** The outcome of replaying one scenario: its first divergence, if any, and how long it took. */
public record ScenarioResult(String scenario, Optional<Divergence> divergence, Duration elapsed,
    int backendRunsCompared) {

  public boolean passed() {
    return divergence.isEmpty();
  }

  /** {@code scenario NAME: PASS} or {@code scenario NAME: FAIL <first divergence>}. */
  public String line() {
    return "scenario " + scenario + ": " + divergence.map(d -> "FAIL " + d.oneLine()).orElse("PASS");
  }
}
