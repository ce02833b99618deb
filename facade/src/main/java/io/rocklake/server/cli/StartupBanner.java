package io.rocklake.server.cli;

import io.rocklake.pgwire.server.auth.AuthMethod;
import io.rocklake.server.RockLakeServer;
import io.rocklake.server.ServerConfig;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/** What {@code serve} prints once it listens: where, how clients get in, and the line for DuckDB. */
final class StartupBanner {
  private StartupBanner() {}

  static List<String> lines(RockLakeServer server, ServeCommand.Plan plan) {
    ServerConfig c = plan.config();
    InetSocketAddress a = server.address();
    List<String> lines = new ArrayList<>();
    String where = c.catalog().folder() != null ? c.catalog().folder().toString() : c.catalog().spec();
    if (plan.root() != null) {
      return rootLines(server, plan, where);
    }
    lines.add("rocklake: catalog " + where);
    if (server.replica() != null) {
      lines.add("rocklake: read-only replica: follows the writer's commits every " + server.replica().pollInterval()
          .toMillis() + " ms, never writes to the catalog's store, refuses writes (25006)");
    }
    listening(lines, server, c);
    lines.add("rocklake: in DuckDB (INSTALL ducklake; INSTALL postgres;), run:");
    String attach = server.attachLine(plan.dataPath());
    lines.add(server.replica() == null ? attach : attach.replace(");", ", READ_ONLY);"));
    lines.add("rocklake: any PostgreSQL client reads the lake's tables in database " + c.lake().name() + ": psql -h "
        + host(a) + " -p " + a.getPort() + " -d " + c.lake().name());
    endpoints(lines, server, c);
    return lines;
  }

  /** Under {@code --catalog-root}: how a database name picks a catalog, and DuckDB attaching two of them. */
  private static List<String> rootLines(RockLakeServer server, ServeCommand.Plan plan, String where) {
    ServerConfig c = plan.config();
    boolean replica = server.catalogs().isReplica();
    List<String> lines = new ArrayList<>();
    lines.add("rocklake: catalogs under " + where + ": dbname=NAME is the catalog in " + where + "/NAME/"
        + (replica ? " (read-only replicas: unknown names are refused, writes get 25006)"
            : " (created when a client first connects to NAME; each catalog fenced alone)"));
    listening(lines, server, c);
    lines.add("rocklake: in DuckDB (INSTALL ducklake; INSTALL postgres;), attach catalogs by name, e.g.:");
    java.util.Optional<String> given = c.lake().dataPath();
    for (String name : List.of("raw", "mart")) {
      String dataPath = plan.root().dataPath(name, given).orElse(plan.dataPath() + name + "/");
      String attach = server.attachLine(name, name, dataPath);
      lines.add(replica ? attach.replace(");", ", READ_ONLY);") : attach);
    }
    InetSocketAddress a = server.address();
    lines.add("rocklake: any PostgreSQL client reads catalog NAME's lake tables in database NAME." + c.lake().name()
        + ": psql -h " + host(a) + " -p " + a.getPort() + " -d raw." + c.lake().name());
    endpoints(lines, server, c);
    return lines;
  }

  private static void listening(List<String> lines, RockLakeServer server, ServerConfig c) {
    InetSocketAddress a = server.address();
    AuthMethod method = c.authentication().method();
    lines.add("rocklake: listening on " + a.getAddress().getHostAddress() + ":" + a.getPort() + " (auth "
        + method.optionName() + ", TLS " + (c.tls() == null ? "off" : c.tlsRequired() ? "required" : "optional") + ", at most " + c.maxSessions()
        + " sessions)");
    if (method != AuthMethod.TRUST) {
      lines.add("rocklake: clients log in with a user and password: set PGUSER and PGPASSWORD before starting "
          + "DuckDB, or add user=... password=... to the ATTACH string");
    }
  }

  private static String host(InetSocketAddress a) {
    return a.getAddress().isAnyLocalAddress() ? "127.0.0.1" : a.getAddress().getHostAddress();
  }

  private static void endpoints(List<String> lines, RockLakeServer server, ServerConfig c) {
    AuthMethod method = c.authentication().method();
    if (server.avatica() != null) {
      InetSocketAddress v = server.avatica().address();
      lines.add("rocklake: Avatica (JDBC) on " + v.getAddress().getHostAddress() + ":" + v.getPort() + " ("
          + (method == AuthMethod.TRUST ? "no authentication" : "HTTP Basic: avatica_user=... avatica_password=...")
          + ", " + (c.tls() == null ? "HTTP" : "HTTPS") + "); connect with:");
      lines.add(server.avatica().jdbcUrl(method));
    }
    InetSocketAddress m = server.metricsAddress();
    if (m != null) {
      lines.add("rocklake: metrics on http://" + m.getAddress().getHostAddress() + ":" + m.getPort()
          + "/metrics (Prometheus text; /health, /ready)");
    }
  }
}
