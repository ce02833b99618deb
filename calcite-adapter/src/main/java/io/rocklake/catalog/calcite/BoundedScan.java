package io.rocklake.catalog.calcite;

import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

/**
 * A scan of a catalog relation that hands its filter's bounds to the catalog, which reads along the
 * access path they allow (a key range, the live or the table index) instead of every row. Planned by
 * {@link BoundedScanRule} under the filter it came from; the filter stays and decides, the scan only
 * leaves out rows it could not pass. Its code calls {@link ScopedTable#scan(DataContext, String)}
 * with the {@link BoundsTemplate} as text, so archived plans carry it.
 */
final class BoundedScan extends TableScan implements EnumerableRel {
  private final BoundsTemplate bounds;

  BoundedScan(RelOptCluster cluster, RelOptTable table, BoundsTemplate bounds) {
    super(cluster, cluster.traitSetOf(EnumerableConvention.INSTANCE), List.of(), table);
    this.bounds = bounds;
  }

  @Override public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return this;
  }

  @Override public RelWriter explainTerms(RelWriter pw) {
    return super.explainTerms(pw).item("bounds", bounds.text());
  }

  /** A fraction of a full scan's cost, so the planner prefers it wherever it applies. */
  @Override public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
    return super.computeSelfCost(planner, mq).multiplyBy(0.01);
  }

  @Override public double estimateRowCount(RelMetadataQuery mq) {
    return Math.max(1, super.estimateRowCount(mq) * 0.01);
  }

  @Override public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    return ScanCall.implement(implementor, this, ScopedTable.class, bounds.text());
  }

}
