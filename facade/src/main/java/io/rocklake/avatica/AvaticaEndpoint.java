package io.rocklake.avatica;

import io.rocklake.pgwire.server.QueryEngine;
import io.rocklake.pgwire.server.auth.AuthMethod;
import io.rocklake.pgwire.server.auth.Authentication;
import java.net.InetSocketAddress;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.net.ssl.SSLContext;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.server.AvaticaProtobufHandler;
import org.apache.calcite.avatica.server.HttpServer;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * The Avatica endpoint: Avatica's protobuf-over-HTTP protocol (its {@link HttpServer} on Jetty, with
 * {@link AvaticaProtobufHandler}) in front of the same engine the PostgreSQL endpoint serves, so
 * the stock driver connects with {@code jdbc:avatica:remote:url=http://HOST:PORT;serialization=PROTOBUF}.
 * Requests are authenticated by {@link HttpBasicAuthentication}, answered by {@link EngineMeta}.
 */
public final class AvaticaEndpoint implements AutoCloseable {
  /** Jetty's and Avatica's own INFO lines (versions, connectors) say nothing the startup banner does not. */
  private static final Logger QUIET_JETTY = quiet("org.eclipse.jetty");
  private static final Logger QUIET_AVATICA = quiet("org.apache.calcite.avatica");
  private static final int MAX_HEADER_BYTES = 64 * 1024;

  private final HttpServer http;
  private final EngineMeta meta;
  private final HttpBasicAuthentication authentication;
  private final InetSocketAddress bind;
  private final boolean tls;

  private AvaticaEndpoint(HttpServer http, EngineMeta meta, HttpBasicAuthentication authentication,
      InetSocketAddress bind, boolean tls) {
    this.http = http;
    this.meta = meta;
    this.authentication = authentication;
    this.bind = bind;
    this.tls = tls;
  }

  private static Logger quiet(String name) {
    Logger l = Logger.getLogger(name);
    l.setLevel(Level.WARNING);
    return l;
  }

  /**
   * Listens on {@code options.bind()}; with {@code tls} (the PostgreSQL endpoint's certificate) only
   * HTTPS is served.
   */
  public static AvaticaEndpoint start(AvaticaOptions options, QueryEngine engine, Authentication authentication,
      SSLContext tls) {
    EngineMeta meta = new EngineMeta(engine, options);
    HttpBasicAuthentication auth = new HttpBasicAuthentication(meta,
        new AvaticaProtobufHandler(new LocalService(meta)), authentication);
    SslContextFactory.Server ssl = null;
    if (tls != null) {
      ssl = new SslContextFactory.Server();
      ssl.setSslContext(tls);
    }
    String host = options.bind().getAddress().getHostAddress();
    HttpServer http = new HttpServer(options.bind().getPort(), auth, null, null, ssl, MAX_HEADER_BYTES) {
      @Override protected ServerConnector getServerConnector() {
        ServerConnector c = super.getServerConnector();
        c.setHost(host); // HttpServer itself listens on every interface
        return c;
      }
    };
    try {
      http.start();
    } catch (RuntimeException e) {
      meta.close();
      throw new IllegalStateException("cannot listen on " + host + ":" + options.bind().getPort() + " for Avatica: "
          + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage())
          + " (choose another port with --avatica-bind)", e);
    }
    return new AvaticaEndpoint(http, meta, auth, options.bind(), tls != null);
  }

  public int port() {
    return http.getPort();
  }

  public InetSocketAddress address() {
    return new InetSocketAddress(bind.getAddress(), port());
  }

  /** The JDBC URL of the stock Avatica driver for this endpoint. */
  public String jdbcUrl(AuthMethod method) {
    InetSocketAddress a = address();
    String host = a.getAddress().isAnyLocalAddress() ? "127.0.0.1" : a.getAddress().getHostAddress();
    if (host.indexOf(':') >= 0) {
      host = "[" + host + "]";
    }
    return "jdbc:avatica:remote:url=" + (tls ? "https" : "http") + "://" + host + ":" + a.getPort()
        + ";serialization=PROTOBUF" + (method == AuthMethod.TRUST ? "" : ";authentication=BASIC");
  }

  /** Connections from now on authenticate against these passwords; open connections are unaffected. */
  public void replaceAuthentication(Authentication a) {
    authentication.replace(a);
  }

  /** Open Avatica connections (each holds an engine session). */
  public int connections() {
    return meta.connections();
  }

  /** Stops listening and ends every connection's session (open blocks roll back). */
  @Override public void close() {
    try {
      http.stop();
    } finally {
      meta.close();
    }
  }
}
