package io.rocklake.catalog.calcite;

import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.Blocks;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.util.BuiltInMethod;

/**
 * The generated code of a scan RockLake plans itself ({@link BoundedScan}, {@link LakeProjectedScan}):
 * it finds its table by name in the executing root schema and calls {@code scan(root, argument)} on it,
 * the argument as text, so the code holds no object of the planning process.
 */
final class ScanCall {
  private ScanCall() {}

  static EnumerableRel.Result implement(EnumerableRelImplementor implementor, TableScan scan, Class<?> tableClass,
      String argument) {
    boolean single = scan.getRowType().getFieldCount() == 1;
    PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), scan.getRowType(),
        single ? JavaRowFormat.SCALAR : JavaRowFormat.ARRAY);
    List<String> name = scan.getTable().getQualifiedName(); // [schema, table], as the executing root schema holds them
    Expression schema = Expressions.call(Expressions.call(DataContext.ROOT, "getRootSchema"), "getSubSchema",
        Expressions.constant(name.get(0)));
    Expression table = Expressions.convert_(Expressions.call(schema, "getTable", Expressions.constant(name.get(1))),
        tableClass);
    Expression rows = Expressions.call(table, "scan", DataContext.ROOT, Expressions.constant(argument));
    if (single) {
      rows = Expressions.call(BuiltInMethod.SLICE0.method, rows);
    }
    return implementor.result(physType, Blocks.toBlock(rows));
  }
}
