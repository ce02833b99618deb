package io.rocklake.arrowscan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A plan that cannot be scanned is refused when it is built, with what is wrong in it. */
class ScanPlanTest {
  static final List<PlanColumn> COLUMNS = List.of(new PlanColumn(1, "a", "int64", null), new PlanColumn(2, "b", "varchar", null));

  @Test
  void aColumnIdTwiceInTheTableIsRefused() {
    assertThatThrownBy(() -> ScanPlan.allColumns(List.of(COLUMNS.get(0), new PlanColumn(1, "c", "int32", null)), List.of()))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("column_id 1 appears twice in the plan");
  }

  @Test
  void aProjectionOfAColumnTheTableDoesNotHaveIsRefused() {
    assertThatThrownBy(() -> new ScanPlan(COLUMNS, List.of(), List.of(Projected.column(3))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("projection names column_id 3, which the plan's table does not have");
  }

  @Test
  void theSameOutputColumnTwiceIsRefused() {
    assertThatThrownBy(() -> new ScanPlan(COLUMNS, List.of(), List.of(Projected.column(2), Projected.rowId(), Projected.column(2))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("projection names Column[columnId=2] twice");
    assertThatThrownBy(() -> new ScanPlan(COLUMNS, List.of(), List.of(Projected.rowId(), Projected.rowId())))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("twice");
  }

  @Test
  void duckLakeTypeSpellingsParseToTheirKinds() {
    assertThat(LakeType.parse("c", "decimal(38, 10)")).isEqualTo(LakeType.decimal(38, 10));
    assertThat(LakeType.parse("c", "timestamp_us")).isEqualTo(LakeType.of(LakeType.Kind.TIMESTAMP));
    assertThat(LakeType.parse("c", "INT64")).isEqualTo(LakeType.of(LakeType.Kind.INT64));
  }
}
