package io.rocklake.engine;

import io.rocklake.catalog.Catalog;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.sql.SqlNode;

/**
 * The SQL engine over one catalog, shared by every session: it owns the steps every session shares
 * — the parse step with its cache ({@link Parser}), the whitelist and read-only rule
 * ({@link Authorizer}) — and the plan cache, so a statement is parsed once per text and a shape
 * compiled once per process however many sessions send it.
 */
public final class SqlEngine {
  private final Catalog catalog;
  private final CalcitePlanner planner;
  /** Plans over relations every catalog shares, compiled once per process. */
  private static final Map<String, CalcitePlan> SHARED_PLANS = new ConcurrentHashMap<>();
  /** Plans over this catalog's run-time relations. */
  private final Map<String, CalcitePlan> plans = new ConcurrentHashMap<>();
  /** The parse step and its cache, shared by this engine's sessions. */
  private final Parser parser = new Parser();
  private final Authorizer authorizer;
  private final StatementMemory statementMemory = StatementMemory.ofHeap();
  /**
   * Whether a single-relation scan runs directly ({@link ScanPlan}); always true but for an engine
   * built to send every query through Calcite, which a spec builds beside an ordinary one over the
   * same catalog to compare the two paths. Fixed per engine, so no switch is flipped under a session.
   */
  final boolean scanPlans;

  public SqlEngine(Catalog catalog) {
    this(catalog, ShapePolicy.permissive());
  }

  public SqlEngine(Catalog catalog, ShapePolicy shapes) {
    this(catalog, shapes, java.util.Set.of(), new LiveSessions(), true);
  }

  /**
   * @param readOnlyUsers the users (roles) whose every write is refused with 25006, on any endpoint
   * @param sessions the server's live sessions, which pg_stat_activity lists (shared by the engines of
   *     every catalog one server serves)
   */
  public SqlEngine(Catalog catalog, ShapePolicy shapes, java.util.Set<String> readOnlyUsers, LiveSessions sessions) {
    this(catalog, shapes, readOnlyUsers, sessions, true);
  }

  /** {@code scanPlans} false: every query goes through Calcite, even a scan {@link ScanPlan} would run. */
  SqlEngine(Catalog catalog, ShapePolicy shapes, boolean scanPlans) {
    this(catalog, shapes, java.util.Set.of(), new LiveSessions(), scanPlans);
  }

  private SqlEngine(Catalog catalog, ShapePolicy shapes, java.util.Set<String> readOnlyUsers, LiveSessions sessions,
      boolean scanPlans) {
    this.catalog = catalog;
    this.planner = new CalcitePlanner(catalog.registry());
    this.authorizer = new Authorizer(shapes, parser);
    this.readOnlyUsers = java.util.Set.copyOf(readOnlyUsers);
    this.sessions = sessions;
    this.scanPlans = scanPlans;
  }

  /** What a parsed read statement compiles to: its plan's cache key and lifted literals. */
  private final Map<SqlNode, PlanKey> planKeys = java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

  record PlanKey(String key, List<Object> params) {}

  PlanKey planKey(SqlNode statement) {
    return planKeys.get(statement);
  }

  void planKey(SqlNode statement, PlanKey key) {
    planKeys.put(statement, key);
  }

  /** The users (roles) whose every write is refused with 25006, on any endpoint. */
  private final java.util.Set<String> readOnlyUsers;

  /** Why a session of {@code user} may not write (a replica's catalog, a read-only role), or null. */
  String writeRefusalFor(String user) {
    String catalogRefusal = catalog.writeRefusal();
    if (catalogRefusal != null) {
      return catalogRefusal;
    }
    return readOnlyUsers.contains(user) ? "role \"" + user + "\" is read-only on this server (--read-only-users): "
        + "it may read the catalog and the lake, not write; connect as another user to write" : null;
  }

  /** The live sessions of the server, every endpoint's: what pg_stat_activity lists. */
  private final LiveSessions sessions;

  LiveSessions sessions() {
    return sessions;
  }

  /** Whether a live session holds this process id (an endpoint choosing ids skips those). */
  public boolean processIdInUse(int processId) {
    return sessions.holds(processId);
  }

  /** A session of the server itself (no client socket). */
  public EngineSession openSession(String user, String application) {
    return openSession(user, application, ClientOrigin.LOCAL);
  }

  /** A session of the catalog database for a client at {@code origin}. */
  public EngineSession openSession(String user, String application, ClientOrigin origin) {
    return new EngineSession(this, parser, authorizer, user, application, null, java.util.Optional.empty(), origin);
  }

  /**
   * A session of the lake database named {@code database}: its schemas and tables are the lake's
   * DuckLake tables, read-only (see docs/lake-reads.md, "Lake tables in SQL"). {@code dataPath}, when
   * given, replaces the lake's {@code data_path} in resolving relative file paths.
   */
  public EngineSession openLakeSession(String user, String application, String database,
      java.util.Optional<String> dataPath) {
    return openLakeSession(user, application, database, dataPath, ClientOrigin.LOCAL);
  }

