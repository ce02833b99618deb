package io.rocklake.engine;

import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.ColumnType;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.SqlState;
import io.rocklake.catalog.calcite.CalciteTypes;
import io.rocklake.pgwire.types.PgBytes;
import io.rocklake.pgwire.types.PgType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.TimeZone;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.QueryProvider;
import org.apache.calcite.runtime.Bindable;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A statement compiled by Calcite once and run many times: the generated code, the result's
 * PostgreSQL description, the types of its parameters (the literals lifted out of the statement,
 * or the client's {@code $n}) and the relations it reads. Thread-safe: each run binds its own
 * {@link DataContext}. Everything but the relations is independent of the catalog, which is what
 * lets a {@link PlanArchive} carry a plan to another process.
 */
final class CalcitePlan {
  static final String TX_KEY = "rocklake.tx";

  private final GeneratedCode code;
  private final Bindable<Object> bindable;
  private final List<Field> fields;
  private final List<SqlTypeName> parameterTypes;
  private final JavaTypeFactory typeFactory;
  private final List<RelationDef> relations;
  private final boolean answerDependsOnlyOnRelations;

  CalcitePlan(GeneratedCode code, List<Field> fields, List<SqlTypeName> parameterTypes,
      JavaTypeFactory typeFactory, List<RelationDef> relations, boolean answerDependsOnlyOnRelations) {
    this.code = code;
    this.answerDependsOnlyOnRelations = answerDependsOnlyOnRelations;
    this.bindable = code.instantiate();
    this.fields = List.copyOf(fields);
    this.parameterTypes = List.copyOf(parameterTypes);
    this.typeFactory = typeFactory;
    this.relations = List.copyOf(relations);
  }

  GeneratedCode code() {
    return code;
  }

  List<RelationDef> relations() {
    return relations;
  }

  /**
   * True when the answer is a function of the relations that exist and the parameters alone: the
   * plan reads only pg_catalog's derived relations and calls only deterministic built-in operators
   * (no function of the session, the clock or the catalog's rows). DuckDB's reflection queries are
   * such plans, and it sends them again with every transaction; their answers can be reused.
   */
  boolean answerDependsOnlyOnRelations() {
    return answerDependsOnlyOnRelations;
  }

  /**
   * True when the plan reads only relations whose shape and OID are the same in every catalog
   * (DuckLake's and RockLake's own, and pg_catalog): it may serve every catalog in the process.
   */
  boolean isCatalogIndependent() {
    return relations.stream().allMatch(r -> r.kind() == RelationDef.Kind.DUCKLAKE || r.kind() == RelationDef.Kind.ROCKLAKE);
  }

  /** True when every relation the plan reads still exists, with the same shape, for this transaction. */
  boolean isValidFor(CatalogTransaction tx) {
    for (RelationDef r : relations) {
      if (!tx.relation(r.schema(), r.name()).map(r::equals).orElse(false)) {
        return false;
      }
    }
    return true;
  }

  List<Field> fields() {
    return fields;
  }

  List<SqlTypeName> parameterTypes() {
    return parameterTypes;
  }

  /**
   * The session a plan runs for, as pg_catalog sees it: its process id (pg_backend_pid()) and the
   * live sessions of its engine (pg_stat_activity, through the DataContext).
   */
  record Asking(int processId, io.rocklake.catalog.pg.PgStatActivity.Sessions sessions) {}

  /** Runs the plan outside any session: pg_stat_activity is empty, pg_backend_pid() the process's id. */
  List<Object[]> run(CatalogTransaction tx, List<Object> params, Instant now, String user, SchemaPlus root,
      Runnable cancelCheck) {
    return run(tx, params, now, user, root, cancelCheck,
        new Asking((int) ProcessHandle.current().pid(), java.util.List::of));
  }

  /** Runs the plan for a session: {@code user} is what current_user, session_user and user answer. */
  List<Object[]> run(CatalogTransaction tx, List<Object> params, Instant now, String user, SchemaPlus root,
      Runnable cancelCheck, Asking asking) {
    Object[] bound = new Object[parameterTypes.size()];
    for (int i = 0; i < bound.length; i++) {
      bound[i] = toCalcite(i < params.size() ? params.get(i) : null, parameterTypes.get(i));
    }
    DataContext context = new DataContext() {
      @Override public SchemaPlus getRootSchema() {
        return root;
      }

      @Override public JavaTypeFactory getTypeFactory() {
        return typeFactory;
      }

      @Override public QueryProvider getQueryProvider() {
        return null;
      }

      @Override public Object get(String name) {
        if (name.equals(TX_KEY)) {
          return tx;
        }
        if (name.equals(io.rocklake.catalog.pg.PgStatActivity.CONTEXT_KEY)) {
          return asking.sessions();
        }
        if (name.startsWith("?")) {
          return bound[Integer.parseInt(name.substring(1))];
        }
        if (name.equals(Variable.CURRENT_TIMESTAMP.camelName) || name.equals(Variable.UTC_TIMESTAMP.camelName)
            || name.equals(Variable.LOCAL_TIMESTAMP.camelName)) {
          return now.toEpochMilli();
        }
        if (name.equals(Variable.TIME_ZONE.camelName)) {
          return TimeZone.getTimeZone("UTC");
        }
        if (name.equals(Variable.USER.camelName) || name.equals(Variable.SYSTEM_USER.camelName)) {
          return user;
        }
        if (name.equals(Variable.CANCEL_FLAG.camelName)) {
          return new AtomicBoolean(false);
        }
        return null;
      }
    };
    EngineException broken = initializerFailure;
    if (broken != null) {
      throw new EngineException(broken.state(), broken.getMessage(), broken.detail());
    }
    CatalogTransaction previous = PgFunctions.CURRENT.get();
    Integer previousPid = PgFunctions.BACKEND_PID.get();
    PgFunctions.CURRENT.set(tx);
    PgFunctions.BACKEND_PID.set(asking.processId());
    List<Object[]> out = new ArrayList<>();
    try (Enumerator<Object> e = bindable.bind(context).enumerator()) {
      int seen = 0;
      while (e.moveNext()) {
        if ((++seen & 1023) == 0) {
          cancelCheck.run();
        }
        Object row = e.current();
        Object[] values = fields.size() == 1 && !(row instanceof Object[]) ? new Object[] {row} : (Object[]) row;
        Object[] wire = new Object[fields.size()];
        for (int i = 0; i < wire.length; i++) {
          wire[i] = fromCalcite(values[i], fields.get(i).type());
        }
        out.add(wire);
      }
    } catch (ExceptionInInitializerError e) {
      // Calcite hoists constant expressions (SELECT 1 / 0) into the generated class's static
      // initializer: it fails once, and every later use of the class would be NoClassDefFoundError.
      initializerFailure = runtimeError(e.getCause());
      throw initializerFailure;
    } catch (ArithmeticException e) {
      throw runtimeError(e);
    } finally {
      PgFunctions.CURRENT.set(previous);
      PgFunctions.BACKEND_PID.set(previousPid);
    }
    return out;
  }

  /** Set when the generated code's static initializer failed: the plan fails the same way ever after. */
  private volatile EngineException initializerFailure;

  /** An error raised by the generated code, as PostgreSQL reports it. */
  private static EngineException runtimeError(Throwable t) {
    if (t instanceof EngineException e) {
      return e;
    }
    String m = t == null ? "" : String.valueOf(t.getMessage());
    if (t instanceof ArithmeticException && (m.contains("by zero") || m.contains("Division undefined"))) {
      return new EngineException(SqlState.DIVISION_BY_ZERO, "division by zero");
    }
    return new EngineException(SqlState.INTERNAL_ERROR, "internal error: " + t);
  }

  /** A parameter value in Calcite's internal representation of its inferred type. */
  private static Object toCalcite(Object v, SqlTypeName t) {
    if (v == null) {
      return null;
    }
    switch (t) {
      case BIGINT: return ((Number) Coercions.to(v, ColumnType.BIGINT, "parameter")).longValue();
      case INTEGER: return ((Number) Coercions.to(v, ColumnType.BIGINT, "parameter")).intValue();
      case SMALLINT: case TINYINT: return ((Number) Coercions.to(v, ColumnType.BIGINT, "parameter")).shortValue();
      case BOOLEAN: return Coercions.to(v, ColumnType.BOOLEAN, "parameter");
      case DECIMAL: return Coercions.to(v, ColumnType.DECIMAL, "parameter");
      case DOUBLE: case FLOAT: return ((Number) Coercions.to(v, ColumnType.DOUBLE, "parameter")).doubleValue();
      case REAL: return ((Number) Coercions.to(v, ColumnType.DOUBLE, "parameter")).floatValue();
      case TIMESTAMP: case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return CalciteTypes.epochMicros((Instant) Coercions.to(v, ColumnType.TIMESTAMPTZ, "parameter"));
      case DATE: return (int) ((LocalDate) Coercions.to(v, ColumnType.DATE, "parameter")).toEpochDay();
      case TIME: return (int) (((LocalTime) Coercions.to(v, ColumnType.TIME, "parameter")).toNanoOfDay() / 1_000_000L);
      case VARBINARY: case BINARY: return new ByteString((byte[]) Coercions.to(v, ColumnType.BYTEA, "parameter"));
      default: return Coercions.text(v);
    }
  }

  /** A Calcite result value as the Java type of the column's codec. */
  static Object fromCalcite(Object v, PgType type) {
    if (v == null) {
      return null;
    }
    switch (type) {
      case INT8: case OID: case REGCLASS: case XID: return ((Number) v).longValue();
      case INT4: return ((Number) v).intValue();
      case INT2: return ((Number) v).shortValue();
      case FLOAT4: return ((Number) v).floatValue();
      case FLOAT8: return ((Number) v).doubleValue();
      case NUMERIC: return v instanceof BigDecimal d ? d : new BigDecimal(v.toString());
      case BOOL: return v;
      case BYTEA: return v instanceof ByteString b ? PgBytes.copyOf(b.getBytes()) : v;
      case TIMESTAMPTZ: return v instanceof Number n ? CalciteTypes.instantOfMicros(n.longValue()) : v;
      case TIMESTAMP: return v instanceof Number n
          ? java.time.LocalDateTime.ofInstant(CalciteTypes.instantOfMicros(n.longValue()), java.time.ZoneOffset.UTC) : v;
      case DATE: return v instanceof Number n ? LocalDate.ofEpochDay(n.longValue()) : v;
      case TIME: return v instanceof Number n ? LocalTime.ofNanoOfDay(n.longValue() * 1_000_000L) : v;
      case UUID: return v instanceof String s ? java.util.UUID.fromString(s) : v;
      case INTERVAL: return v instanceof String s ? PgType.INTERVAL.codec().decodeText(s) : v;
      case INT2_ARRAY: case INT4_ARRAY: case TEXT_ARRAY: return v instanceof List<?> l ? l : List.of((Object[]) v);
      default: return v instanceof String ? v : v.toString();
    }
  }
}
