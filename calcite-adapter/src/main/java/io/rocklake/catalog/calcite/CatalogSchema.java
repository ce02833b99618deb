package io.rocklake.catalog.calcite;

import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.RelationRegistry;
import java.util.HashMap;
import java.util.Map;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;

/** The relations of one SQL schema ({@code public}, {@code rocklake}) as a transaction sees them. */
final class CatalogSchema extends AbstractSchema {
  private final CatalogTransaction tx;
  private final String schema;
  private final RelationRegistry registry;

  CatalogSchema(CatalogTransaction tx, RelationRegistry registry, String schema) {
    this.tx = tx;
    this.schema = schema;
    this.registry = registry;
  }

  @Override protected Map<String, Table> getTableMap() {
    Map<String, Table> tables = new HashMap<>();
    for (RelationDef r : registry.existingRelations(tx)) {
      if (r.schema().equals(schema)) {
        tables.put(r.name(), new CatalogTable(tx, r));
      }
    }
    return tables;
  }
}
