package io.rocklake.conformance.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.conformance.wire.FrontendMessages;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class CorpusTest {
  private final Corpus corpus = Corpus.locate();

  @Test
  void readsEveryMessageOfEveryScenario() {
    assertThat(corpus.scenarioNames()).hasSize(10).startsWith("01_basic").endsWith("10_transactions_partitions");
    long total = corpus.scenarios().stream().mapToLong(s -> s.messages().size()).sum();
    // zcat conformance/corpus/duckdb-1.5.5/*.jsonl.gz | wc -l
    assertThat(total).isEqualTo(98_485L);
  }

  @Test
  void messagesKeepTheirGlobalOrder() {
    Scenario s = corpus.scenario("01_basic");
    for (int i = 1; i < s.messages().size(); i++) {
      assertThat(s.messages().get(i).seq()).isGreaterThan(s.messages().get(i - 1).seq());
    }
  }

  @Test
  void decodesStartupParametersAndSqlFromTheRawBytes() {
    Scenario s = corpus.scenario("01_basic");
    assertThat(s.database()).startsWith("s_01_basic");
    assertThat(s.connections()).containsExactly(1, 2);
    CapturedMessage firstQuery = s.messages().stream().filter(m -> m.type().equals("Q")).findFirst().orElseThrow();
    assertThat(FrontendMessages.sql(firstQuery)).contains(
        "SELECT version(), (SELECT COUNT(*) FROM pg_settings WHERE name LIKE 'rds%')");
  }

  @Test
  void aSessionReplayedIntoAnotherDatabaseChangesItsStartupMessagesOnly() {
    Scenario s = corpus.scenario("01_basic");
    CapturedMessage original = s.messages().stream().filter(m -> m.type().equals(CapturedMessage.STARTUP))
        .findFirst().orElseThrow();
    // The captured payload, re-encoded unchanged, is byte for byte what DuckDB sent.
    assertThat(io.rocklake.conformance.wire.StartupParameters.parse(original.payload()).payload())
        .isEqualTo(original.payload());
    Scenario moved = s.withDatabase("raw_2");
    assertThat(moved.database()).isEqualTo("raw_2");
    assertThat(moved.startupParameters().orElseThrow().get("user")).isEqualTo("postgres");
    assertThat(moved.messages()).hasSameSizeAs(s.messages());
    for (int i = 0; i < s.messages().size(); i++) {
      CapturedMessage a = s.messages().get(i);
      CapturedMessage b = moved.messages().get(i);
      if (a.type().equals(CapturedMessage.STARTUP)) {
        assertThat(io.rocklake.conformance.wire.StartupParameters.parse(b.payload()).get("database")).isEqualTo("raw_2");
      } else {
        assertThat(b.payload()).isEqualTo(a.payload());
      }
    }
  }

  @Test
  void aLineWhoseLengthDisagreesWithItsBytesIsRejected() {
    assertThatThrownBy(() -> Corpus.parseLine(
        "{\"seq\": 0, \"conn\": 1, \"dir\": \"F\", \"type\": \"Q\", \"len\": 3, \"hex\": \"00\"}", Path.of("x.jsonl"), 7))
        .hasMessageContaining("x.jsonl:7").hasMessageContaining("len 3");
  }

  @Test
  void anUnknownScenarioNamesTheOnesThatExist() {
    assertThatThrownBy(() -> corpus.scenario("99_nope")).hasMessageContaining("01_basic");
  }
}
