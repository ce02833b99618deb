package io.rocklake.engine;

import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.SqlState;
import java.util.Optional;
import org.apache.calcite.sql.SqlIdentifier;

/** Resolves a relation name the way the session's search path does: {@code public}, then temp tables. */
final class Relations {
  private Relations() {}

  static Optional<RelationDef> find(CatalogTransaction tx, SqlIdentifier id) {
    if (id.names.size() > 2) {
      throw new EngineException(SqlState.FEATURE_NOT_SUPPORTED, "cross-database references are not implemented: " + id);
    }
    if (id.names.size() == 2) {
      return tx.relation(id.names.get(0), id.names.get(1));
    }
    String name = id.names.get(0);
    Optional<RelationDef> r = tx.relation(null, name);
    if (r.isPresent()) {
      return r;
    }
    return tx.relation("pg_temp", name);
  }

  static RelationDef require(CatalogTransaction tx, SqlIdentifier id) {
    return find(tx, id).orElseThrow(() -> new EngineException(SqlState.UNDEFINED_TABLE, "relation \"" + id + "\" does not exist"));
  }
}
