package io.rocklake.engine;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.schema.impl.TableFunctionImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * PostgreSQL's {@code generate_series(start, stop)} of integers in FROM, as a Calcite table
 * function: one {@code integer} column named {@code generate_series}, the values from start to stop
 * (none when stop is below start, none for NULL bounds). pgjdbc's {@code getImportedKeys} and
 * {@code getExportedKeys} join {@code generate_series(1, max_index_keys) pos(n)}.
 */
public final class GenerateSeries extends AbstractTable implements ScannableTable {
  private final Integer start;
  private final Integer stop;

  private GenerateSeries(Integer start, Integer stop) {
    this.start = start;
    this.stop = stop;
  }

  /** The function Calcite calls, with the literal bounds at validation and the actual ones when the plan runs. */
  public static ScannableTable generate_series(Integer start, Integer stop) {
    return new GenerateSeries(start, stop);
  }

  @Override public RelDataType getRowType(RelDataTypeFactory f) {
    return f.builder().add("generate_series", f.createTypeWithNullability(f.createSqlType(SqlTypeName.INTEGER), false))
        .build();
  }

  @Override public Enumerable<Object[]> scan(DataContext root) {
    List<Object[]> rows = new ArrayList<>();
    if (start != null && stop != null) {
      for (long i = start; i <= stop; i++) {
        rows.add(new Object[] {(int) i});
      }
    }
    return Linq4j.asEnumerable(rows);
  }

  static void register(SchemaPlus root, SchemaPlus pgCatalog) {
    for (java.lang.reflect.Method m : GenerateSeries.class.getMethods()) {
      if (m.getName().equals("generate_series")) {
        root.add("generate_series", TableFunctionImpl.create(m));
        pgCatalog.add("generate_series", TableFunctionImpl.create(m));
      }
    }
  }
}
