package io.rocklake.catalog.calcite;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
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
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;

/**
 * A scan of a lake table that reads only some of its columns: arrow-scan never requests the pages of
 * the others. Planned by {@link LakeProjectionRule} under the projection that uses them, and by
 * {@link LakePruningRule} under a filter whose comparisons ({@link LakePruningTerms}, by table column
 * position) leave out the files whose statistics admit none of its rows. Its code calls
 * {@link LakeTable#scan(DataContext, String)} with the column positions and the terms as text.
 */
final class LakeProjectedScan extends TableScan implements EnumerableRel {
  private final int[] columns;
  private final String pruning;

  LakeProjectedScan(RelOptCluster cluster, RelOptTable table, int[] columns) {
    this(cluster, table, columns, "");
  }

  LakeProjectedScan(RelOptCluster cluster, RelOptTable table, int[] columns, String pruning) {
    super(cluster, cluster.traitSetOf(EnumerableConvention.INSTANCE), List.of(), table);
    this.columns = columns.clone();
    this.pruning = pruning;
  }

  int[] columns() {
    return columns.clone();
  }

  String pruning() {
    return pruning;
  }

  @Override public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return this;
  }

  @Override public RelDataType deriveRowType() {
    List<RelDataTypeField> fields = table.getRowType().getFieldList();
    RelDataType[] types = new RelDataType[columns.length];
    String[] names = new String[columns.length];
    for (int i = 0; i < columns.length; i++) {
      types[i] = fields.get(columns[i]).getType();
      names[i] = fields.get(columns[i]).getName();
    }
    return getCluster().getTypeFactory().createStructType(List.of(types), List.of(names));
  }

  @Override public RelWriter explainTerms(RelWriter pw) {
    return super.explainTerms(pw).item("columns", text()).itemIf("pruning", pruning, !pruning.isEmpty());
  }

  /** Cheaper the fewer columns it reads, so the planner always prefers it to the whole scan. */
  @Override public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
    double share = (columns.length + 1.0) / (table.getRowType().getFieldCount() + 2.0);
    // A scan that may leave files out is cheaper still, so the planner keeps it under its filter.
    return super.computeSelfCost(planner, mq).multiplyBy(pruning.isEmpty() ? share : share / 2);
  }

  private String text() {
    return IntStream.of(columns).mapToObj(Integer::toString).collect(Collectors.joining(","));
  }

  @Override public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    return ScanCall.implement(implementor, this, LakeTable.class, text() + "|" + pruning);
  }

}
