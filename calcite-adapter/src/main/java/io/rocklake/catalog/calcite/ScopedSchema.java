package io.rocklake.catalog.calcite;

import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.RelationRegistry;
import io.rocklake.catalog.pg.PgCatalogTables;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.apache.calcite.DataContext;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;

/**
 * One SQL schema as a given transaction sees it, whose tables read each execution's transaction
 * from the {@link DataContext}. With {@code pgCatalogOnPath}, PostgreSQL's implicit search path
 * applies: {@code pg_namespace} resolves without {@code pg_catalog.} in front.
 */
public final class ScopedSchema extends AbstractSchema {
  private final CatalogTransaction tx;
  private final RelationRegistry registry;
  private final String schema;
  private final Function<DataContext, CatalogTransaction> runtimeTx;
  private final boolean pgCatalogOnPath;
  /** Relation name to the names of its columns read as NULL (see {@link ScopedTable}). */
  private final Map<String, java.util.List<String>> withheld;

  public ScopedSchema(CatalogTransaction tx, RelationRegistry registry, String schema,
      Function<DataContext, CatalogTransaction> runtimeTx, boolean pgCatalogOnPath) {
    this(tx, registry, schema, runtimeTx, pgCatalogOnPath, Map.of());
  }

  /** The schema's relations, the columns {@code withheld} names (by relation) read as NULL. */
  public ScopedSchema(CatalogTransaction tx, RelationRegistry registry, String schema,
      Function<DataContext, CatalogTransaction> runtimeTx, boolean pgCatalogOnPath,
      Map<String, java.util.List<String>> withheld) {
    this.tx = tx;
    this.registry = registry;
    this.schema = schema;
    this.runtimeTx = runtimeTx;
    this.pgCatalogOnPath = pgCatalogOnPath;
    this.withheld = Map.copyOf(withheld);
  }

  @Override protected Map<String, Table> getTableMap() {
    Map<String, Table> tables = new HashMap<>();
    if (schema.equals("pg_catalog") || pgCatalogOnPath) {
      tables.putAll(PgCatalogTables.forTransaction(runtimeTx, registry));
    }
    if (!schema.equals("pg_catalog")) {
      for (RelationDef r : registry.existingRelations(tx)) {
        if (r.schema().equals(schema)) {
          java.util.BitSet hidden = new java.util.BitSet();
          for (String column : withheld.getOrDefault(r.name(), java.util.List.of())) {
            r.columnIndex(column).ifPresent(hidden::set);
          }
          tables.put(r.name(), new ScopedTable(r, runtimeTx, hidden));
        }
      }
    }
    return tables;
  }
}
