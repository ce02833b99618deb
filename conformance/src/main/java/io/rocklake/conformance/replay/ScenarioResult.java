package io.rocklake.conformance.replay;

import io.rocklake.conformance.compare.Divergence;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The outcome of replaying one scenario: its first divergence, if any, how long it took, and how
 * long its first session took (until the first connection DuckDB closed: for 01_basic, the ATTACH
 * that creates the catalog and the statements of that DuckDB session).
 */
public record ScenarioResult(String scenario, Optional<Divergence> divergence, Duration elapsed,
    Duration firstSession, int backendRunsCompared, List<AnswerTime> answers) {

  /** How long one answer took to arrive, from the frontend run that asked for it. */
  public record AnswerTime(String statement, long nanos) {}

  public ScenarioResult {
    answers = List.copyOf(answers);
  }

  public boolean passed() {
    return divergence.isEmpty();
  }

  /** {@code scenario NAME: PASS} or {@code scenario NAME: FAIL <first divergence>}. */
  public String line() {
    return "scenario " + scenario + ": " + divergence.map(d -> "FAIL " + d.oneLine()).orElse("PASS");
  }
}
