package io.rocklake.engine;

import io.rocklake.catalog.CatalogException;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.CommitInfo;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.SqlState;
import io.rocklake.pgwire.types.PgType;
import io.rocklake.sql.ast.SqlBeginTransaction;
import io.rocklake.sql.ast.SqlCopyFrom;
import io.rocklake.sql.ast.SqlCopyOption;
import io.rocklake.sql.ast.SqlCopyTo;
import io.rocklake.sql.ast.SqlDiscard;
import io.rocklake.sql.ast.SqlEndTransaction;
import io.rocklake.sql.ast.SqlPgAlterTable;
import io.rocklake.sql.ast.SqlPgCreateTable;
import io.rocklake.sql.ast.SqlPgDropTable;
import io.rocklake.sql.ast.SqlResetParameter;
import io.rocklake.sql.ast.SqlSetParameter;
import io.rocklake.sql.ast.SqlSetTransaction;
import io.rocklake.sql.ast.SqlShowParameter;
import io.rocklake.sql.ast.SqlUpdateFrom;
import io.rocklake.sql.fingerprint.CanonicalSql;
import io.rocklake.sql.fingerprint.Fingerprint;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.ddl.SqlCreateSchema;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * One client session: its transaction state (idle, in a transaction, failed) and its settings.
 * Each explicit transaction is one catalog transaction; outside one, every statement runs in its
 * own (autocommit). An error inside a transaction fails it until ROLLBACK, as in PostgreSQL.
 */
public final class EngineSession implements AutoCloseable {
  private final SqlEngine engine;
  private final CommitInfo info;
  private final Map<String, String> settings = new LinkedHashMap<>();
  private CatalogTransaction explicit;
  private Instant explicitStart;
  /** The explicit transaction's access mode (BEGIN READ ONLY, SET TRANSACTION, default_transaction_read_only). */
  private boolean readOnly;
  /** The explicit transaction has read or written: PostgreSQL's "before any query" for SET TRANSACTION READ WRITE. */
  private boolean queried;
  private boolean failed;

  EngineSession(SqlEngine engine, String user, String application) {
    this.engine = engine;
    this.info = new CommitInfo(user, application, 0);
  }

  /**
   * The statements of a query string, in order; a syntax error is 42601 with its position, a
   * statement over a program limit ({@link StatementLimits}) 54001 or 54011.
   */
  public List<SqlNode> parse(String sql) {
    try {
      return engine.parser().parse(sql);
    } catch (EngineException e) {
      throw fail(e); // a syntax error inside a transaction block fails it, as in PostgreSQL
    }
  }

  /**
   * An error the wire layer found in a message before any statement ran (text that is not UTF-8):
   * it fails a transaction block as a statement error does, as in PostgreSQL.
   */
  public EngineException refuse(EngineException e) {
    return fail(e);
  }

  private java.util.function.BooleanSupplier cancelRequested = () -> false;

  /**
   * How the session learns that its client sent a CancelRequest: polled while a statement produces
   * rows; a request ends the statement with 57014.
   */
  public void onCancelCheck(java.util.function.BooleanSupplier check) {
    this.cancelRequested = check;
  }

  void checkCancel() {
    if (cancelRequested.getAsBoolean()) {
      throw new EngineException(SqlState.QUERY_CANCELED, "canceling statement due to user request");
    }
  }

  /** 'I' idle, 'T' in a transaction block, 'E' in a failed transaction block. */
  public char transactionStatus() {
    return explicit == null ? 'I' : failed ? 'E' : 'T';
  }

  /** A client's text-format parameter value: untyped until it meets a column, like a quoted literal. */
  public static Object textParameter(String text) {
    return text == null ? null : new Unknown(text);
  }

  /** What a statement takes and returns, for the extended protocol's Describe. */
  public record Description(List<PgType> parameterTypes, List<Field> fields) {}

  public Description describe(SqlNode statement, int parameterCount) {
    if (failed && !(statement instanceof SqlEndTransaction)) {
      throw abortedError();
    }
    // Parameters of statements Calcite does not plan are untyped text, like quoted literals.
    List<PgType> untyped = java.util.Collections.nCopies(parameterCount, PgType.TEXT);
    if (!isQuery(statement)) {
      return new Description(untyped, null);
    }
    try {
      return describeQuery(statement, parameterCount, untyped);
    } catch (CatalogException e) {
      throw e;
    } catch (RuntimeException | StackOverflowError | AssertionError e) {
      throw fail(failure(e));
    }
  }