  /** The same, for a client at {@code origin}. */
  public EngineSession openLakeSession(String user, String application, String database,
      java.util.Optional<String> dataPath, ClientOrigin origin) {
    return new EngineSession(this, parser, authorizer, user, application, database, dataPath, origin);
  }

  Catalog catalog() {
    return catalog;
  }

  CalcitePlanner planner() {
    return planner;
  }

  /**
   * The cached plan of a shape if it is still valid for the transaction: compiled in this process,
   * or taken from the installed {@link PlanArchive}.
   */
  CalcitePlan cachedPlan(String key, io.rocklake.catalog.CatalogTransaction tx) {
    CalcitePlan p = SHARED_PLANS.get(key);
    if (p == null) {
      p = plans.get(key);
    }
    if (p == null) {
      p = archive.entry(key).flatMap(e -> e.plan(tx, planner.typeFactory())).orElse(null);
      if (p != null) {
        SHARED_PLANS.putIfAbsent(key, p);
        PLANS_FROM_ARCHIVE.incrementAndGet();
      }
    }
    return p != null && p.isValidFor(tx) ? p : null;
  }

  void cache(String key, CalcitePlan plan) {
    PLANS_COMPILED.incrementAndGet();
    (plan.isCatalogIndependent() ? SHARED_PLANS : plans).put(key, plan);
  }

  private static volatile PlanArchive archive = PlanArchive.empty();
  private static final java.util.concurrent.atomic.AtomicLong PLANS_COMPILED = new java.util.concurrent.atomic.AtomicLong();
  private static final java.util.concurrent.atomic.AtomicLong PLANS_FROM_ARCHIVE = new java.util.concurrent.atomic.AtomicLong();

  /**
   * Serves compiled plans from an archive a process wrote before ({@link #writePlanArchive}); every
   * engine in this process uses it. An archive written by other code is ignored.
   *
   * @return how many plans it holds for this code (0 for an archive of other code)
   */
  public static int usePlanArchive(java.nio.file.Path file) {
    PlanArchive a = PlanArchive.read(file);
    archive = a;
    return a.size();
  }

  /**
   * Writes every catalog-independent plan compiled or loaded in this process, and those of the
   * archive in use, to a plan archive.
   *
   * @return how many plans it holds
   */
  public static int writePlanArchive(java.nio.file.Path file) {
    Map<String, PlanArchive.Entry> entries = new java.util.TreeMap<>();
    for (PlanArchive.Entry e : archive.entries()) {
      entries.put(e.key(), e);
    }
    SHARED_PLANS.forEach((key, plan) -> entries.put(key, PlanArchive.Entry.of(key, plan)));
    PlanArchive.write(file, entries.values());
    return entries.size();
  }

  /** Plans Calcite compiled in this process, every engine counted. */
  public static long plansCompiled() {
    return PLANS_COMPILED.get();
  }

  /** Plans this process took from its plan archive instead of compiling them. */
  public static long plansFromArchive() {
    return PLANS_FROM_ARCHIVE.get();
  }

  /** One answer of a plan whose answer depends on the existing relations and its parameters alone. */
  private record AnswerKey(CalcitePlan plan, List<Object> params, List<io.rocklake.catalog.RelationDef> relations) {}

  private static final int ANSWERS = 64;
  /** DuckDB asks its reflection queries again in every transaction; between DDL the answers are the same. */
  private final Map<AnswerKey, List<Object[]>> answers = java.util.Collections.synchronizedMap(
      new java.util.LinkedHashMap<>(ANSWERS, 0.75f, true) {
        @Override protected boolean removeEldestEntry(Map.Entry<AnswerKey, List<Object[]>> eldest) {
          return size() > ANSWERS;
        }
      });

  /**
   * The answer of a plan that {@linkplain CalcitePlan#answerDependsOnlyOnRelations depends only on
   * the relations}: computed once per plan, parameters and relation list. The rows are shared and
   * read-only.
   */
  List<Object[]> answer(CalcitePlan plan, List<Object> params, List<io.rocklake.catalog.RelationDef> relations,
      java.util.function.Supplier<List<Object[]>> compute) {
    AnswerKey key = new AnswerKey(plan, java.util.Collections.unmodifiableList(new java.util.ArrayList<>(params)), relations);
    List<Object[]> hit = answers.get(key);
    if (hit != null) {
      return hit;
    }
    List<Object[]> rows = List.copyOf(compute.get());
    answers.put(key, rows);
    return rows;
  }

  /** The heap budget of statements being parsed and planned, shared by every session of this engine. */
  public StatementMemory statementMemory() {
    return statementMemory;
  }

  /** How many distinct statement shapes have a compiled plan. */
  public int cachedPlans() {
    return plans.size() + SHARED_PLANS.size();
  }
}
