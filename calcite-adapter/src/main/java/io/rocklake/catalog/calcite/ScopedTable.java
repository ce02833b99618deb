package io.rocklake.catalog.calcite;

import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.RelationDef;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.impl.AbstractTable;

/**
 * A catalog relation as Calcite sees it — the one table abstraction of every Calcite plan, the
 * engine's compiled, cached and archived plans and {@link CatalogSql}'s alike. It reads the
 * transaction of each execution from the {@link DataContext} rather than holding one, so a plan
 * compiled once serves every session. Scanned whole as a {@link ScannableTable}, or through the bounds
 * of the filter above it ({@link BoundedScan}), which the catalog turns into an access path.
 */
public final class ScopedTable extends AbstractTable implements ScannableTable {
  private final RelationDef relation;
  private final Function<DataContext, CatalogTransaction> tx;

  public ScopedTable(RelationDef relation, Function<DataContext, CatalogTransaction> tx) {
    this.relation = relation;
    this.tx = tx;
  }

  public RelationDef relation() {
    return relation;
  }

  @Override public RelDataType getRowType(RelDataTypeFactory typeFactory) {
    return CalciteTypes.rowType(relation, typeFactory);
  }

  @Override public Enumerable<Object[]> scan(DataContext root) {
    return rows(tx.apply(root).scan(relation));
  }

  /** The rows the bounds admit ({@link BoundsTemplate}, as text): what {@link BoundedScan}'s code calls. */
  public Enumerable<Object[]> scan(DataContext root, String bounds) {
    return rows(tx.apply(root).scan(relation, BoundsTemplate.parse(bounds).bind(relation, root)));
  }

  private static Enumerable<Object[]> rows(List<CatalogRow> rows) {
    List<Object[]> out = new ArrayList<>(rows.size());
    for (CatalogRow r : rows) {
      Object[] v = r.values();
      for (int i = 0; i < v.length; i++) {
        v[i] = CalciteTypes.toCalcite(v[i]);
      }
      out.add(v);
    }
    return Linq4j.asEnumerable(out);
  }
}