  private Description describeQuery(SqlNode statement, int parameterCount, List<PgType> untyped) {
    return inTransaction(tx -> {
      ScanPlan scan = engine.scanPlans ? ScanPlan.of(statement, tx) : null;
      if (scan != null) {
        return new Description(untyped, scan.fields());
      }
      CalcitePlan plan = calcitePlan(statement, tx, List.of()).plan;
      // Without $n the plan's parameters are lifted literals, which the client never binds.
      List<PgType> params = parameterCount == 0 ? List.of()
          : plan.parameterTypes().stream().map(EngineSession::parameterType).toList();
      return new Description(params, plan.fields());
    }, false);
  }

  private static PgType parameterType(SqlTypeName t) {
    switch (t) {
      case BIGINT: return PgType.INT8;
      case INTEGER: return PgType.INT4;
      case SMALLINT: return PgType.INT2;
      case BOOLEAN: return PgType.BOOL;
      case DOUBLE: return PgType.FLOAT8;
      case DECIMAL: return PgType.NUMERIC;
      default: return PgType.TEXT;
    }
  }

  /** Runs one statement with the client's parameter values ({@link #textParameter} or codec values). */
  public Outcome execute(SqlNode statement, List<Object> params) {
    cancelRequested.getAsBoolean(); // a cancel that arrived while idle cancels nothing, as in PostgreSQL
    if (statement instanceof SqlEndTransaction end) {
      return endTransaction(end.outcome());
    }
    if (failed) {
      throw abortedError();
    }
    try {
      return dispatch(statement, params);
    } catch (CatalogException e) {
      throw fail(EngineException.from(e));
    } catch (RuntimeException | StackOverflowError | AssertionError e) {
      throw fail(failure(e));
    }
  }

  /** An unexpected failure as the statement's error: a limit, corrupt store bytes, or else XX000. */
  private static EngineException failure(Throwable e) {
    EngineException limit = StatementLimits.limitExceeded(e);
    if (limit != null) {
      return limit;
    }
    EngineException corrupt = CorruptData.error(e);
    return corrupt != null ? corrupt : new EngineException(SqlState.INTERNAL_ERROR, "internal error: " + e);
  }

  private static EngineException abortedError() {
    return new EngineException(SqlState.IN_FAILED_SQL_TRANSACTION, "current transaction is aborted, commands ignored until end of transaction block");
  }

  private EngineException fail(EngineException e) {
    if (explicit != null) {
      failed = true;
    }
    return e;
  }

