package io.rocklake.server;

import io.rocklake.catalog.Catalog;
import io.rocklake.engine.ShapePolicy;
import io.rocklake.facade.CatalogQueryEngine;
import io.rocklake.kv.Db;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.pgwire.server.PgWireServer;
import io.rocklake.pgwire.server.Tls;
import io.rocklake.pgwire.server.WireOptions;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * One RockLake process's serving stack, bottom up: the object store, the kv-store writer on it (which
 * fences any earlier writer), the catalog, the SQL engine and the PostgreSQL wire endpoint. Closing
 * stops accepting, ends the sessions and closes the store; everything acknowledged is already durable.
 */
public final class RockLakeServer implements AutoCloseable {
  private final ServerConfig config;
  private final Db db;
  private final PgWireServer wire;
  private final WarmUp.Result warmUp;

  private RockLakeServer(ServerConfig config, Db db, PgWireServer wire, WarmUp.Result warmUp) {
    this.warmUp = warmUp;
    this.config = config;
    this.db = db;
    this.wire = wire;
  }

  public static RockLakeServer start(ServerConfig config) throws InterruptedException {
    // TLS files and the port are checked before the store opens: opening it fences any other
    // writer, which a server that then cannot listen must not do.
    WireOptions options = wireOptions(config);
    checkBindable(config.bind());
    ObjectStore store = config.catalog().open();
    Db db = Db.open(store);
    try {
      Catalog catalog = Catalog.open(db);
      CatalogQueryEngine engine = new CatalogQueryEngine(catalog, ShapePolicy.duckLake(config.strictShapes()));
      WarmUp.Result warmed = config.warmUp() == null ? null : WarmUp.run(engine.engine(), config.warmUp());
      PgWireServer wire = PgWireServer.start(config.bind(), engine, options);
      return new RockLakeServer(config, db, wire, warmed);
    } catch (RuntimeException | InterruptedException e) {
      db.close();
      throw e;
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

  private static void checkBindable(InetSocketAddress bind) {
    if (bind.getPort() == 0) {
      return;
    }
    try (ServerSocket probe = new ServerSocket()) {
      probe.bind(bind);
    } catch (IOException e) {
      throw new IllegalStateException("cannot listen on " + bind.getHostString() + ":" + bind.getPort() + ": "
          + e.getMessage() + " (is another server running there? choose another port with --bind)", e);
    }
  }

  /** How connections from now on authenticate (a password file re-read); sessions already in are unaffected. */
  public void replaceAuthentication(io.rocklake.pgwire.server.auth.Authentication authentication) {
    wire.replaceAuthentication(authentication);
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

  /** The line to paste into DuckDB. */
  public String attachLine(String dataPath) {
    InetSocketAddress a = address();
    String host = a.getAddress().isAnyLocalAddress() ? "127.0.0.1" : a.getAddress().getHostAddress();
    return "ATTACH 'ducklake:postgres:host=" + host + " port=" + a.getPort() + " dbname=rocklake' AS lake (DATA_PATH '"
        + dataPath + "');";
  }

  @Override public void close() {
    try {
      wire.close();
    } finally {
      db.close();
    }
  }
}
