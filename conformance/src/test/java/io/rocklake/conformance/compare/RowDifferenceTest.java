package io.rocklake.conformance.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RowDifferenceTest {
  private static final List<String> A = List.of("n:1", "s:'a'");
  private static final List<String> B = List.of("n:2", "s:'b'");
  private static final List<String> C = List.of("n:3", "s:'c'");

  @Test
  void equalRowsHaveNoDifference() {
    assertNull(RowDifference.of(List.of(A, B), List.of(A, B), true));
  }

  @Test
  void orderMattersOnlyWhenOrdered() {
    assertNull(RowDifference.of(List.of(A, B), List.of(B, A), false));
    String report = RowDifference.of(List.of(A, B), List.of(B, A), true);
    assertTrue(report.startsWith("rows differ (in order): 2 expected, 2 actual"), report);
    assertTrue(report.contains("first difference at row 0:\n    expected " + A + "\n    actual   " + B), report);
  }

  @Test
  void multisetReportNamesMissingAndExtraRows() {
    String report = RowDifference.of(List.of(A, B, B), List.of(A, B, C), false);
    assertTrue(report.contains("\n  missing: " + List.of(B)), report);
    assertTrue(report.contains("\n  extra:   " + List.of(C)), report);
  }

  @Test
  void aShortResultReportsTheRowThatIsNotThere() {
    String report = RowDifference.of(List.of(A, B), List.of(A), true);
    assertEquals("rows differ (in order): 2 expected, 1 actual\n  first difference at row 1:\n    expected "
        + B + "\n    actual   null", report);
  }
}
