package io.rocklake.conformance.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.corpus.CapturedMessage;
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

  @Test
  void aCaptureTamperedInOneByteIsCaughtWhereItWasTampered() {
    Scenario original = corpus.scenario("01_basic");
    // The value of ducklake_metadata's 'version' row ("1.0") as PostgreSQL sent it in binary COPY.
    byte[] needle = "1.0".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    List<CapturedMessage> messages = new java.util.ArrayList<>(original.messages());
    int tampered = -1;
    for (int i = 0; i < messages.size() && tampered < 0; i++) {
      CapturedMessage m = messages.get(i);
      int at = indexOf(m.payload(), needle);
      if (!m.isFrontend() && m.type().equals("d") && at >= 0) {
        byte[] changed = m.payload().clone();
        changed[at + 2] = '1';
        messages.set(i, new CapturedMessage(m.seq(), m.conn(), m.direction(), m.type(), changed));
        tampered = m.seq();
      }
    }
    assertThat(tampered).isPositive();
    Scenario scenario = new Scenario(original.name(), original.corpusDir(), messages);
    ScenarioResult result = new Replayer().replay(scenario, postgres.prepare(scenario.database()));
    assertThat(result.passed()).isFalse();
    int runStart = result.divergence().get().seq();
    int tamperedSeq = tampered;
    // The divergence is reported at the backend run that holds the tampered message.
    assertThat(runStart).isLessThanOrEqualTo(tamperedSeq);
    assertThat(scenario.messages().stream().filter(m -> m.seq() >= runStart && m.seq() <= tamperedSeq)
        .allMatch(m -> !m.isFrontend())).isTrue();
    assertThat(result.divergence().get().expected()).contains("1.1");
    assertThat(result.divergence().get().actual()).contains("1.0");
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  static java.util.stream.Stream<org.junit.jupiter.api.Named<CatalogSessions>> catalogs() {
    return CatalogSessions.ofEveryCorpus();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("catalogs")
  void replaysWithoutDivergence(CatalogSessions sessions) {
    sessions.replayAndAssert(postgres, () -> "\n--- server log ---\n" + postgres.serverLog());
  }
}
