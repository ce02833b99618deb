package io.rocklake.catalog.calcite;

import io.rocklake.catalog.RelationDef;
import java.util.List;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalTableScan;

/**
 * {@code Filter(Scan(catalog relation))} → {@code Filter(BoundedScan)} when the filter bounds the
 * relation's integer key or fixes its {@code table_id}: the bounds that choose an access path other
 * than reading every row. The filter is kept whole, so the answer cannot change, only the rows read.
 */
public final class BoundedScanRule extends RelOptRule {
  public static final BoundedScanRule INSTANCE = new BoundedScanRule();

  @SuppressWarnings("deprecation") // RelRule's config beans need generated code; the classic operands do not
  private BoundedScanRule() {
    super(operand(LogicalFilter.class, operand(LogicalTableScan.class, none())), "BoundedScanRule");
  }

  @Override public void onMatch(RelOptRuleCall call) {
    LogicalFilter filter = call.rel(0);
    LogicalTableScan scan = call.rel(1);
    ScopedTable table = scan.getTable().unwrap(ScopedTable.class);
    if (table == null) {
      return;
    }
    BoundsTemplate bounds = RexBounds.of(filter.getCondition());
    if (!choosesAnAccessPath(table.relation(), bounds)) {
      return;
    }
    BoundedScan bounded = new BoundedScan(scan.getCluster(), scan.getTable(), bounds);
    call.transformTo(filter.copy(filter.getTraitSet(), List.of(bounded)));
  }

  private static boolean choosesAnAccessPath(RelationDef relation, BoundsTemplate bounds) {
    int key = relation.integerKeyColumn().orElse(-1);
    int table = relation.kind() == RelationDef.Kind.DUCKLAKE ? relation.columnIndex("table_id").orElse(-1) : -1;
    for (BoundsTemplate.Term t : bounds.terms()) {
      if (t.op() != null && (t.column() == key || t.column() == table && t.op() == io.rocklake.catalog.ScanBounds.Comparison.EQUAL)) {
        return true;
      }
    }
    return false;
  }
}
