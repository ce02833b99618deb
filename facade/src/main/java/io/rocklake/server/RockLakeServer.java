package io.rocklake.server;

import io.netty.handler.ssl.JdkSslContext;
import io.rocklake.avatica.AvaticaEndpoint;
import io.rocklake.catalog.Catalog;
import io.rocklake.engine.ShapePolicy;
import io.rocklake.facade.CatalogQueryEngine;
import io.rocklake.kv.Db;
import io.rocklake.kv.store.MeteredObjectStore;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.pgwire.server.PgWireServer;
import io.rocklake.pgwire.server.Tls;
import io.rocklake.pgwire.server.WireObserver;
import io.rocklake.server.telemetry.EventLog;
import io.rocklake.server.telemetry.MetricsEndpoint;
import io.rocklake.server.telemetry.ServerMetrics;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import io.rocklake.pgwire.server.WireOptions;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One RockLake process's serving stack, bottom up: the object store, the kv-store writer on it (which
 * fences any earlier writer), the catalog, the SQL engine, the PostgreSQL wire endpoint and, when
 * configured, the Avatica endpoint over the same engine. Closing
 * stops accepting, ends the sessions and closes the store; everything acknowledged is already durable.
 *
 * <p>A failed store write leaves the server serving reads, and the catalog reopens its writer at the
 * next write. Being fenced by a newer writer is final: checked every {@link #FENCE_CHECK_INTERVAL}
 * and on every failed write, it ends every session with FATAL 57P01 and the server with
 * {@link Termination#FENCED}, which {@code rocklake serve} turns into exit status 75.
 *
 * <p>Every session is observed by the event log and, with a metrics address, by the metrics
 * ({@link io.rocklake.server.telemetry}); the metrics endpoint listens from before the store opens,
 * so that {@code /health} answers during recovery and {@code /ready} says when serving begins.
 */
public final class RockLakeServer implements AutoCloseable {
  /** How long a fenced server may go on serving before it notices: the window of possibly stale reads. */
  public static final Duration FENCE_CHECK_INTERVAL = Duration.ofSeconds(1);
  private static final Logger LOG = LoggerFactory.getLogger(RockLakeServer.class);

  /** Why the server stopped serving. */
  public enum Termination {
    /** {@link #close()} was called (SIGTERM, SIGINT). */
    CLOSED,
    /** A newer writer opened the catalog: this server must not serve it any more. */
    FENCED
  }

  private final ServerConfig config;
  /** The one catalog served, or null when serving a {@link CatalogRoot}'s. */
  private final Catalog catalog;
  /** The catalogs of a {@link CatalogRoot}, or null when serving one catalog. */
  private final CatalogSet catalogs;
  private final PgWireServer wire;
  /** The Avatica endpoint over the same engine, or null. */
  private final AvaticaEndpoint avatica;
  private final WarmUp.Result warmUp;
  private final ScheduledExecutorService fenceCheck;
  private final CompletableFuture<Termination> terminated = new CompletableFuture<>();
  private final AtomicBoolean closing = new AtomicBoolean();
  /** The metrics endpoint, or null. */
  private final Metrics metrics;
  /** What follows the writer when this server is a read-only replica; null on the writer. */
  private volatile ReplicaFollower replica;

  /** The metrics endpoint and what it serves: the metrics once the catalog is open, readiness once listening. */
  private static final class Metrics implements AutoCloseable {
    final java.util.concurrent.atomic.AtomicReference<ServerMetrics> served = new java.util.concurrent.atomic.AtomicReference<>();
    final AtomicBoolean ready = new AtomicBoolean();
    final MetricsEndpoint endpoint;

    Metrics(InetSocketAddress bind) {
      endpoint = MetricsEndpoint.start(bind, () -> {
        ServerMetrics m = served.get();
        return m == null ? null : m.scrape();
      }, ready::get);
    }

    @Override public void close() {
      ready.set(false);
      endpoint.close();
    }
  }

  private RockLakeServer(ServerConfig config, Catalog catalog, CatalogSet catalogs, PgWireServer wire,
      AvaticaEndpoint avatica, WarmUp.Result warmUp, Metrics metrics) {
    this.metrics = metrics;
    this.avatica = avatica;
    this.warmUp = warmUp;
    this.config = config;
    this.catalog = catalog;
    this.catalogs = catalogs;
    this.wire = wire;
    this.fenceCheck = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "rocklake-fence-check");
      t.setDaemon(true);
      return t;
    });
    long every = FENCE_CHECK_INTERVAL.toMillis();
    fenceCheck.scheduleWithFixedDelay(this::checkFenced, every, every, TimeUnit.MILLISECONDS);
    if (catalog != null) {
      catalog.onFenced(() -> {
        try {
          fenceCheck.execute(this::checkFenced); // a commit found the fence: stop now, not at the next tick
        } catch (RejectedExecutionException stopping) {
          // already stopping
        }
      });
    }
  }

  public static RockLakeServer start(ServerConfig config) throws InterruptedException {
    return checkedStart(config, (options, metrics) -> start(config, options, config.catalog().open(), metrics));
  }

  /** Serves {@code store} (already opened; the config's catalog location only names it) with the config's other settings. */
  public static RockLakeServer start(ServerConfig config, ObjectStore store) throws InterruptedException {
    return checkedStart(config, (options, metrics) -> start(config, options, store, metrics));
  }

  /**
   * Serves the config's catalog as a read-only replica ({@link ReplicaFollower}): it never writes to
   * the store, so it fences no writer, and it follows the writer's commits every {@code pollInterval}.
   */
  public static RockLakeServer startReplica(ServerConfig config, Duration pollInterval) throws InterruptedException {
    return startReplica(config, config.catalog().open(), pollInterval);
  }

  /** {@link #startReplica(ServerConfig, Duration)} on {@code store}, already opened. */
  public static RockLakeServer startReplica(ServerConfig config, ObjectStore unmetered, Duration pollInterval)
      throws InterruptedException {
    return checkedStart(config, (options, metrics) -> {
      MeteredObjectStore store = new MeteredObjectStore(unmetered);
      ReplicaFollower follower = ReplicaFollower.start(store, config.catalog().toString(), pollInterval);
      try {
        LOG.info("catalog {} opened as a read-only replica at commit {}, following every {} ms", config.catalog(),
            follower.commit(), pollInterval.toMillis());
        return serve(config, options, store, follower.catalog(), follower, metrics);
      } catch (RuntimeException | InterruptedException e) {
        follower.close();
        throw e;
      }
    });
  }

  /** How a server starts once {@link #checkedStart} has checked what it can before the store opens. */
  private interface Starting {
    RockLakeServer start(WireOptions options, Metrics metrics) throws InterruptedException;
  }

  /**
   * TLS files and the ports are checked before the store opens: opening it fences any other writer,
   * which a server that then cannot listen must not do. The metrics endpoint listens from here on
   * (so {@code /health} answers during recovery) and is closed again if the start fails.
   */
  private static RockLakeServer checkedStart(ServerConfig config, Starting starting) throws InterruptedException {
    WireOptions options = wireOptions(config);
    checkBindable(config.bind());
    checkAvaticaBindable(config);
    Metrics metrics = metricsEndpoint(config);
    try {
      return starting.start(options, metrics);
    } catch (RuntimeException | InterruptedException e) {
      if (metrics != null) {
        metrics.close();
      }
      throw e;
    }
  }

  private static Metrics metricsEndpoint(ServerConfig config) {
    InetSocketAddress bind = config.telemetry().metricsBind();
    return bind == null ? null : new Metrics(bind);
  }

  private static RockLakeServer start(ServerConfig config, WireOptions options, ObjectStore unmetered,
      Metrics metrics) throws InterruptedException {
    MeteredObjectStore store = new MeteredObjectStore(unmetered);
    Db db = Db.open(store);
    LOG.info("catalog {} opened for writing at epoch {}", config.catalog(), db.epoch());
    try {
      return serve(config, options, store, Catalog.open(db, () -> Db.open(store)), null, metrics);
    } catch (RuntimeException | InterruptedException e) {
      db.close();
      throw e;
    }
  }

  private static RockLakeServer serve(ServerConfig config, WireOptions options, MeteredObjectStore store,
      Catalog catalog, ReplicaFollower replica, Metrics metrics) throws InterruptedException {
    CatalogQueryEngine engine = new CatalogQueryEngine(catalog, ShapePolicy.duckLake(config.strictShapes()),
        config.lake().name(), config.lake().dataPath(), config.readOnlyUsers(), new io.rocklake.engine.LiveSessions());
    if (replica != null) {
      replica.onMoved(engine.snapshots()::catalogMoved); // LISTEN rocklake_commits on a replica too
    }
    WarmUp.Result warmed = config.warmUp() == null ? null : WarmUp.run(engine.engine(), config.warmUp());
    List<WireObserver> observers = observers(config, metrics, m -> {
      m.watchStore(store.metrics());
      if (replica == null) {
        m.watchCompactions(() -> catalog.writer().compactions());
      } else {
        m.watchReplica(() -> replica.lagMillis() / 1000.0, replica::commit);
      }
    });
    PgWireServer wire = PgWireServer.start(config.bind(), engine, options, WireObserver.all(observers));
    AvaticaEndpoint avatica = avatica(config, engine, wire);
    watchAvatica(metrics, avatica);
    RockLakeServer server = new RockLakeServer(config, catalog, null, wire, avatica, warmed, metrics);
    server.replica = replica;
    return server.started(replica == null ? "" : "read-only replica of ");
  }

  /**
   * Serves every catalog under {@code root}, each chosen by a session's database name
   * ({@link CatalogSet}): as their writer, or with {@code replicaPoll} as a read-only replica of each.
   * Warm-up statements do not apply: no catalog is open before a session names it.
   */
  public static RockLakeServer startRoot(ServerConfig config, CatalogRoot root, Duration replicaPoll)
      throws InterruptedException {
    return checkedStart(config, (options, metrics) -> {
      CatalogSet catalogs = replicaPoll == null ? CatalogSet.writer(root, config)
          : CatalogSet.replica(root, config, replicaPoll);
      try {
        List<WireObserver> observers = observers(config, metrics, m -> {
          m.watchStore(catalogs.storeMetrics());
          if (catalogs.isReplica()) {
            m.watchReplicaLag(catalogs::maxLagSeconds);
          } else {
            m.watchCompactions(catalogs::compactions);
          }
        });
        PgWireServer wire = PgWireServer.start(config.bind(), catalogs, options, WireObserver.all(observers));
        AvaticaEndpoint avatica = avatica(config, catalogs, wire);
        watchAvatica(metrics, avatica);
        return new RockLakeServer(config, null, catalogs, wire, avatica, null, metrics)
            .started(catalogs.isReplica() ? "read-only replicas of the catalogs under " : "the catalogs under ");
      } catch (RuntimeException e) {
        catalogs.close();
        throw e;
      }
    });
  }

  /** The event log, and the metrics (watching what {@code watch} adds) when there is an endpoint. */
  private static List<WireObserver> observers(ServerConfig config, Metrics metrics,
      java.util.function.Consumer<ServerMetrics> watch) {
    List<WireObserver> observers = new ArrayList<>(List.of(new EventLog(config.telemetry().slowStatement())));
    if (metrics != null) {
      ServerMetrics m = new ServerMetrics();
      watch.accept(m);
      observers.add(m);
      metrics.served.set(m);
    }
    return observers;
  }

  /** The Avatica endpoint over {@code engine} when configured; the wire endpoint is closed if it cannot start. */
  private static AvaticaEndpoint avatica(ServerConfig config, io.rocklake.pgwire.server.QueryEngine engine,
      PgWireServer wire) {
    try {
      return config.avatica() == null ? null : AvaticaEndpoint.start(config.avatica(), engine,
          config.authentication(), config.tls() == null ? null
              : ((JdkSslContext) Tls.serverContext(config.tls().certificate(), config.tls().privateKey())).context());
    } catch (RuntimeException e) {
      wire.close(PgWireServer.SHUTDOWN_NOTICE);
      throw e;
    }
  }

  /** Counts the Avatica endpoint's connections among the sessions, when both are there. */
  private static void watchAvatica(Metrics metrics, AvaticaEndpoint avatica) {
    if (metrics != null && avatica != null) {
      metrics.served.get().watchAvatica(avatica::connections);
    }
  }

  /** Marks the server ready and logs that it serves {@code what} the config's catalog location. */
  private RockLakeServer started(String what) {
    if (metrics != null) {
      metrics.ready.set(true);
    }
    LOG.info("server start: version {}, listening on {}:{}{}{}, {}{}", Version.current(),
        config.bind().getAddress().getHostAddress(), wire.port(),
        avatica == null ? "" : ", Avatica on " + hostPort(avatica.address()),
        metrics == null ? "" : ", metrics on " + hostPort(metrics.endpoint.address()),
        catalogs == null && replica == null ? "catalog " : "", what + config.catalog());
    return this;
  }

  /** The catalogs served under {@code --catalog-root}, or null when serving one catalog. */
  public CatalogSet catalogs() {
    return catalogs;
  }

  /** The follower of a read-only replica, or null when this server is the catalog's writer. */
  public ReplicaFollower replica() {
    return replica;
  }

  private static String hostPort(InetSocketAddress a) {
    return a.getAddress().getHostAddress() + ":" + a.getPort();
  }

  /** Completes when the server stops serving, saying why. */
  public CompletableFuture<Termination> terminated() {
    return terminated;
  }

  /** Runs on the fence-check thread: a store that cannot be read now is checked again next time. */
  private void checkFenced() {
    if (catalogs != null) {
      catalogs.checkFenced(); // each catalog is fenced alone; the server serves the others on
      return;
    }
    OptionalLong fencedBy;
    try {
      fencedBy = catalog.checkFenced();
    } catch (RuntimeException e) {
      LOG.warn("could not check whether a newer writer fenced this server: {}", e.getMessage());
      return;
    }
    if (fencedBy.isPresent()) {
      stop(Termination.FENCED, "terminating connection: this server was fenced by a newer writer (epoch "
          + fencedBy.getAsLong() + "; this server's was " + catalog.writer().epoch() + ")");
    }
  }

  private void stop(Termination why, String notice) {
    if (!closing.compareAndSet(false, true)) {
      return;
    }
    if (why == Termination.FENCED) {
      LOG.error("{}; ending every session and stopping", notice.replace("terminating connection: ", ""));
    }
    if (metrics != null) {
      metrics.ready.set(false);
    }
    fenceCheck.shutdown();
    try {
      if (avatica != null) {
        avatica.close();
      }
    } finally {
      closeWire(why, notice);
    }
  }

  private void closeWire(Termination why, String notice) {
    try {
      wire.close(notice);
    } finally {
      if (catalogs != null) {
        catalogs.close();
      } else if (replica != null) {
        replica.close();
      } else {
        catalog.writer().close();
      }
      if (metrics != null) {
        metrics.close();
      }
      LOG.info("server stop: {}; catalog store closed", why.name().toLowerCase(Locale.ROOT));
      terminated.complete(why);
    }
  }

  /** What the warm-up before listening did, or null when there was none. */
  public WarmUp.Result warmUp() {
    return warmUp;
  }

  private static WireOptions wireOptions(ServerConfig config) {
    WireOptions options = WireOptions.defaults().withAuthentication(config.authentication())
        .withMaxSessions(config.maxSessions());
    TlsFiles tls = config.tls();
    return tls == null ? options : options.withTls(Tls.serverContext(tls.certificate(), tls.privateKey()))
        .withTlsRequired(config.tlsRequired());
  }

  private static void checkAvaticaBindable(ServerConfig config) {
    if (config.avatica() != null) {
      checkBindable(config.avatica().bind(), "--avatica-bind");
    }
  }

  private static void checkBindable(InetSocketAddress bind) {
    checkBindable(bind, "--bind");
  }

  private static void checkBindable(InetSocketAddress bind, String option) {
    if (bind.getPort() == 0) {
      return;
    }
    try (ServerSocket probe = new ServerSocket()) {
      probe.bind(bind);
    } catch (IOException e) {
      throw new IllegalStateException("cannot listen on " + bind.getHostString() + ":" + bind.getPort() + ": "
          + e.getMessage() + " (is another server running there? choose another port with " + option + ")", e);
    }
  }

  /** How connections from now on authenticate (a password file re-read); sessions already in are unaffected. */
  public void replaceAuthentication(io.rocklake.pgwire.server.auth.Authentication authentication) {
    wire.replaceAuthentication(authentication);
    if (avatica != null) {
      avatica.replaceAuthentication(authentication);
    }
  }

  public ServerConfig config() {
    return config;
  }

  public InetSocketAddress address() {
    return new InetSocketAddress(config.bind().getAddress(), wire.port());
  }

  public int port() {
    return wire.port();
  }

  /** Where {@code /metrics}, {@code /health} and {@code /ready} are served, or null when nowhere. */
  public InetSocketAddress metricsAddress() {
    return metrics == null ? null : metrics.endpoint.address();
  }

  /** The Avatica endpoint, or null when the server serves PostgreSQL clients only. */
  public AvaticaEndpoint avatica() {
    return avatica;
  }

  /** The line to paste into DuckDB. */
  public String attachLine(String dataPath) {
    return attachLine("rocklake", "lake", dataPath);
  }

  /** The line that attaches the catalog of database {@code dbname} as {@code alias}. */
  public String attachLine(String dbname, String alias, String dataPath) {
    InetSocketAddress a = address();
    String host = a.getAddress().isAnyLocalAddress() ? "127.0.0.1" : a.getAddress().getHostAddress();
    return "ATTACH 'ducklake:postgres:host=" + host + " port=" + a.getPort() + " dbname=" + dbname + "' AS " + alias
        + " (DATA_PATH '" + dataPath + "');";
  }

  @Override public void close() {
    stop(Termination.CLOSED, PgWireServer.SHUTDOWN_NOTICE);
    terminated.join(); // a fenced stop already under way finishes first
  }
}
