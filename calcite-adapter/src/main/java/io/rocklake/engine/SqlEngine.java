package io.rocklake.engine;

import io.rocklake.catalog.Catalog;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The SQL engine over one catalog, shared by every session: it owns the plan cache, so a statement
 * shape is compiled once per process however many sessions send it.
 */
public final class SqlEngine {
  private final Catalog catalog;
  private final CalcitePlanner planner;
  private final Map<String, CalcitePlan> plans = new ConcurrentHashMap<>();
  private final ShapePolicy shapes;

  public SqlEngine(Catalog catalog) {
    this(catalog, ShapePolicy.permissive());
  }

  public SqlEngine(Catalog catalog, ShapePolicy shapes) {
    this.catalog = catalog;
    this.planner = new CalcitePlanner(catalog.registry());
    this.shapes = shapes;
  }

  public EngineSession openSession(String user, String application) {
    return new EngineSession(this, user, application);
  }

  Catalog catalog() {
    return catalog;
  }

  CalcitePlanner planner() {
    return planner;
  }

  Map<String, CalcitePlan> plans() {
    return plans;
  }

  ShapePolicy shapes() {
    return shapes;
  }

  /** How many distinct statement shapes have a compiled plan. */
  public int cachedPlans() {
    return plans.size();
  }
}
