package io.rocklake.engine;

import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.SqlState;
import io.rocklake.sql.fingerprint.CanonicalSql;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.calcite.sql.SqlNode;

/**
 * The plan step of a read: a single-relation scan is planned directly ({@link ScanPlan}); anything
 * else gets a Calcite plan from the engine's cache, compiled once per shape. The session then runs
 * the {@link Plan} it is handed: the execute step, which calls no further into this class for a scan.
 */
final class Reads {
  /** Rows of a query; {@code reused} when they are an answer the engine keeps (see {@link Outcome.Rows}). */
  record Result(List<Field> fields, List<Object[]> rows, boolean reused) {}

  private record Planned(CalcitePlan plan, List<Object> params) {}

  /** Rows of a query, read as they are consumed (see {@link Plan#stream}). */
  record Streamed(List<Field> fields, Iterator<Object[]> rows) {}

  /** A read, planned with its parameters: running it reads the rows. */
  interface Plan {
    Result run(CatalogTransaction tx, Instant now, String user, Runnable cancelCheck);

    /**
     * The rows as the caller consumes them, for an answer sent once in order (COPY TO STDOUT); a
     * plan that cannot stream reads them all first. Errors in reading raise from the iterator.
     */
    default Streamed stream(CatalogTransaction tx, Instant now, String user, Runnable cancelCheck) {
      Result r = run(tx, now, user, cancelCheck);
      return new Streamed(r.fields(), r.rows().iterator());
    }
  }

  private final SqlEngine engine;
  private final Parser parser;
  /** In the lake database, the view each statement plans over; null in the catalog database. */
  private final java.util.function.Function<CatalogTransaction, LakeView> lakeView;
  private final String lakeDatabase;

  /** The session whose reads these are: what pg_backend_pid() answers and pg_stat_activity lists it with. */
  private final SessionActivity asking;

  Reads(SqlEngine engine, Parser parser, SessionActivity asking) {
    this(engine, parser, asking, null, null);
  }

  Reads(SqlEngine engine, Parser parser, SessionActivity asking, String lakeDatabase,
      java.util.function.Function<CatalogTransaction, LakeView> lakeView) {
    this.engine = engine;
    this.parser = parser;
    this.asking = asking;
    this.lakeDatabase = lakeDatabase;
    this.lakeView = lakeView;
  }

  /** How a statement polls for a CancelRequest while it produces rows: a request ends it with 57014. */
  static Runnable cancelCheck(BooleanSupplier cancelRequested) {
    return () -> {
      if (cancelRequested.getAsBoolean()) {
        throw new EngineException(SqlState.QUERY_CANCELED, "canceling statement due to user request");
      }
    };
  }

  private CalcitePlan.Asking asking() {
    return new CalcitePlan.Asking(asking.pid(), engine.sessions());
  }

  /** The scan plan of a query {@link ScanPlan} can run, else null (then Calcite plans it). */
  ScanPlan scanPlan(SqlNode q, CatalogTransaction tx) {
    return engine.scanPlans && lakeView == null ? ScanPlan.of(q, tx) : null;
  }

  /** The plan of a query with the client's parameter values, in {@code tx}. */
  Plan plan(SqlNode q, CatalogTransaction tx, List<Object> params) {
    if (lakeView != null) {
      LakeView view = lakeView.apply(tx);
      ScanPlan scan = engine.scanPlans ? ScanPlan.of(q, tx, view) : null;
      if (scan != null) {
        return scan.with(params);
      }
      CalcitePlan plan = lakePlan(q, tx, view);
      return (t, now, user, cancelCheck) -> inLake(t, view, () -> new Result(plan.fields(),
          plan.run(t, params, now, user, engine.planner().tables(t, view), cancelCheck, asking()), false));
    }
    ScanPlan scan = scanPlan(q, tx);
    if (scan != null) {
      return scan.with(params);
    }
    Planned p = calcitePlan(q, tx, params);
    if (p.plan.answerDependsOnlyOnRelations()) {
      return (t, now, user, cancelCheck) -> {
        List<RelationDef> relations = engine.catalog().registry().existingRelations(t);
        return new Result(p.plan.fields(), engine.answer(p.plan, p.params, relations,
            () -> p.plan.run(t, p.params, now, user, engine.planner().tables(t), cancelCheck, asking())), true);
      };
    }
    return (t, now, user, cancelCheck) ->
        new Result(p.plan.fields(), p.plan.run(t, p.params, now, user, engine.planner().tables(t), cancelCheck, asking()), false);
  }

