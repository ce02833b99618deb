package io.rocklake.conformance.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The comparison the differential tests rely on is strict where it must be and only there. */
class ResultRowsTest {
  private static ResultRows rows(List<?>... rows) {
    return new ResultRows(rows.length == 0 ? 1 : rows[0].size(),
        java.util.Arrays.stream(rows).map(r -> r.stream().map(ResultRows::normalize).toList()).toList());
  }

  @Test
  void numbersCompareByValueWhateverTheirJavaClass() {
    assertThat(ResultRows.normalize(42L)).isEqualTo(ResultRows.normalize(new BigDecimal("42.000")))
        .isEqualTo(ResultRows.normalize(42)).isEqualTo("n:42");
    assertThat(ResultRows.normalize(new BigDecimal("0.0000"))).isEqualTo("n:0");
    assertThat(ResultRows.normalize(new BigDecimal("4.2E+2"))).isEqualTo("n:420");
    assertThat(ResultRows.normalize(new BigDecimal("42.5"))).isNotEqualTo(ResultRows.normalize(42L));
  }

  @Test
  void kindsNeverNormalizeAlike() {
    assertThat(ResultRows.normalize(null)).isEqualTo("NULL").isNotEqualTo(ResultRows.normalize("NULL"));
    assertThat(ResultRows.normalize("1")).isNotEqualTo(ResultRows.normalize(1L));
    assertThat(ResultRows.normalize("true")).isNotEqualTo(ResultRows.normalize(true));
    assertThat(ResultRows.normalize("")).isNotEqualTo(ResultRows.normalize(null));
  }

  @Test
  void textIsExactAndUuidsAreTheirCanonicalText() {
    assertThat(ResultRows.normalize("live ")).isNotEqualTo(ResultRows.normalize("live"));
    assertThat(ResultRows.normalize("Live")).isNotEqualTo(ResultRows.normalize("live"));
    UUID u = UUID.fromString("0a1b2c3d-0000-4000-8000-00000000beef");
    assertThat(ResultRows.normalize(u)).isEqualTo(ResultRows.normalize("0a1b2c3d-0000-4000-8000-00000000beef"));
  }

  @Test
  void timestampsAreInstantsDownToTheMicrosecond() {
    Instant t = Instant.parse("2025-03-01T09:00:00.123Z");
    assertThat(ResultRows.normalize(t)).isEqualTo("t:2025-03-01T09:00:00.123Z");
    assertThat(ResultRows.normalize(t.plusNanos(1_000))).isNotEqualTo(ResultRows.normalize(t));
  }

  @Test
  void floatingPointIsRefused() {
    assertThatThrownBy(() -> ResultRows.normalize(1.5d)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ResultRows.normalize(1.5f)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ResultRows.normalize(new byte[] {1})).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void unorderedResultsCompareAsMultisets() {
    ResultRows expected = rows(List.of(1L, "a"), List.of(2L, "b"), List.of(2L, "b"));
    expected.assertSameAs(rows(List.of(2L, "b"), List.of(1L, "a"), List.of(2L, "b")), false, "same multiset");
    assertThatThrownBy(() -> expected.assertSameAs(rows(List.of(2L, "b"), List.of(1L, "a")), false, "one duplicate lost"))
        .isInstanceOf(AssertionError.class).hasMessageContaining("missing: [[n:2, s:'b']]");
    assertThatThrownBy(() -> expected.assertSameAs(rows(List.of(1L, "a"), List.of(2L, "b"), List.of(2L, "c")), false,
        "one value changed")).isInstanceOf(AssertionError.class).hasMessageContaining("extra:   [[n:2, s:'c']]");
  }

  @Test
  void orderedResultsCompareInOrder() {
    ResultRows expected = rows(List.of(1L), List.of(2L));
    expected.assertSameAs(rows(List.of(1L), List.of(2L)), true, "same order");
    assertThatThrownBy(() -> expected.assertSameAs(rows(List.of(2L), List.of(1L)), true, "swapped"))
        .isInstanceOf(AssertionError.class).hasMessageContaining("first difference at row 0");
  }

  @Test
  void aDifferentColumnCountIsADifference() {
    ResultRows one = new ResultRows(1, List.of());
    assertThatThrownBy(() -> one.assertSameAs(new ResultRows(2, List.of()), false, "columns"))
        .isInstanceOf(AssertionError.class).hasMessageContaining("2 columns where 1 were expected");
  }
}
