package io.rocklake.conformance.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import io.rocklake.kv.s3.S3MockServer;
import io.rocklake.server.CatalogLocation;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The captures replayed with the catalog in object storage: a real S3-compatible server (S3Mock, a
 * child process) holds each scenario's catalog under a fresh {@code s3://bucket/prefix}, reached
 * through the same {@code AWS_*} settings a deployment uses. Every scenario replays against an
 * in-process server; one also replays against a child-JVM server killed and restarted at every
 * connection boundary, which reopens the catalog from S3 alone.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RockLakeS3ReplayTest {
  private static final String BUCKET = "rocklake-replay";

  private final Corpus corpus = Corpus.locate();
  private S3MockServer s3;
  private RockLakeTarget inProcess;

  @BeforeAll
  void start() {
    s3 = S3MockServer.start();
    s3.createBucket(BUCKET);
    inProcess = new RockLakeTarget(n -> CatalogLocation.parse("s3://" + BUCKET + "/in-process-" + n, s3.env()));
  }

  @AfterAll
  void stop() {
    try {
      if (inProcess != null) {
        inProcess.close();
      }
    } finally {
      if (s3 != null) {
        s3.close();
      }
    }
  }

  List<String> scenarios() {
    return corpus.scenarioNames();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void replaysWithoutDivergenceWithTheCatalogOnS3(String name) {
    Scenario scenario = corpus.scenario(name);
    ScenarioResult result = new Replayer().replay(scenario, inProcess.prepare(scenario.database()));
    ReplayAssertions.assertPassedCompletely(scenario, result, () -> "\n--- S3Mock log ---\n" + s3.tail());
    // The catalog is in the bucket, not in some local folder.
    assertThat(inProcess.currentFolder()).isNull();
    assertThat(objectsUnder(inProcess.currentLocation().s3().prefix())).isPositive();
  }

  @Test
  void replaysAcrossAKillAtEveryConnectionBoundaryWithTheCatalogOnS3() {
    try (ProcessRockLakeTarget process =
        new ProcessRockLakeTarget(n -> "s3://" + BUCKET + "/process-" + n, s3.env())) {
      RockLakeRestartReplayTest.replayWithRestarts(corpus.scenario("03_dml_timetravel"), process);
      assertThat(objectsUnder("process-1")).isPositive();
    }
  }

  private int objectsUnder(String prefix) {
    try (S3Client client = s3.client()) {
      return client.listObjectsV2(b -> b.bucket(BUCKET).prefix(prefix + "/")).contents().size();
    }
  }
}
