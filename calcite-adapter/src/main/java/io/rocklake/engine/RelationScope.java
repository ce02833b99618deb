package io.rocklake.engine;

import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.SqlState;
import java.util.HashMap;
import java.util.Map;
import org.apache.calcite.sql.SqlIdentifier;

/**
 * Column references of one relation's rows ({@code c}, {@code t.c}, {@code ctid}), optionally
 * falling back to an outer scope (the FROM side of UPDATE ... FROM).
 */
final class RelationScope implements Scope {
  private final RelationDef relation;
  private final String alias;
  private final Map<String, Integer> index = new HashMap<>();
  private final Scope outer;
  private CatalogRow row;

  RelationScope(RelationDef relation, String alias, Scope outer) {
    this.relation = relation;
    this.alias = alias == null ? relation.name() : alias;
    this.outer = outer;
    for (int i = 0; i < relation.columns().size(); i++) {
      index.put(relation.columns().get(i).name(), i);
    }
  }

  RelationScope at(CatalogRow r) {
    this.row = r;
    return this;
  }

  boolean has(String column) {
    return index.containsKey(column) || column.equals("ctid");
  }

  @Override public Object column(SqlIdentifier id) {
    String name = id.names.get(id.names.size() - 1);
    if (id.names.size() > 1) {
      String qualifier = id.names.get(id.names.size() - 2);
      if (!qualifier.equals(alias) && !qualifier.equals(relation.name())) {
        if (outer != null) {
          return outer.column(id);
        }
        throw new EngineException(SqlState.UNDEFINED_TABLE, "missing FROM-clause entry for table \"" + qualifier + "\"");
      }
    } else if (!has(name) && outer != null) {
      return outer.column(id);
    }
    if (name.equals("ctid")) {
      return Locators.of(row.rowId());
    }
    Integer i = index.get(name);
    if (i == null) {
      throw new EngineException(SqlState.UNDEFINED_COLUMN, "column \"" + name + "\" does not exist");
    }
    return row.get(i);
  }
}
