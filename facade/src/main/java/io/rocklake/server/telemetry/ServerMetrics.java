package io.rocklake.server.telemetry;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rocklake.catalog.SqlState;
import io.rocklake.engine.EngineSession;
import io.rocklake.kv.store.OpKind;
import io.rocklake.kv.store.StoreMetrics;
import io.rocklake.pgwire.server.WireObserver;
import io.rocklake.pgwire.server.WireSession;
import io.rocklake.sql.ast.SqlEndTransaction;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import org.apache.calcite.sql.SqlNode;

/**
 * The server's Prometheus metrics, kept by Micrometer: open sessions by endpoint, statements by class and
 * outcome, statement and commit latency histograms, conflicts, refused connections, and, read from
 * the counters the kv-store keeps anyway, object-store requests and bytes by kind and compactions.
 * docs/operations.md lists every series.
 */
public final class ServerMetrics implements WireObserver {
  private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final AtomicInteger sessions = new AtomicInteger();

  public ServerMetrics() {
    Gauge.builder("rocklake.sessions", sessions, AtomicInteger::get)
        .description("Sessions open now, by endpoint").tag("endpoint", "pgwire").register(registry);
    for (SqlState conflict : new SqlState[] {SqlState.UNIQUE_VIOLATION, SqlState.SERIALIZATION_FAILURE}) {
      conflicts(conflict); // at 0 from the start, so that a rate over them is defined
    }
  }

  /** Publishes the object store's request and byte counters, by kind. */
  public void watchStore(StoreMetrics store) {
    for (OpKind kind : OpKind.values()) {
      String k = kind.name().toLowerCase(Locale.ROOT);
      FunctionCounter.builder("rocklake.object.store.requests", store, m -> m.requests(kind))
          .description("Object store requests, failed ones included").tag("kind", k).register(registry);
      FunctionCounter.builder("rocklake.object.store.bytes", store, m -> m.bytes(kind))
          .description("Bytes read from and written to the object store").tag("kind", k).register(registry);
    }
  }

  /** Publishes the open connections of the Avatica endpoint, as the sessions of endpoint {@code avatica}. */
  public void watchAvatica(java.util.function.IntSupplier connections) {
    Gauge.builder("rocklake.sessions", connections, c -> (double) c.getAsInt())
        .description("Sessions open now, by endpoint").tag("endpoint", "avatica").strongReference(true)
        .register(registry);
  }

  /** Publishes the catalog writer's compaction count (it starts again from 0 when the writer reopens). */
  public void watchCompactions(LongSupplier compactions) {
    FunctionCounter.builder("rocklake.compactions", compactions, LongSupplier::getAsLong)
        .description("kv-store compactions completed by the catalog writer").register(registry);
  }

  /** Publishes a read-only replica's lag in seconds: under a catalog root, the most any of its catalogs lags. */
  public void watchReplicaLag(java.util.function.DoubleSupplier lagSeconds) {
    Gauge.builder("rocklake.replica.lag.seconds", lagSeconds, java.util.function.DoubleSupplier::getAsDouble)
        .description("Seconds since this read-only replica last caught up with the writer's commits")
        .strongReference(true).register(registry); // the suppliers are lambdas nothing else holds
  }

  /** Publishes a read-only replica's lag (seconds since its last successful refresh) and the commit it serves. */
  public void watchReplica(java.util.function.DoubleSupplier lagSeconds, LongSupplier commit) {
    watchReplicaLag(lagSeconds);
    Gauge.builder("rocklake.replica.commit", commit, c -> (double) c.getAsLong())
        .description("The newest catalog commit this read-only replica serves").strongReference(true)
        .register(registry);
  }

  /** The metrics in Prometheus's text format. */
  public String scrape() {
    return registry.scrape();
  }

  @Override public void sessionStarted(WireSession s) {
    sessions.incrementAndGet();
  }

  @Override public void sessionEnded(WireSession s) {
    sessions.decrementAndGet();
  }

  @Override public void statementRan(WireSession s, SqlNode statement, boolean autocommit, long nanos,
      SqlState failure) {
    String kind = EngineSession.statementClass(statement);
    String outcome = failure == null ? "ok" : failure.code().substring(0, 2);
    Counter.builder("rocklake.statements").description("Statements run, by class and outcome (ok or SQLSTATE class)")
        .tag("class", kind).tag("outcome", outcome).register(registry).increment();
    Timer.builder("rocklake.statement.duration").description("Statement latency, by class")
        .tag("class", kind).publishPercentileHistogram().register(registry).record(nanos, TimeUnit.NANOSECONDS);
    if (failure == null && commits(statement, kind, autocommit)) {
      Timer.builder("rocklake.commit.duration")
          .description("Latency of statements that commit: COMMIT, and writes outside a transaction block")
          .publishPercentileHistogram().register(registry).record(nanos, TimeUnit.NANOSECONDS);
    }
    if (failure == SqlState.UNIQUE_VIOLATION || failure == SqlState.SERIALIZATION_FAILURE) {
      conflicts(failure).increment();
    }
  }

  @Override public void startupRefused(String remote, String user, SqlState state, String message) {
    Counter.builder("rocklake.connections.refused").description("Connections refused before their session began")
        .tag("sqlstate", state.code()).register(registry).increment();
  }

  private Counter conflicts(SqlState state) {
    return Counter.builder("rocklake.conflicts")
        .description("Writes refused by a conflict: 23505 duplicate key, 40001 concurrent update")
        .tag("sqlstate", state.code()).register(registry);
  }

  private static boolean commits(SqlNode statement, String kind, boolean autocommit) {
    if (statement instanceof SqlEndTransaction end) {
      return !autocommit && end.outcome() == SqlEndTransaction.Outcome.COMMIT;
    }
    return autocommit && (kind.equals("write") || kind.equals("copy_in"));
  }
}
