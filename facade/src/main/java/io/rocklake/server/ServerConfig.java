package io.rocklake.server;

import java.net.InetSocketAddress;

/** How a RockLake server is started. */
public record ServerConfig(CatalogLocation catalog, InetSocketAddress bind, int maxSessions) {
  public static final int DEFAULT_PORT = 5432;
  public static final int DEFAULT_MAX_SESSIONS = 100;

  public static ServerConfig local(CatalogLocation catalog, int port) {
    return new ServerConfig(catalog, new InetSocketAddress("127.0.0.1", port), DEFAULT_MAX_SESSIONS);
  }
}
