package io.rocklake.facade;

import io.rocklake.catalog.Catalog;
import io.rocklake.engine.EngineSession;
import io.rocklake.engine.ShapePolicy;
import io.rocklake.engine.SqlEngine;
import io.rocklake.pgwire.server.QueryEngine;
import java.util.Map;
import java.util.Optional;

/**
 * The wire server's sessions, run by the SQL engine over one catalog. A client that names the lake
 * database ({@code dbname=lake} by default) gets a session over the lake's tables; any other name,
 * the catalog's relations, as DuckDB expects.
 */
public final class CatalogQueryEngine implements QueryEngine {
  private final SqlEngine engine;
  private final String lakeDatabase;
  private final Optional<String> lakeDataPath;
  private final io.rocklake.pgwire.server.CommitFeed commits = new io.rocklake.pgwire.server.CommitFeed();
  private final SnapshotNotifier snapshots;

  public CatalogQueryEngine(Catalog catalog) {
    this(catalog, ShapePolicy.permissive());
  }

  public CatalogQueryEngine(Catalog catalog, ShapePolicy shapes) {
    this(catalog, shapes, "lake", Optional.empty());
  }

  /**
   * @param lakeDatabase the database name whose sessions see the lake's tables
   * @param lakeDataPath where relative lake file paths resolve instead of the catalog's data_path
   */
  public CatalogQueryEngine(Catalog catalog, ShapePolicy shapes, String lakeDatabase, Optional<String> lakeDataPath) {
    this(catalog, shapes, lakeDatabase, lakeDataPath, java.util.Set.of(), new io.rocklake.engine.LiveSessions());
  }

  /**
   * @param readOnlyUsers the users whose every write is refused with 25006, on every endpoint
   * @param sessions the server's live sessions (pg_stat_activity), shared by every catalog it serves
   */
  public CatalogQueryEngine(Catalog catalog, ShapePolicy shapes, String lakeDatabase, Optional<String> lakeDataPath,
      java.util.Set<String> readOnlyUsers, io.rocklake.engine.LiveSessions sessions) {
    this.engine = new SqlEngine(catalog, shapes, readOnlyUsers, sessions);
    this.lakeDatabase = lakeDatabase;
    this.lakeDataPath = lakeDataPath;
    this.snapshots = new SnapshotNotifier(catalog, commits);
    if (catalog.isWritable()) {
      catalog.onCommitted(commit -> snapshots.catalogMoved());
    }
  }

  /** What a read-only replica calls after refreshing its catalog, to announce the snapshots it now sees. */
  public SnapshotNotifier snapshots() {
    return snapshots;
  }

  @Override public io.rocklake.pgwire.server.CommitFeed commits(Map<String, String> startupParameters) {
    return commits;
  }

  public SqlEngine engine() {
    return engine;
  }

  @Override public io.rocklake.engine.StatementMemory statementMemory() {
    return engine.statementMemory();
  }

  @Override public EngineSession open(Map<String, String> startupParameters) {
    return open(startupParameters, io.rocklake.engine.ClientOrigin.LOCAL);
  }

  @Override public boolean processIdInUse(int processId) {
    return engine.processIdInUse(processId);
  }

  @Override public EngineSession open(Map<String, String> startupParameters, io.rocklake.engine.ClientOrigin origin) {
    String user = startupParameters.getOrDefault("user", "");
    String application = startupParameters.getOrDefault("application_name", "");
    // PostgreSQL's default database is the user's name; only an explicit lake name opens the lake.
    if (lakeDatabase.equals(startupParameters.get("database"))) {
      return engine.openLakeSession(user, application, lakeDatabase, lakeDataPath, origin);
    }
    return engine.openSession(user, application, origin);
  }
}
