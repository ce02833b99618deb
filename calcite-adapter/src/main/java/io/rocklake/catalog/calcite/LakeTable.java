package io.rocklake.catalog.calcite;

import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.ColumnType;
import io.rocklake.catalog.lake.FileRanges;
import io.rocklake.catalog.lake.LakeColumnTypes;
import io.rocklake.catalog.lake.LakeRead;
import io.rocklake.catalog.lake.LakeRows;
import io.rocklake.catalog.lake.LakeTableDef;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A DuckLake table at one snapshot as Calcite sees it: its columns at the snapshot, in their presented
 * PostgreSQL types ({@link LakeColumnTypes}), and its rows read from Parquet by arrow-scan as they are
 * consumed. The scan plan is built from the catalog in the executing transaction when the scan starts.
 * Scanned whole, or only the columns a query uses ({@link LakeProjectedScan}), so unread columns cost
 * nothing. Filters stay with Calcite: the table decides no row, but leaves out the files whose
 * statistics admit none of a filter's rows ({@link LakePruningRule}).
 */
public final class LakeTable extends AbstractTable implements ScannableTable {
  private final LakeTableDef table;
  private final List<ColumnDef> presented;
  private final long snapshot;
  private final Optional<String> dataPath;
  private final Function<DataContext, CatalogTransaction> tx;

  public LakeTable(LakeTableDef table, long snapshot, Optional<String> dataPath,
      Function<DataContext, CatalogTransaction> tx) {
    this.table = table;
    this.presented = table.columns().stream().map(LakeColumnTypes::presented).toList();
    this.snapshot = snapshot;
    this.dataPath = dataPath;
    this.tx = tx;
  }

  public LakeTableDef table() {
    return table;
  }

  public long snapshot() {
    return snapshot;
  }

  /** The columns as pg_catalog and result descriptions present them. */
  public List<ColumnDef> presentedColumns() {
    return presented;
  }

  @Override public RelDataType getRowType(RelDataTypeFactory f) {
    RelDataTypeFactory.Builder b = f.builder();
    for (ColumnDef c : presented) {
      b.add(c.name(), f.createTypeWithNullability(sqlType(c, f), !c.notNull()));
    }
    return b.build();
  }

  private static RelDataType sqlType(ColumnDef c, RelDataTypeFactory f) {
    return c.numeric()
        .map(n -> f.createSqlType(SqlTypeName.DECIMAL, n.precision(), n.scale()))
        .orElseGet(() -> CalciteTypes.sqlType(c.type(), f));
  }

  @Override public Enumerable<Object[]> scan(DataContext root) {
    int[] all = new int[presented.size()];
    for (int i = 0; i < all.length; i++) {
      all[i] = i;
    }
    return scan(root, all);
  }

  /**
   * The rows of only these columns (positions in the table's row type, comma-separated), then
   * {@code |} and the filter's comparisons that prune files ({@link LakePruningTerms}): what
   * {@link LakeProjectedScan}'s code calls.
   */
  public Enumerable<Object[]> scan(DataContext root, String argument) {
    int bar = argument.indexOf('|');
    String columns = bar < 0 ? argument : argument.substring(0, bar);
    String[] parts = columns.isEmpty() ? new String[0] : columns.split(",");
    int[] positions = new int[parts.length];
    for (int i = 0; i < parts.length; i++) {
      positions[i] = Integer.parseInt(parts[i]);
    }
    FileRanges.Builder ranges = FileRanges.builder();
    for (LakePruningTerms.Term t : LakePruningTerms.parse(bar < 0 ? "" : argument.substring(bar + 1))) {
      LakeTableDef.Column c = table.columns().get(t.column());
      ranges.compare(c.columnId(), c.columnType(), t.op(), t.value());
    }
    return scan(root, positions, ranges.build());
  }

  private Enumerable<Object[]> scan(DataContext root, int[] positions) {
    return scan(root, positions, FileRanges.NONE);
  }

  private Enumerable<Object[]> scan(DataContext root, int[] positions, FileRanges ranges) {
    // Planned now, in the executing transaction; each enumeration (a join may ask again) reads the files.
    LakeRead read = LakeRead.of(tx.apply(root), table, snapshot, dataPath, positions, ranges);
    return new AbstractEnumerable<>() {
      @Override public Enumerator<Object[]> enumerator() {
        return new RowsEnumerator(read.open(LakeTable::toCalcite));
      }
    };
  }

  private static Object[] toCalcite(Object[] values) {
    for (int i = 0; i < values.length; i++) {
      values[i] = CalciteTypes.toCalcite(values[i]);
    }
    return values;
  }

  /** Calcite's cursor over the rows; closing it closes the scan. */
  private static final class RowsEnumerator implements Enumerator<Object[]> {
    private final LakeRows<Object[]> rows;
    private Object[] current;

    RowsEnumerator(LakeRows<Object[]> rows) {
      this.rows = rows;
    }

    @Override public Object[] current() {
      return current;
    }

    @Override public boolean moveNext() {
      if (!rows.hasNext()) {
        return false;
      }
      current = rows.next();
      return true;
    }

    @Override public void reset() {
      throw new UnsupportedOperationException("a lake scan is read once");
    }

    @Override public void close() {
      rows.close();
    }
  }
}
