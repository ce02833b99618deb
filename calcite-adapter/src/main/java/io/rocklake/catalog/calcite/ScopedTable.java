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
 *
 * <p>A table may withhold columns: their values are read as NULL (the lake database's view of
 * {@code ducklake_data_file.encryption_key}). Such a table is always read whole, never through
 * bounds, so no filter on a withheld column's real values can choose the rows: the filter above,
 * kept whole, sees only the NULLs.
 */
public final class ScopedTable extends AbstractTable implements ScannableTable {
  private final RelationDef relation;
  private final Function<DataContext, CatalogTransaction> tx;
  /** Positions of the columns read as NULL; empty for a table that shows every value. */
  private final java.util.BitSet withheld;

  public ScopedTable(RelationDef relation, Function<DataContext, CatalogTransaction> tx) {
    this(relation, tx, new java.util.BitSet());
  }

  /** A table whose columns at {@code withheld} positions read as NULL. */
  public ScopedTable(RelationDef relation, Function<DataContext, CatalogTransaction> tx, java.util.BitSet withheld) {
    this.relation = relation;
    this.tx = tx;
    this.withheld = (java.util.BitSet) withheld.clone();
  }

  public RelationDef relation() {
    return relation;
  }

  @Override public RelDataType getRowType(RelDataTypeFactory typeFactory) {
    return CalciteTypes.rowType(relation, typeFactory);
  }

  @Override public Enumerable<Object[]> scan(DataContext root) {
    return rows(tx.apply(root).scan(relation), withheld);
  }

  /** The rows the bounds admit ({@link BoundsTemplate}, as text): what {@link BoundedScan}'s code calls. */
  public Enumerable<Object[]> scan(DataContext root, String bounds) {
    if (!withheld.isEmpty()) {
      return scan(root); // bounds could test a withheld column's real values
    }
    return rows(tx.apply(root).scan(relation, BoundsTemplate.parse(bounds).bind(relation, root)), withheld);
  }

  private static Enumerable<Object[]> rows(List<CatalogRow> rows, java.util.BitSet withheld) {
    List<Object[]> out = new ArrayList<>(rows.size());
    for (CatalogRow r : rows) {
      Object[] v = r.values();
      for (int i = 0; i < v.length; i++) {
        v[i] = withheld.get(i) ? null : CalciteTypes.toCalcite(v[i]);
      }
      out.add(v);
    }
    return Linq4j.asEnumerable(out);
  }
}