  private Outcome dispatch(SqlNode statement, List<Object> params) {
    if (statement instanceof SqlBeginTransaction begin) {
      if (explicit == null) {
        explicit = engine.catalog().begin(info);
        explicitStart = Instant.now();
        readOnly = begin.readOnly() != null ? begin.readOnly() : defaultReadOnly();
        queried = false;
      }
      return new Outcome.Command("BEGIN");
    }
    if (statement instanceof SqlDiscard discard) {
      if (explicit != null) {
        throw new EngineException(SqlState.ACTIVE_SQL_TRANSACTION, "DISCARD " + discard.target() + " cannot run inside a transaction block");
      }
      settings.clear();
      return new Outcome.Command("DISCARD " + discard.target());
    }
    if (statement instanceof SqlSetTransaction set) {
      if (set.readOnly() != null) {
        if (set.target() == SqlSetTransaction.Target.SESSION_DEFAULT) {
          settings.put(DEFAULT_READ_ONLY, BooleanSetting.show(set.readOnly()));
        } else {
          setTransactionReadOnly(set.readOnly());
        }
      }
      return new Outcome.Command("SET");
    }
    if (statement instanceof SqlSetParameter set) {
      String name = set.name().toString().toLowerCase(Locale.ROOT);
      if (set.values().size() == 1 && set.values().get(0).getKind() == SqlKind.DEFAULT) {
        settings.remove(name);
        return new Outcome.Command("SET");
      }
      String value = set.values().getList().stream().map(EngineSession::settingText)
          .reduce((a, b) -> a + ", " + b).orElse("");
      if (name.equals(DEFAULT_READ_ONLY) || name.equals(TRANSACTION_READ_ONLY)) {
        if (set.values().size() != 1) {
          throw new EngineException(SqlState.INVALID_PARAMETER_VALUE, "SET " + name + " takes only one argument");
        }
        boolean on = BooleanSetting.parse(name, value);
        if (name.equals(TRANSACTION_READ_ONLY)) {
          setTransactionReadOnly(on); // outside a block it would last for this statement only: nothing to keep
          return new Outcome.Command("SET");
        }
        value = BooleanSetting.show(on);
      }
      settings.put(name, value);
      return new Outcome.Command("SET");
    }
    if (statement instanceof SqlResetParameter reset) {
      settings.remove(reset.name().toString().toLowerCase(Locale.ROOT));
      return new Outcome.Command("RESET");
    }
    if (statement instanceof SqlShowParameter show) {
      String name = show.name().toString().toLowerCase(Locale.ROOT);
      String value = name.equals(TRANSACTION_READ_ONLY) ? BooleanSetting.show(transactionReadOnly())
          : settings.getOrDefault(name, Settings.DEFAULTS.get(name));
      if (value == null) {
        throw new EngineException(SqlState.UNDEFINED_OBJECT, "unrecognized configuration parameter \"" + name + "\"");
      }
      return new Outcome.Rows(List.of(Field.computed(name, PgType.TEXT)), List.<Object[]>of(new Object[] {value}));
    }
    if (statement instanceof SqlCopyTo copy) {
      engine.shapes().checkRead(statement, engine.parser()::canonicalCopy);
      boolean binary = binaryFormat(copy.options());
      return inTransaction(tx -> {
        QueryResult r = query(copy.query(), tx, params);
        return new Outcome.CopyOut(r.fields, r.rows, binary);
      }, false);
    }
    if (statement instanceof SqlCopyFrom copy) {
      engine.shapes().checkWrite(statement, engine.parser()::canonicalCopy);
      return copyIn(copy);
    }
    if (isQuery(statement)) {
      engine.shapes().checkRead(statement, engine.parser()::canonicalCopy);
      return inTransaction(tx -> {
        QueryResult r = query(statement, tx, params);
        return new Outcome.Rows(r.fields, r.rows, r.reused);
      }, false);
    }
    engine.shapes().checkWrite(statement, engine.parser()::canonicalCopy);
    if (transactionReadOnly()) {
      throw new EngineException(SqlState.READ_ONLY_SQL_TRANSACTION, "cannot execute " + commandName(statement) + " in a read-only transaction");
    }
    return inTransaction(tx -> {
      Writes w = new Writes(tx, new Eval(now(), params));
      if (statement instanceof SqlInsert i) {
        return w.insert(i);
      }
      if (statement instanceof SqlUpdateFrom u) {
        return w.updateFrom(u, null);
      }
      if (statement instanceof SqlUpdate u) {
        return w.update(u);
      }
      if (statement instanceof SqlDelete d) {
        return w.delete(d);
      }
      if (statement instanceof SqlWith with) {
        return w.with(with);
      }
      if (statement instanceof SqlPgCreateTable c) {
        return w.createTable(c);
      }
      if (statement instanceof SqlPgDropTable d) {
        return w.dropTable(d);
      }
      if (statement instanceof SqlCreateSchema) {
        // Schemas exist as namespaces of the relations created in them; nothing to record.
        return new Outcome.Command("CREATE SCHEMA");
      }
      if (statement instanceof SqlPgAlterTable) {
        throw EngineException.unsupported("ALTER TABLE is not supported: DuckLake 1.0 catalogs need no migration");
      }
      Fingerprint f = Fingerprint.of(statement);
      throw EngineException.unsupported("statement not supported: " + f.hash() + " " + f.normalizedSql());
    }, true);
  }

  private static final String DEFAULT_READ_ONLY = "default_transaction_read_only";
  private static final String TRANSACTION_READ_ONLY = "transaction_read_only";

  /** What a transaction begun now is: SET SESSION CHARACTERISTICS or default_transaction_read_only. */
  private boolean defaultReadOnly() {
    return "on".equals(settings.get(DEFAULT_READ_ONLY));
  }

  /** Whether the statement running now may write: the explicit transaction's mode, or the session's default. */
  private boolean transactionReadOnly() {
    return explicit != null ? readOnly : defaultReadOnly();
  }

