package io.rocklake.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class BenchCommandTest {
  @Test
  void theMedianOfAnOddCountIsTheMiddleValueAndOfAnEvenCountTheMeanOfTheTwoMiddleOnes() {
    assertThat(BenchCommand.median(List.of(5.0, 1.0, 3.0))).isEqualTo(3.0);
    assertThat(BenchCommand.median(List.of(4.0, 1.0, 3.0, 100.0))).isEqualTo(3.5);
  }

  @Test
  void theDefaultBenchIsColdWithoutWarmUpAndTheWarmBenchWarmsTenTimes() {
    BenchCommand bench = new BenchCommand();
    new CommandLine(bench).parseArgs("--target", "rocklake", "--baseline", "postgres");
    assertThat(bench.mode).isEqualTo(BenchCommand.Mode.COLD);
    assertThat(bench.warmupRounds()).isZero();
    bench = new BenchCommand();
    new CommandLine(bench).parseArgs("--target", "rocklake", "--baseline", "postgres", "--mode", "warm");
    assertThat(bench.mode).isEqualTo(BenchCommand.Mode.WARM);
    assertThat(bench.warmupRounds()).isEqualTo(10);
    bench = new BenchCommand();
    new CommandLine(bench).parseArgs("--target", "postgres", "--baseline", "postgres", "--mode", "warm", "--warmup", "3");
    assertThat(bench.warmupRounds()).isEqualTo(3);
  }

  @Test
  void aNegativeWarmUpIsRefusedBeforeAnythingStarts() {
    BenchCommand bench = new BenchCommand();
    new CommandLine(bench).parseArgs("--target", "postgres", "--baseline", "postgres", "--warmup", "-1");
    assertThatThrownBy(bench::call).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--warmup");
  }
}
