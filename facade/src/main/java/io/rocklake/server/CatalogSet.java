package io.rocklake.server;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.SqlState;
import io.rocklake.engine.EngineException;
import io.rocklake.engine.ClientOrigin;
import io.rocklake.engine.EngineSession;
import io.rocklake.engine.LiveSessions;
import io.rocklake.engine.ShapePolicy;
import io.rocklake.engine.StatementMemory;
import io.rocklake.facade.CatalogQueryEngine;
import io.rocklake.kv.Db;
import io.rocklake.kv.store.MeteredObjectStore;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.kv.store.StoreMetrics;
import io.rocklake.pgwire.server.CommitFeed;
import io.rocklake.pgwire.server.QueryEngine;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The catalogs of a {@link CatalogRoot}, served by one process: a session's {@code database} startup
 * parameter names its catalog ({@code NAME}, or {@code NAME.lake} for that catalog's lake tables),
 * and the catalog is opened the first time a session names it, then kept open.
 *
 * <p>On the writer, each catalog has its own kv-store writer, so each is fenced separately: a newer
 * writer that opens one catalog takes that catalog only (its sessions then get 57P01 and new ones are
 * refused), and the others go on. A name with no catalog yet is created by the writer when a session
 * first names it, as {@code CREATE DATABASE} would: DuckDB's ATTACH of a new lake needs the catalog
 * the moment it connects. A replica serves only catalogs that exist and answers any other name with
 * 3D000, as PostgreSQL does; one the writer creates later is found at the next session naming it.
 */
public final class CatalogSet implements QueryEngine, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(CatalogSet.class);

  /** One open catalog: its store, the engine over it, and on a replica what follows the writer. */
  private record Served(String name, ObjectStore store, CatalogQueryEngine engine, Catalog catalog,
      ReplicaFollower follower) {}

  private final CatalogRoot root;
  private final ServerConfig config;
  /** The replicas' poll interval; null on the writer. */
  private final Duration replicaPoll;
  private final StoreMetrics storeMetrics = new StoreMetrics();
  private final StatementMemory statementMemory = StatementMemory.ofHeap();
  /** Every catalog's sessions: pg_stat_activity lists the server's, whichever catalog asks, as PostgreSQL's does. */
  private final LiveSessions sessions = new LiveSessions();
  private final Map<String, Served> served = new ConcurrentHashMap<>();
  /** Catalogs a newer writer took, with its epoch: never reopened here, or the two would fence each other in turn. */
  private final Map<String, Long> fenced = new ConcurrentHashMap<>();
  /** Compactions of writers closed since (fenced): the metric is a counter and must not go down. */
  private final AtomicLong closedCompactions = new AtomicLong();

  private CatalogSet(CatalogRoot root, ServerConfig config, Duration replicaPoll) {
    this.root = root;
    this.config = config;
    this.replicaPoll = replicaPoll;
  }

  /** The catalogs under {@code root}, each written by this process. */
  public static CatalogSet writer(CatalogRoot root, ServerConfig config) {
    return new CatalogSet(root, config, null);
  }

  /** The catalogs under {@code root}, each a read-only replica following its writer every {@code poll}. */
  public static CatalogSet replica(CatalogRoot root, ServerConfig config, Duration poll) {
    return new CatalogSet(root, config, poll);
  }

  public boolean isReplica() {
    return replicaPoll != null;
  }

  public CatalogRoot root() {
    return root;
  }

  @Override public EngineSession open(Map<String, String> startupParameters) {
    return servedFor(startupParameters).engine().open(startupParameters);
  }

  @Override public EngineSession open(Map<String, String> startupParameters, ClientOrigin origin) {
    return servedFor(startupParameters).engine().open(startupParameters, origin);
  }

  @Override public boolean processIdInUse(int processId) {
    return sessions.holds(processId);
  }

  @Override public CommitFeed commits(Map<String, String> startupParameters) {
    Served s = served.get(catalogName(database(startupParameters)));
    return s == null ? NO_COMMITS : s.engine().commits(startupParameters);
  }

  @Override public StatementMemory statementMemory() {
    return statementMemory;
  }

  /** The requests and bytes of every catalog's store together. */
  public StoreMetrics storeMetrics() {
    return storeMetrics;
  }

  /** The catalogs open now, by name. */
  public Set<String> openCatalogs() {
    return new TreeMap<>(served).keySet();
  }

  /** kv-store compactions by every writer this set opened. */
  public long compactions() {
    long live = 0;
    for (Served s : served.values()) {
      live += s.catalog().writer() == null ? 0 : s.catalog().writer().compactions();
    }
    return closedCompactions.get() + live;
  }

  /** The most any catalog's replica lags its writer, in seconds (0 with none open). */
  public double maxLagSeconds() {
    long most = 0;
    for (Served s : served.values()) {
      most = s.follower() == null ? most : Math.max(most, s.follower().lagMillis());
    }
    return most / 1000.0;
  }

  /**
   * Asks every writer whether a newer one fenced it; a fenced catalog is closed and refused from
   * then on, the others served as before.
   */
  public void checkFenced() {
    for (Served s : served.values()) {
      OptionalLong by;
      try {
        by = s.catalog().checkFenced();
      } catch (RuntimeException e) {
        LOG.warn("could not check whether a newer writer fenced catalog {}: {}", s.name(), e.getMessage());
        continue;
      }
      if (by.isPresent()) {
        fenced.put(s.name(), by.getAsLong());
        served.remove(s.name(), s);
        LOG.error("catalog {} was fenced by a newer writer (epoch {}; this server's was {}); serving the other "
            + "catalogs, refusing sessions on {}", s.name(), by.getAsLong(), s.catalog().writer().epoch(), s.name());
        closedCompactions.addAndGet(s.catalog().writer().compactions());
        s.catalog().writer().close();
        s.store().close();
      }
    }
  }

  private Served servedFor(Map<String, String> startupParameters) {
    String database = database(startupParameters);
    String name = catalogName(database);
    Served s = served.get(name);
    if (s != null) {
      return s;
    }
    CatalogLocation location = root.catalog(name); // 3D000 for a name that cannot be a catalog
    synchronized (this) { // opening is rare and slow: one at a time, and never twice for one name
      s = served.get(name);
      if (s == null) {
        s = openCatalog(name, location);
        served.put(name, s);
      }
      return s;
    }
  }

  private Served openCatalog(String name, CatalogLocation location) {
    Long takenBy = fenced.get(name);
    if (takenBy != null) {
      throw new EngineException(SqlState.ADMIN_SHUTDOWN, "catalog \"" + name + "\" was taken over by a newer writer "
          + "(epoch " + takenBy + "); this server no longer serves it", "Another writer opened it (a rocklake serve, "
          + "gc or excise): connect to that server, or restart this one to take the catalog back.");
    }
    // A local folder is looked at before a store is opened on it, which would create the folder.
    boolean absent = location.folder() != null && !Files.isDirectory(location.folder());
    if (isReplica() && absent) {
      throw unknownCatalog(name, location);
    }
    MeteredObjectStore store = new MeteredObjectStore(location.open(), storeMetrics);
    Db db = null;
    ReplicaFollower follower = null;
    try {
      boolean exists = !absent && CatalogLocation.holdsCatalog(store);
      Catalog catalog;
      if (isReplica()) {
        if (!exists) {
          throw unknownCatalog(name, location);
        }
        follower = ReplicaFollower.start(store, location.spec(), replicaPoll);
        catalog = follower.catalog();
        LOG.info("catalog {} at {} opened as a read-only replica at commit {}", name, location, follower.commit());
      } else {
        db = Db.open(store);
        catalog = Catalog.open(db, () -> Db.open(store));
        LOG.info("catalog {} at {} {} for writing at epoch {}", name, location, exists ? "opened" : "created",
            db.epoch());
      }
      catalog.nameDatabase(name); // current_database() and pg_database say which catalog a session is in
      LakeDatabase lake = config.lake();
      CatalogQueryEngine engine = new CatalogQueryEngine(catalog, ShapePolicy.duckLake(config.strictShapes()),
          name + "." + lake.name(), lake.dataPath().isEmpty() ? Optional.empty() : root.dataPath(name, lake.dataPath()),
          config.readOnlyUsers(), sessions);
      if (follower != null) {
        follower.onMoved(engine.snapshots()::catalogMoved);
      }
      return new Served(name, store, engine, catalog, follower);
    } catch (RuntimeException e) {
      if (follower != null) {
        follower.close();
      }
      if (db != null) {
        db.close();
      }
      store.close();
      throw e;
    }
  }

  private static EngineException unknownCatalog(String name, CatalogLocation location) {
    return new EngineException(SqlState.INVALID_CATALOG_NAME, "database \"" + name + "\" does not exist",
        "No catalog at " + location.spec() + " yet; the writer creates it when a session first connects to it there.");
  }

  /** PostgreSQL's default database is the user's name. */
  private static String database(Map<String, String> startupParameters) {
    String database = startupParameters.get("database");
    return database == null || database.isEmpty() ? startupParameters.getOrDefault("user", "") : database;
  }

  /** {@code NAME.lake} is catalog NAME's lake database; any other database name is a catalog's. */
  private String catalogName(String database) {
    String suffix = "." + config.lake().name();
    return database.endsWith(suffix) ? database.substring(0, database.length() - suffix.length()) : database;
  }

  @Override public void close() {
    for (Served s : served.values()) {
      try {
        if (s.follower() != null) {
          s.follower().close();
        } else if (s.catalog().writer() != null) {
          s.catalog().writer().close();
        }
        s.store().close();
      } catch (RuntimeException e) {
        LOG.warn("closing catalog {}: {}", s.name(), e.getMessage());
      }
    }
    served.clear();
  }
}