  /**
   * SET TRANSACTION READ ONLY | READ WRITE (or SET transaction_read_only): for the explicit
   * transaction; outside one it has nothing to apply to (PostgreSQL warns 25P01 and ignores it).
   */
  private void setTransactionReadOnly(boolean on) {
    if (explicit == null) {
      return;
    }
    if (!on && readOnly && queried) {
      throw new EngineException(SqlState.ACTIVE_SQL_TRANSACTION, "transaction read-write mode must be set before any query");
    }
    readOnly = on;
  }

  /** The command a write statement is, as PostgreSQL names it in 25006's text. */
  private static String commandName(SqlNode statement) {
    if (statement instanceof SqlInsert) {
      return "INSERT";
    }
    if (statement instanceof SqlUpdate || statement instanceof SqlUpdateFrom || statement instanceof SqlWith) {
      return "UPDATE";
    }
    if (statement instanceof SqlDelete) {
      return "DELETE";
    }
    if (statement instanceof SqlPgCreateTable) {
      return "CREATE TABLE";
    }
    if (statement instanceof SqlPgDropTable) {
      return "DROP TABLE";
    }
    if (statement instanceof SqlCreateSchema) {
      return "CREATE SCHEMA";
    }
    if (statement instanceof SqlPgAlterTable) {
      return "ALTER TABLE";
    }
    return statement.getKind().sql;
  }

  private static String settingText(SqlNode n) {
    if (n instanceof SqlLiteral lit && lit.getTypeName() == SqlTypeName.CHAR) {
      return lit.getValueAs(String.class);
    }
    return n instanceof SqlIdentifier id ? id.toString() : n.toString();
  }

  static boolean isQuery(SqlNode n) {
    return n.getKind().belongsTo(SqlKind.QUERY) && !(n instanceof SqlWith w && !w.body.getKind().belongsTo(SqlKind.QUERY));
  }

  /**
   * FORMAT binary or text (the default); PostgreSQL's csv is not served, and any other word is
   * PostgreSQL's 22023. A number is a word here too, as in PostgreSQL ({@code FORMAT 18}).
   */
  private static boolean binaryFormat(org.apache.calcite.sql.SqlNodeList options) {
    for (SqlNode o : options) {
      SqlCopyOption opt = (SqlCopyOption) o;
      if (opt.name().equals("FORMAT") && opt.value() != null) {
        String v = optionText(opt.value()).toLowerCase(java.util.Locale.ROOT);
        switch (v) {
          case "binary": return true;
          case "text": return false;
          case "csv": throw EngineException.unsupported("COPY format \"csv\" is not supported: use text or binary");
          default: throw new EngineException(SqlState.INVALID_PARAMETER_VALUE, "COPY format \"" + v + "\" not recognized");
        }
      }
    }
    return false;
  }

  private static String nullMarker(org.apache.calcite.sql.SqlNodeList options) {
    for (SqlNode o : options) {
      SqlCopyOption opt = (SqlCopyOption) o;
      if (opt.name().equals("NULL") && opt.value() != null) {
        return optionText(opt.value());
      }
    }
    return "\\N";
  }

  /** An option's argument as PostgreSQL's defGetString reads it: a word, a string or a number. */
  private static String optionText(SqlNode value) {
    if (value instanceof SqlIdentifier id) {
      return id.getSimple();
    }
    if (value instanceof SqlLiteral l) {
      return l.toValue();
    }
    return value.toString();
  }

  private Instant now() {
    return explicit != null ? explicitStart : Instant.now();
  }

  /** Runs work in the session's transaction, or in its own autocommitted one. */
  private <T> T inTransaction(Function<CatalogTransaction, T> work, boolean writes) {
    if (explicit != null) {
      queried = true; // a write in a read-only block was refused before it got here (transactionReadOnly)
      return work.apply(explicit);
    }
    CatalogTransaction tx = engine.catalog().begin(info);
    try {
      T result = work.apply(tx);
      if (writes) {
        tx.commit();
      } else {
        tx.rollback();
      }
      return result;
    } catch (RuntimeException e) {
      if (tx.isActive()) {
        tx.rollback();
      }
      throw e;
    }
  }

