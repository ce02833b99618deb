package io.rocklake.conformance.scale;

import io.rocklake.conformance.replay.Endpoint;
import io.rocklake.conformance.replay.ReplayTarget;
import io.rocklake.conformance.replay.Replayer;
import io.rocklake.conformance.replay.ScenarioResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One generated catalog on one server (RockLake or PostgreSQL): the server, started for this
 * catalog alone, with the catalog DuckDB's first ATTACH creates replayed into it, and one open
 * session — the warm connection of DuckDB's pool that the reads and commits after ATTACH run on.
 */
final class CatalogSide implements AutoCloseable {
  final String server;
  private final ReplayTarget target;
  private final Endpoint endpoint;
  private final Map<String, String> startup;
  private WireSession session;
  long buildNanos;

  CatalogSide(String server, ReplayTarget target, CapturedTraffic traffic) {
    this.server = server;
    this.target = target;
    var firstAttach = traffic.firstAttach();
    this.endpoint = target.prepare(firstAttach.database());
    ScenarioResult created = new Replayer().replay(firstAttach, endpoint);
    if (!created.passed()) {
      close();
      throw new IllegalStateException(server + " did not answer DuckDB's first ATTACH as captured: "
          + created.divergence().orElseThrow().oneLine());
    }
    this.startup = new LinkedHashMap<>(traffic.startupParameters());
    this.startup.remove("");
    this.session = WireSession.open(endpoint, startup, false);
  }

  Endpoint endpoint() {
    return endpoint;
  }

  /** The database every connection starts up on: the captured one. */
  String database() {
    return startup.get("database");
  }

  WireSession session() {
    return session;
  }

  /** A new connection as DuckDB opens one: SSLRequest (refused), then the captured StartupMessage. */
  WireSession connect() {
    return WireSession.open(endpoint, startup, true);
  }

  /** Sends these steps on {@code s}; returns the rows their reads answered. */
  static long run(WireSession s, List<CapturedTraffic.Step> steps) {
    long rows = 0;
    for (CapturedTraffic.Step step : steps) {
      rows += s.send(step.message(), step.sql());
    }
    return rows;
  }

  @Override public void close() {
    if (session != null) {
      session.close();
      session = null;
    }
    target.close();
  }
}
