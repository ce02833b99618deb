package io.rocklake.server;

import io.rocklake.avatica.AvaticaOptions;
import io.rocklake.pgwire.server.WireOptions;
import io.rocklake.pgwire.server.auth.Authentication;
import io.rocklake.server.telemetry.Telemetry;
import java.net.InetSocketAddress;
import java.util.Objects;

/**
 * How a RockLake server is started.
 *
 * @param tls the TLS identity, or null to answer SSLRequest with 'N'
 * @param strictShapes hold reads to the shape whitelist too, not only writes
 * @param warmUp statements to run before listening ({@link WarmUp}), or null
 * @param tlsRequired refuse plaintext connections (28000), as PostgreSQL's {@code hostssl}; needs {@code tls}
 * @param lake the database name that shows the lake's tables, and where their files are
 * @param avatica the Avatica endpoint's settings, or null to serve PostgreSQL clients only
 * @param telemetry the slow-statement threshold and the metrics endpoint's address
 * @param readOnlyUsers the users (roles) whose every write is refused with 25006, on every endpoint
 */
public record ServerConfig(CatalogLocation catalog, InetSocketAddress bind, int maxSessions,
    Authentication authentication, TlsFiles tls, boolean strictShapes, java.nio.file.Path warmUp,
    boolean tlsRequired, LakeDatabase lake, AvaticaOptions avatica, Telemetry telemetry,
    java.util.Set<String> readOnlyUsers) {
  public static final int DEFAULT_PORT = 5432;
  public static final int DEFAULT_MAX_SESSIONS = WireOptions.DEFAULT_MAX_SESSIONS;

  public ServerConfig {
    Objects.requireNonNull(catalog, "catalog");
    Objects.requireNonNull(bind, "bind");
    Objects.requireNonNull(authentication, "authentication");
    Objects.requireNonNull(lake, "lake");
    Objects.requireNonNull(telemetry, "telemetry");
    readOnlyUsers = java.util.Set.copyOf(readOnlyUsers);
    if (maxSessions < 1) {
      throw new IllegalArgumentException("maxSessions must be at least 1, not " + maxSessions);
    }
    if (tlsRequired && tls == null) {
      throw new IllegalArgumentException("TLS cannot be required without a certificate");
    }
  }

  public ServerConfig(CatalogLocation catalog, InetSocketAddress bind, int maxSessions,
      Authentication authentication, TlsFiles tls, boolean strictShapes, java.nio.file.Path warmUp,
      boolean tlsRequired, LakeDatabase lake, AvaticaOptions avatica, Telemetry telemetry) {
    this(catalog, bind, maxSessions, authentication, tls, strictShapes, warmUp, tlsRequired, lake, avatica,
        telemetry, java.util.Set.of());
  }

  public ServerConfig(CatalogLocation catalog, InetSocketAddress bind, int maxSessions,
      Authentication authentication, TlsFiles tls, boolean strictShapes, java.nio.file.Path warmUp,
      boolean tlsRequired, LakeDatabase lake, AvaticaOptions avatica) {
    this(catalog, bind, maxSessions, authentication, tls, strictShapes, warmUp, tlsRequired, lake, avatica,
        Telemetry.defaults());
  }

  public ServerConfig(CatalogLocation catalog, InetSocketAddress bind, int maxSessions,
      Authentication authentication, TlsFiles tls, boolean strictShapes, java.nio.file.Path warmUp,
      boolean tlsRequired) {
    this(catalog, bind, maxSessions, authentication, tls, strictShapes, warmUp, tlsRequired, LakeDatabase.defaults(),
        null);
  }

  public ServerConfig(CatalogLocation catalog, InetSocketAddress bind, int maxSessions,
      Authentication authentication, TlsFiles tls, boolean strictShapes, java.nio.file.Path warmUp) {
    this(catalog, bind, maxSessions, authentication, tls, strictShapes, warmUp, false);
  }

  public ServerConfig(CatalogLocation catalog, InetSocketAddress bind, int maxSessions,
      Authentication authentication, TlsFiles tls) {
    this(catalog, bind, maxSessions, authentication, tls, false, null);
  }

  /** Trust authentication, no TLS. */
  public ServerConfig(CatalogLocation catalog, InetSocketAddress bind, int maxSessions) {
    this(catalog, bind, maxSessions, Authentication.trust(), null, false, null);
  }

  /** Loopback on {@code port} (0 for any free one), trust, no TLS, the default session limit. */
  public static ServerConfig local(CatalogLocation catalog, int port) {
    return new ServerConfig(catalog, new InetSocketAddress("127.0.0.1", port), DEFAULT_MAX_SESSIONS);
  }

  public ServerConfig withAuthentication(Authentication a) {
    return new ServerConfig(catalog, bind, maxSessions, a, tls, strictShapes, warmUp, tlsRequired, lake, avatica, telemetry, readOnlyUsers);
  }

  public ServerConfig withTls(TlsFiles t) {
    return new ServerConfig(catalog, bind, maxSessions, authentication, t, strictShapes, warmUp, tlsRequired, lake, avatica, telemetry, readOnlyUsers);
  }

  public ServerConfig withMaxSessions(int n) {
    return new ServerConfig(catalog, bind, n, authentication, tls, strictShapes, warmUp, tlsRequired, lake, avatica, telemetry, readOnlyUsers);
  }

  public ServerConfig withStrictShapes(boolean strict) {
    return new ServerConfig(catalog, bind, maxSessions, authentication, tls, strict, warmUp, tlsRequired, lake, avatica, telemetry, readOnlyUsers);
  }

  public ServerConfig withWarmUp(java.nio.file.Path statements) {
    return new ServerConfig(catalog, bind, maxSessions, authentication, tls, strictShapes, statements, tlsRequired, lake, avatica, telemetry, readOnlyUsers);
  }

  /** Also serves Avatica clients with these settings (null: not). */
  public ServerConfig withAvatica(AvaticaOptions options) {
    return new ServerConfig(catalog, bind, maxSessions, authentication, tls, strictShapes, warmUp, tlsRequired, lake, options, telemetry, readOnlyUsers);
  }

  public ServerConfig withTlsRequired(boolean required) {
    return new ServerConfig(catalog, bind, maxSessions, authentication, tls, strictShapes, warmUp, required, lake, avatica, telemetry, readOnlyUsers);
  }

  /** Reports on itself so. */
  public ServerConfig withTelemetry(Telemetry t) {
    return new ServerConfig(catalog, bind, maxSessions, authentication, tls, strictShapes, warmUp, tlsRequired, lake, avatica, t, readOnlyUsers);
  }

  /** Serves the lake database under this name, its files found as it says. */
  public ServerConfig withLake(LakeDatabase l) {
    return new ServerConfig(catalog, bind, maxSessions, authentication, tls, strictShapes, warmUp, tlsRequired, l, avatica, telemetry, readOnlyUsers);
  }

  /** Refuses every write of these users' sessions (25006), on every endpoint. */
  public ServerConfig withReadOnlyUsers(java.util.Set<String> users) {
    return new ServerConfig(catalog, bind, maxSessions, authentication, tls, strictShapes, warmUp, tlsRequired, lake, avatica, telemetry, users);
  }
}
