package io.rocklake.server.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetentionPeriodTest {
  @Test
  void takesDaysHoursMinutesAndSeconds() {
    assertThat(RetentionPeriod.parse("30d")).isEqualTo(Duration.ofDays(30));
    assertThat(RetentionPeriod.parse("12h")).isEqualTo(Duration.ofHours(12));
    assertThat(RetentionPeriod.parse("90m")).isEqualTo(Duration.ofMinutes(90));
    assertThat(RetentionPeriod.parse("45s")).isEqualTo(Duration.ofSeconds(45));
    assertThat(RetentionPeriod.parse("0d")).isEqualTo(Duration.ZERO);
  }

  @Test
  void refusesAnythingElseSayingWhatItTakes() {
    for (String bad : new String[] {"30", "d", "1y", "-1d", "1.5d", "30 days", ""}) {
      assertThatThrownBy(() -> RetentionPeriod.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("such as 30d, 12h or 90m").hasMessageContaining("'" + bad + "'");
    }
  }
}