  private Outcome copyIn(SqlCopyFrom copy) {
    boolean binary = binaryFormat(copy.options());
    String nullMarker = nullMarker(copy.options());
    boolean own = explicit == null;
    if (transactionReadOnly()) {
      throw new EngineException(SqlState.READ_ONLY_SQL_TRANSACTION, "cannot execute COPY FROM in a read-only transaction");
    }
    CatalogTransaction tx = own ? engine.catalog().begin(info) : explicit;
    RelationDef rel;
    int[] targets;
    try {
      rel = Relations.require(tx, copy.table());
      targets = Writes.targetColumns(rel, copy.columns());
    } catch (RuntimeException e) {
      if (own) {
        tx.rollback();
      }
      throw e;
    }
    List<Field> fields = new ArrayList<>();
    for (int t : targets) {
      var c = rel.columns().get(t);
      fields.add(new Field(c.name(), Coercions.pgType(c.type()), ScanPlan.typmod(c), 0, (short) (t + 1)));
    }
    Writes writes = new Writes(tx, new Eval(now(), List.of()));
    CopyInTarget target = new CopyInTarget() {
      long rows;

      @Override public void row(Object[] values) {
        try {
          Object[] catalogValues = new Object[values.length];
          for (int i = 0; i < values.length; i++) {
            catalogValues[i] = values[i] instanceof String s ? new Unknown(s) : values[i];
          }
          writes.insertRow(rel, targets, catalogValues);
          rows++;
        } catch (CatalogException e) {
          throw fail(EngineException.from(e));
        } catch (RuntimeException e) {
          throw fail(failure(e));
        }
      }

      @Override public long finish() {
        if (own) {
          try {
            tx.commit();
          } catch (CatalogException e) {
            throw EngineException.from(e);
          }
        }
        return rows;
      }

      @Override public void abandon() {
        if (own) {
          if (tx.isActive()) {
            tx.rollback();
          }
        } else {
          failed = true;
        }
      }
    };
    return new Outcome.CopyIn(fields, binary, nullMarker, target);
  }

  // ---- queries -----------------------------------------------------------------------------

  /** Rows of a query; {@code reused} when they are an answer the engine keeps (see {@link Outcome.Rows}). */
  private record QueryResult(List<Field> fields, List<Object[]> rows, boolean reused) {
    QueryResult(List<Field> fields, List<Object[]> rows) {
      this(fields, rows, false);
    }
  }

  private record Planned(CalcitePlan plan, List<Object> params) {}

  private QueryResult query(SqlNode q, CatalogTransaction tx, List<Object> params) {
    ScanPlan scan = engine.scanPlans ? ScanPlan.of(q, tx) : null;
    if (scan != null) {
      return new QueryResult(scan.fields(), scan.run(tx, new Eval(now(), params), this::checkCancel));
    }
    Planned p = calcitePlan(q, tx, params);
    if (p.plan.answerDependsOnlyOnRelations()) {
      List<io.rocklake.catalog.RelationDef> relations = engine.catalog().registry().existingRelations(tx);
      return new QueryResult(p.plan.fields(), engine.answer(p.plan, p.params, relations,
          () -> p.plan.run(tx, p.params, now(), info.user(), engine.planner().tables(tx), this::checkCancel)), true);
    }
    return new QueryResult(p.plan.fields(), p.plan.run(tx, p.params, now(), info.user(), engine.planner().tables(tx), this::checkCancel));
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
    SqlNode copy = engine.parser().parseOwn(written).get(0);
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
          plan = engine.planner().plan(engine.parser().parseOwn(written).get(0), tx);
        }
      }
      engine.cache(key, plan);
    }
    if (liftable) {
      engine.planKey(q, new SqlEngine.PlanKey(key, params));
    }
    return new Planned(plan, params);
  }

  private Outcome endTransaction(SqlEndTransaction.Outcome outcome) {
    if (explicit == null) {
      return new Outcome.Command(outcome == SqlEndTransaction.Outcome.COMMIT ? "COMMIT" : "ROLLBACK");
    }
    CatalogTransaction tx = explicit;
    explicit = null;
    boolean wasFailed = failed;
    failed = false;
    if (wasFailed || outcome == SqlEndTransaction.Outcome.ROLLBACK) {
      tx.rollback();
      return new Outcome.Command("ROLLBACK");
    }
    try {
      tx.commit();
      return new Outcome.Command("COMMIT");
    } catch (CatalogException e) {
      throw EngineException.from(e);
    }
  }

  @Override public void close() {
    if (explicit != null) {
      explicit.rollback();
      explicit = null;
    }
  }
}
