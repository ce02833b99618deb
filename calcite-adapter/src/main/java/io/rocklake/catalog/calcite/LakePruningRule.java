package io.rocklake.catalog.calcite;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalTableScan;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;

/**
 * {@code Filter([Project(]scan of a lake table[)])} → the same over a {@code LakeProjectedScan} with
 * pruning terms: the filter's comparisons of columns with literals ({@link LakePruningTerms}) go into
 * the scan, which leaves out the files whose {@code ducklake_file_column_stats} admit none of its rows
 * — as a direct scan's WHERE does — so a join or an aggregate over a filtered lake table reads only
 * those files. The filter is kept whole: the answer cannot change, only the files read. Matches the
 * whole-table scan and the column-reading scan {@link LakeProjectionRule} made, directly under the
 * filter or under a projection of plain columns between them.
 */
public final class LakePruningRule extends RelOptRule {
  public static final LakePruningRule OF_TABLE_SCAN = new LakePruningRule(LogicalTableScan.class, false);
  public static final LakePruningRule OF_PROJECTED_SCAN = new LakePruningRule(LakeProjectedScan.class, false);
  public static final LakePruningRule OF_PROJECTION_OF_TABLE_SCAN = new LakePruningRule(LogicalTableScan.class, true);
  public static final LakePruningRule OF_PROJECTION_OF_PROJECTED_SCAN = new LakePruningRule(LakeProjectedScan.class, true);

  private final boolean projected;

  @SuppressWarnings("deprecation") // RelRule's config beans need generated code; the classic operands do not
  private LakePruningRule(Class<? extends TableScan> scan, boolean throughProject) {
    super(throughProject
        ? operand(LogicalFilter.class, operand(LogicalProject.class, operand(scan, none())))
        : operand(LogicalFilter.class, operand(scan, none())),
        "LakePruningRule:" + scan.getSimpleName() + (throughProject ? ":project" : ""));
    this.projected = throughProject;
  }

  @Override public void onMatch(RelOptRuleCall call) {
    LogicalFilter filter = call.rel(0);
    LogicalProject project = projected ? call.rel(1) : null;
    TableScan scan = call.rel(projected ? 2 : 1);
    if (scan.getTable().unwrap(LakeTable.class) == null) {
      return;
    }
    int[] columns;
    if (scan instanceof LakeProjectedScan p) {
      if (!p.pruning().isEmpty()) {
        return;
      }
      columns = p.columns();
    } else {
      columns = IntStream.range(0, scan.getRowType().getFieldCount()).toArray();
    }
    List<LakePruningTerms.Term> terms = new ArrayList<>();
    for (LakePruningTerms.Term t : LakePruningTerms.of(filter.getCondition())) {
      if (project == null) {
        terms.add(t);
      } else if (project.getProjects().get(t.column()) instanceof RexInputRef ref) {
        terms.add(new LakePruningTerms.Term(ref.getIndex(), t.op(), t.value())); // a plain column passed through
      }
    }
    if (terms.isEmpty()) {
      return;
    }
    RelNode pruned = new LakeProjectedScan(scan.getCluster(), scan.getTable(), columns,
        LakePruningTerms.text(terms, columns));
    if (project != null) {
      List<RexNode> projects = project.getProjects();
      pruned = project.copy(project.getTraitSet(), pruned, projects, project.getRowType());
    }
    call.transformTo(filter.copy(filter.getTraitSet(), List.of(pruned)));
  }
}
