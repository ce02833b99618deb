package io.rocklake.conformance.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fresh server process with a plan archive recorded by an earlier one runs DuckDB's session
 * without compiling a single plan: the cold path of DuckDB's reads does no Calcite planning and
 * no Janino compilation (docs/engine.md, "Cold start").
 */
class PlanArchiveColdStartTest {
  private static final Pattern PLANS = Pattern.compile("rocklake plans: compiled=(\\d+) archived=(\\d+)");

  @TempDir Path dir;

  @Test
  void aServerStartedWithTheArchiveOfAnEarlierOneCompilesNothingForTheSameSession() throws Exception {
    Scenario scenario = Corpus.locate().scenario("01_basic");
    Path archive = dir.resolve("plans.bin");

    long[] recorded = replayAndStop(scenario, List.of("-Drocklake.record-plans=" + archive));
    assertThat(recorded[0]).as("plans compiled by the recording server").isPositive();
    assertThat(Files.size(archive)).isPositive();

    long[] replayed = replayAndStop(scenario, List.of("-Drocklake.plan-archive=" + archive));
    assertThat(replayed[0]).as("plans compiled by the server with the archive").isZero();
    assertThat(replayed[1]).as("plans taken from the archive").isEqualTo(recorded[0]);
  }

  /** Replays a scenario on a fresh child server, stops it with SIGTERM: {compiled, from the archive}. */
  private static long[] replayAndStop(Scenario scenario, List<String> jvmOptions) throws InterruptedException {
    ProcessRockLakeTarget target = new ProcessRockLakeTarget(jvmOptions);
    try {
      ScenarioResult result = new Replayer().replay(scenario, target.prepare(scenario.database()));
      ReplayAssertions.assertPassedCompletely(scenario, result);
      target.stopGracefully();
      for (long deadline = System.nanoTime() + 10_000_000_000L; System.nanoTime() < deadline; Thread.sleep(50)) {
        Matcher m = PLANS.matcher(target.log());
        if (m.find()) {
          return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
        }
      }
      throw new AssertionError("the child never said how many plans it compiled:\n" + target.log());
    } finally {
      target.close();
    }
  }
}
