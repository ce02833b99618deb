package io.rocklake.conformance.clients;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import io.rocklake.conformance.pg.ThrowawayPostgres;
import io.rocklake.conformance.replay.Endpoint;
import io.rocklake.conformance.replay.PostgresTarget;
import io.rocklake.conformance.replay.Replayer;
import io.rocklake.conformance.replay.RockLakeTarget;
import io.rocklake.conformance.replay.ScenarioResult;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The same DuckDB scenarios replayed into a throwaway PostgreSQL 15 and into RockLake — the catalog
 * DuckDB built, twice — for real clients to connect to. Started once per test run (the replays take
 * a while) and shared by every client test class through {@link Resolver}; JUnit closes it when the
 * run ends (an {@link AutoCloseable} in the root store).
 */
final class ReplayedCatalogs implements AutoCloseable {
  /** The scenarios replayed: DDL with schemas, views, inlined data; partitioned and added files. */
  static final List<String> SCENARIOS = List.of(IntrospectionQueries.DDL, IntrospectionQueries.PARTITIONS);

  /** One scenario's catalog on both servers. */
  record Pair(String scenario, String database, Endpoint postgres, Endpoint rocklake) {}

  private final PostgresTarget postgres;
  private final List<RockLakeTarget> rocklakes = new ArrayList<>();
  private final Map<String, Pair> pairs = new LinkedHashMap<>();

  private ReplayedCatalogs() {
    postgres = new PostgresTarget(ThrowawayPostgres.Durability.RELAXED);
    try {
      Corpus corpus = Corpus.locate();
      for (String name : SCENARIOS) {
        Scenario scenario = corpus.scenario(name);
        Endpoint pg = postgres.prepare(scenario.database());
        requirePassed(new Replayer().replay(scenario, pg), "PostgreSQL");
        // One RockLake server per scenario: a target serves its latest scenario only.
        RockLakeTarget target = new RockLakeTarget();
        rocklakes.add(target);
        Endpoint rl = target.prepare(scenario.database());
        requirePassed(new Replayer().replay(scenario, rl), "RockLake");
        pairs.put(name, new Pair(name, scenario.database(), pg, rl));
      }
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  private static void requirePassed(ScenarioResult result, String server) {
    if (!result.passed()) {
      throw new IllegalStateException("replaying " + result.scenario() + " into " + server + " diverged: "
          + result.divergence().map(d -> d.describe()).orElse(""));
    }
  }

  Pair pair(String scenario) {
    return pairs.get(scenario);
  }

  List<Pair> pairs() {
    return List.copyOf(pairs.values());
  }

  /** A pgjdbc connection in its default mode (extended protocol) to one side of a pair. */
  static Connection connect(Endpoint endpoint, String database, Properties extra) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", "postgres");
    p.setProperty("sslmode", "disable");
    p.putAll(extra);
    return DriverManager.getConnection("jdbc:postgresql://" + endpoint.host() + ":" + endpoint.port() + "/" + database,
        p);
  }

  static Connection connect(Endpoint endpoint, String database) throws SQLException {
    return connect(endpoint, database, new Properties());
  }

  @Override public void close() {
    rocklakes.forEach(RockLakeTarget::close);
    postgres.close();
  }

  /** Hands the run's shared instance to any test method or lifecycle method that asks for one. */
  static final class Resolver implements ParameterResolver {
    @Override public boolean supportsParameter(ParameterContext p, ExtensionContext c) {
      return p.getParameter().getType() == ReplayedCatalogs.class;
    }

    @Override public Object resolveParameter(ParameterContext p, ExtensionContext c) {
      return c.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
          .getOrComputeIfAbsent(ReplayedCatalogs.class, k -> new ReplayedCatalogs(), ReplayedCatalogs.class);
    }
  }
}
