package io.rocklake.facade;

import io.rocklake.catalog.Catalog;
import io.rocklake.engine.EngineSession;
import io.rocklake.engine.ShapePolicy;
import io.rocklake.engine.SqlEngine;
import io.rocklake.pgwire.server.QueryEngine;
import java.util.Map;

/** The wire server's sessions, run by the SQL engine over one catalog. */
public final class CatalogQueryEngine implements QueryEngine {
  private final SqlEngine engine;

  public CatalogQueryEngine(Catalog catalog) {
    this(catalog, ShapePolicy.permissive());
  }

  public CatalogQueryEngine(Catalog catalog, ShapePolicy shapes) {
    this.engine = new SqlEngine(catalog, shapes);
  }

  public SqlEngine engine() {
    return engine;
  }

  @Override public io.rocklake.engine.StatementMemory statementMemory() {
    return engine.statementMemory();
  }

  @Override public EngineSession open(Map<String, String> startupParameters) {
    return engine.openSession(startupParameters.getOrDefault("user", ""),
        startupParameters.getOrDefault("application_name", ""));
  }
}
