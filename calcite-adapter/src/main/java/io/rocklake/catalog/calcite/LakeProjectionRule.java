package io.rocklake.catalog.calcite;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalTableScan;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * {@code Project(Scan(lake table))} → {@code Project(LakeProjectedScan)} reading only the columns the
 * projection uses (none, for {@code count(*)}: then the rows are counted, no column read). Calcite's
 * field trimming puts such a projection above every scan whose columns a query does not all use.
 */
public final class LakeProjectionRule extends RelOptRule {
  public static final LakeProjectionRule INSTANCE = new LakeProjectionRule();

  @SuppressWarnings("deprecation") // RelRule's config beans need generated code; the classic operands do not
  private LakeProjectionRule() {
    super(operand(LogicalProject.class, operand(LogicalTableScan.class, none())), "LakeProjectionRule");
  }

  @Override public void onMatch(RelOptRuleCall call) {
    LogicalProject project = call.rel(0);
    LogicalTableScan scan = call.rel(1);
    if (scan.getTable().unwrap(LakeTable.class) == null) {
      return;
    }
    ImmutableBitSet used = RelOptUtil.InputFinder.bits(project.getProjects(), null);
    int width = scan.getRowType().getFieldCount();
    if (used.cardinality() == width) {
      return;
    }
    int[] columns = used.toArray();
    int[] position = new int[width];
    for (int i = 0; i < columns.length; i++) {
      position[columns[i]] = i;
    }
    LakeProjectedScan narrow = new LakeProjectedScan(scan.getCluster(), scan.getTable(), columns);
    RexShuttle renumber = new RexShuttle() {
      @Override public RexNode visitInputRef(RexInputRef ref) {
        return new RexInputRef(position[ref.getIndex()], ref.getType());
      }
    };
    List<RexNode> projects = new ArrayList<>();
    for (RexNode e : project.getProjects()) {
      projects.add(e.accept(renumber));
    }
    call.transformTo(project.copy(project.getTraitSet(), narrow, projects, project.getRowType()));
  }
}
