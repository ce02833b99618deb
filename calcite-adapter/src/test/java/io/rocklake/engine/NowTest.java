package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** {@code now()} is the start of the transaction, as in PostgreSQL, on every path. */
class NowTest {
  @Test
  void nowStaysAtTheTransactionsStartAndMovesOnWithTheNext() throws InterruptedException {
    try (EngineFixture f = new EngineFixture()) {
      f.run("BEGIN");
      Instant first = (Instant) f.value("SELECT now()");
      Thread.sleep(5);
      assertThat(f.value("SELECT now()")).isEqualTo(first);
      assertThat(f.value("SELECT now() = CURRENT_TIMESTAMP")).isEqualTo(true);
      f.run("COMMIT");
      Thread.sleep(5);
      assertThat((Instant) f.value("SELECT now()")).isAfter(first);
    }
  }
}
