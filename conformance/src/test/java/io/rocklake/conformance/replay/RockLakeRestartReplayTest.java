package io.rocklake.conformance.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A crash between DuckDB connections loses nothing: RockLake runs as a child JVM, and at every
 * connection boundary of the capture it is killed with SIGKILL and restarted on the same catalog
 * folder; the replay continues against the new process and must still pass, and the catalog's
 * snapshots read just before the kill and just after the restart must be the same.
 *
 * <p>The three scenarios chosen each have two DuckDB connections (the second re-attaches and reads
 * what the first wrote; in 07 read-only), so each restarts twice: between the connections, and
 * after the last Terminate.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RockLakeRestartReplayTest {
  private final Corpus corpus = Corpus.locate();
  private ProcessRockLakeTarget rocklake;

  @BeforeAll
  void start() {
    rocklake = new ProcessRockLakeTarget();
  }

  @AfterAll
  void stop() {
    rocklake.close();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"01_basic", "03_dml_timetravel", "07_readonly_encrypted"})
  void replaysAcrossAKillAtEveryConnectionBoundary(String name) {
    Scenario scenario = corpus.scenario(name);
    replayWithRestarts(scenario, rocklake);
  }

  @Test
  void aRestartThatLosesTheCatalogIsCaught() {
    Scenario scenario = corpus.scenario("01_basic");
    RestartAtConnectionBoundaries wiping = new RestartAtConnectionBoundaries(rocklake, scenario,
        () -> deleteRecursively(Path.of(rocklake.location())));
    assertThatThrownBy(() -> new Replayer().replay(scenario, rocklake.prepare(scenario.database()), wiping))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("changed the catalog's snapshots");
    assertThat(wiping.positions()).isEmpty();
  }

  private static void deleteRecursively(Path folder) {
    try (Stream<Path> files = Files.walk(folder)) {
      files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Replays with restarts and checks them; shared with the S3 variant. */
  static void replayWithRestarts(Scenario scenario, ProcessRockLakeTarget target) {
    int restartsBefore = target.restarts();
    RestartAtConnectionBoundaries restarts = new RestartAtConnectionBoundaries(target, scenario);
    ScenarioResult result = new Replayer().replay(scenario, target.prepare(scenario.database()), restarts);
    ReplayAssertions.assertPassedCompletely(scenario, result,
        () -> "\nrestarted at messages " + restarts.positions() + "\n--- server log ---\n" + target.log());

    // Read from the capture alone: two connections, one restart between them, one after the end.
    java.util.List<Integer> expected = RestartAtConnectionBoundaries.expectedPositions(scenario);
    assertThat(expected).hasSize(2);
    assertThat(expected.get(0)).isStrictlyBetween(0, scenario.messages().size());
    assertThat(expected.get(1)).isEqualTo(scenario.messages().size());
    assertThat(restarts.positions()).isEqualTo(expected);
    assertThat(target.restarts() - restartsBefore).isEqualTo(expected.size());
    // The mid-replay restart happened on a catalog DuckDB had already written to.
    assertThat(restarts.snapshotsAtRestart().get(0)).isPositive();
    System.out.println("restart replay " + scenario.name() + ": " + restarts.positions().size()
        + " restarts at messages " + restarts.positions() + " with " + restarts.snapshotsAtRestart()
        + " snapshots, " + result.elapsed().toMillis() + " ms, port changes so far " + target.portChanges());
  }
}
