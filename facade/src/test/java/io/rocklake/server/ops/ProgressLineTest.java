package io.rocklake.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The progress line keeps quick runs silent off a terminal, and redraws in place on one. */
class ProgressLineTest {
  private final AtomicLong nanos = new AtomicLong();
  private final StringWriter err = new StringWriter();

  @Test
  void offATerminalNothingIsPrintedInTheFirstSecondThenAtMostALineASecond() {
    ProgressLine p = new ProgressLine(new PrintWriter(err), "rocklake inspect: ", false, nanos::get);
    p.update("counting facts: 50000");
    nanos.set(999_000_000L);
    p.update("counting facts: 100000");
    assertThat(err.toString()).isEmpty();
    nanos.set(1_000_000_000L);
    p.update("counting facts: 150000");
    nanos.set(1_500_000_000L);
    p.update("counting facts: 200000");
    nanos.set(2_100_000_000L);
    p.update("counting facts: 250000");
    p.close();
    assertThat(err.toString().lines()).containsExactly("rocklake inspect: counting facts: 150000 (1 s)",
        "rocklake inspect: counting facts: 250000 (2 s)");
  }

  @Test
  void onATerminalTheLineIsRedrawnAndClearedAtTheEnd() {
    ProgressLine p = new ProgressLine(new PrintWriter(err), "x: ", true, nanos::get);
    p.update("a");
    nanos.set(50_000_000L);
    p.update("b"); // within a tenth of a second: skipped
    nanos.set(150_000_000L);
    p.update("c");
    p.close();
    assertThat(err.toString()).isEqualTo("\r\033[Kx: a\r\033[Kx: c\r\033[K");
  }
}
