package io.rocklake.engine;

import io.rocklake.catalog.Catalog;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlNode;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The SQL engine over one catalog, shared by every session: it owns the plan cache, so a statement
 * shape is compiled once per process however many sessions send it.
 */
public final class SqlEngine {
  private final Catalog catalog;
  private final CalcitePlanner planner;
  /** Plans over relations every catalog shares, compiled once per process. */
  private static final Map<String, CalcitePlan> SHARED_PLANS = new ConcurrentHashMap<>();
  /** Plans over this catalog's run-time relations. */
  private final Map<String, CalcitePlan> plans = new ConcurrentHashMap<>();
  private final ShapePolicy shapes;
  /**
   * FOR TESTS ONLY: false sends every query through Calcite, even a single-relation scan that
   * {@link ScanPlan} would run directly, so a test can compare the two paths on the same statements.
   */
  volatile boolean scanPlans = true;

  public SqlEngine(Catalog catalog) {
    this(catalog, ShapePolicy.permissive());
  }

  public SqlEngine(Catalog catalog, ShapePolicy shapes) {
    this.catalog = catalog;
    this.planner = new CalcitePlanner(catalog.registry());
    this.shapes = shapes;
  }

  /** Parsed statements by exact text: DuckDB repeats most of its texts many times. */
  private final Map<String, List<SqlNode>> parsed = java.util.Collections.synchronizedMap(
      new java.util.LinkedHashMap<>(256, 0.75f, true) {
        @Override protected boolean removeEldestEntry(Map.Entry<String, List<SqlNode>> eldest) {
          return size() > PARSE_CACHE_ENTRIES;
        }
      });
  /** What a parsed read statement compiles to: its plan's cache key and lifted literals. */
  private final Map<SqlNode, PlanKey> planKeys = java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());
  private static final int PARSE_CACHE_ENTRIES = 4096;
  private static final int PARSE_CACHE_MAX_TEXT = 16 * 1024;

  record PlanKey(String key, List<Object> params) {}

  /**
   * The statements of a text, parsed once per distinct text, and copied rather than parsed when
   * only literals differ from a text seen before ({@link ParseTemplates}). The trees are shared
   * between sessions and must not be modified; the Calcite path compiles a private copy.
   */
  List<SqlNode> parse(String sql, java.util.function.Function<String, List<SqlNode>> parser) {
    if (sql.length() > PARSE_CACHE_MAX_TEXT) {
      return parser.apply(sql);
    }
    List<SqlNode> hit = parsed.get(sql);
    if (hit != null) {
      return hit;
    }
    List<SqlNode> fresh = ParseTemplates.parse(sql, parser);
    parsed.put(sql, fresh);
    return fresh;
  }

  PlanKey planKey(SqlNode statement) {
    return planKeys.get(statement);
  }

  void planKey(SqlNode statement, PlanKey key) {
    planKeys.put(statement, key);
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

  /** The cached plan of a shape if it is still valid for the transaction. */
  CalcitePlan cachedPlan(String key, io.rocklake.catalog.CatalogTransaction tx) {
    CalcitePlan p = SHARED_PLANS.get(key);
    if (p == null) {
      p = plans.get(key);
    }
    return p != null && p.isValidFor(tx) ? p : null;
  }

  void cache(String key, CalcitePlan plan) {
    (plan.isCatalogIndependent() ? SHARED_PLANS : plans).put(key, plan);
  }

  ShapePolicy shapes() {
    return shapes;
  }

  /** How many distinct statement shapes have a compiled plan. */
  public int cachedPlans() {
    return plans.size() + SHARED_PLANS.size();
  }
}
