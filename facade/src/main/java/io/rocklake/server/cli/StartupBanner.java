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
    AuthMethod method = c.authentication().method();
    List<String> lines = new ArrayList<>();
    lines.add("rocklake: catalog " + (c.catalog().folder() != null ? c.catalog().folder() : c.catalog().spec()));
    if (server.replica() != null) {
      lines.add("rocklake: read-only replica: follows the writer's commits every " + server.replica().pollInterval()
          .toMillis() + " ms, never writes to the catalog's store, refuses writes (25006)");
    }
    lines.add("rocklake: listening on " + a.getAddress().getHostAddress() + ":" + a.getPort() + " (auth "
        + method.optionName() + ", TLS " + (c.tls() == null ? "off" : c.tlsRequired() ? "required" : "optional") + ", at most " + c.maxSessions()
        + " sessions)");
    if (method != AuthMethod.TRUST) {
      lines.add("rocklake: clients log in with a user and password: set PGUSER and PGPASSWORD before starting "
          + "DuckDB, or add user=... password=... to the ATTACH string");
    }
    lines.add("rocklake: in DuckDB (INSTALL ducklake; INSTALL postgres;), run:");
    String attach = server.attachLine(plan.dataPath());
    lines.add(server.replica() == null ? attach : attach.replace(");", ", READ_ONLY);"));
    String host = a.getAddress().isAnyLocalAddress() ? "127.0.0.1" : a.getAddress().getHostAddress();
    lines.add("rocklake: any PostgreSQL client reads the lake's tables in database " + c.lake().name() + ": psql -h "
        + host + " -p " + a.getPort() + " -d " + c.lake().name());
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
    return lines;
  }
}