  /** The compiled plan of a query without client parameters, as {@link #plan} would plan it. */
  /** The scan plan a lake query runs directly (exact to the microsecond, read as sent), else null. */
  ScanPlan lakeScanPlan(SqlNode q, CatalogTransaction tx) {
    return lakeView != null && engine.scanPlans ? ScanPlan.of(q, tx, lakeView.apply(tx)) : null;
  }

  CalcitePlan calcitePlan(SqlNode q, CatalogTransaction tx) {
    if (lakeView != null) {
      return lakePlan(q, tx, lakeView.apply(tx));
    }
    return calcitePlan(q, tx, List.of()).plan;
  }

  /**
   * A query of the lake database, compiled for this statement alone: its tables are the lake's at the
   * view's snapshot, which no cached plan could know.
   */
  private CalcitePlan lakePlan(SqlNode q, CatalogTransaction tx, LakeView view) {
    SqlNode copy = parser.parseOwn(CanonicalSql.render(q)).get(0); // validation rewrites the tree
    return inLake(tx, view, () -> engine.planner().plan(copy, tx, view));
  }

  /** Runs planning or execution with the lake database's answers for the functions that name relations. */
  private <T> T inLake(CatalogTransaction tx, LakeView view, java.util.function.Supplier<T> work) {
    PgFunctions.LakeContext previous = PgFunctions.LAKE.get();
    PgFunctions.LAKE.set(new PgFunctions.LakeContext(lakeDatabase, view.described(tx, engine.catalog().registry())));
    try {
      return work.get();
    } finally {
      PgFunctions.LAKE.set(previous);
    }
  }

  /**
   * The compiled plan of a query, from the engine's cache: literals it compares with are lifted
   * into parameters first, so the cache key is the statement's shape. Statements Calcite cannot
   * type with lifted literals are compiled as written.
   */
  private Planned calcitePlan(SqlNode q, CatalogTransaction tx, List<Object> clientParams) {
    boolean liftable = clientParams.isEmpty();
    SqlEngine.PlanKey known = liftable ? engine.planKey(q) : null;
    if (known != null) {
      CalcitePlan plan = engine.cachedPlan(known.key(), tx);
      if (plan != null) {
        return new Planned(plan, known.params());
      }
    }
    // Compile a private copy: the parsed tree is shared, and lifting and validation rewrite it.
    String written = CanonicalSql.render(q);
    SqlNode copy = parser.parseOwn(written).get(0);
    List<Object> lifted = liftable ? LiteralParameters.lift(copy) : null;
    List<Object> params = lifted != null ? lifted : clientParams;
    String key = (lifted != null ? "lifted:" : "written:") + CanonicalSql.render(copy);
    CalcitePlan plan = engine.cachedPlan(key, tx);
    if (plan == null) {
      try {
        plan = engine.planner().plan(copy, tx);
      } catch (EngineException e) {
        if (lifted == null || lifted.isEmpty()) {
          throw e;
        }
        key = "written:" + written; // Calcite could not type a lifted literal: compile it as written
        params = List.of();
        plan = engine.cachedPlan(key, tx);
        if (plan == null) {
          plan = engine.planner().plan(parser.parseOwn(written).get(0), tx);
        }
      }
      engine.cache(key, plan);
    }
    if (liftable) {
      engine.planKey(q, new SqlEngine.PlanKey(key, params));
    }
    return new Planned(plan, params);
  }
}
