package io.rocklake.engine;

import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.SqlState;
import io.rocklake.catalog.pg.PgSystemCatalog;
import io.rocklake.catalog.pg.PgOids;
import io.rocklake.pgwire.types.PgType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.adapter.enumerable.CallImplementor;
import org.apache.calcite.linq4j.function.NonDeterministic;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.Function;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.ImplementableFunction;
import org.apache.calcite.schema.ScalarFunction;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The PostgreSQL functions clients call on the catalog ({@code version()}, {@code to_regclass},
 * {@code current_schema()}, ...), as Calcite user-defined functions. Functions that read the
 * catalog see the transaction of the statement running on this thread.
 */
public final class PgFunctions {
  static final ThreadLocal<CatalogTransaction> CURRENT = new ThreadLocal<>();
  static final String VERSION = "PostgreSQL 15.0 (RockLake) on x86_64-pc-linux-gnu, compiled by javac, 64-bit";

  /** The PostgreSQL type each function returns, for RowDescription: these and {@link PgTextFunctions}. */
  static final Map<String, PgType> RETURN_TYPES;

  private static final Map<String, PgType> OWN_RETURN_TYPES = Map.ofEntries(
      Map.entry("version", PgType.TEXT), Map.entry("to_regclass", PgType.REGCLASS),
      Map.entry("current_schema", PgType.NAME), Map.entry("current_database", PgType.NAME),
      Map.entry("pg_my_temp_schema", PgType.OID), Map.entry("pg_backend_pid", PgType.INT4),
      Map.entry("regclassin", PgType.REGCLASS), Map.entry("pg_get_expr", PgType.TEXT),
      Map.entry("format_type", PgType.TEXT), Map.entry("pg_get_userbyid", PgType.NAME),
      Map.entry("obj_description", PgType.TEXT), Map.entry("col_description", PgType.TEXT),
      Map.entry("current_schemas", PgType.TEXT_ARRAY), Map.entry("length", PgType.INT4),
      Map.entry("pg_avg", PgType.NUMERIC), Map.entry("pg_table_is_visible", PgType.BOOL),
      Map.entry("pg_database_size", PgType.INT8), Map.entry("pg_get_indexdef", PgType.TEXT),
      Map.entry("pg_get_constraintdef", PgType.TEXT), Map.entry("pg_encoding_to_char", PgType.NAME),
      Map.entry("pg_relation_is_publishable", PgType.BOOL), Map.entry("pg_table_size", PgType.INT8),
      Map.entry("pg_size_pretty", PgType.TEXT), Map.entry("pg_get_statisticsobjdef_columns", PgType.TEXT),
      // Calcite's own session-user operators (PgCompat makes current_role one of them), typed as PostgreSQL types them.
      Map.entry("current_user", PgType.NAME), Map.entry("session_user", PgType.NAME), Map.entry("user", PgType.NAME),
      Map.entry("current_role", PgType.NAME));

  static {
    Map<String, PgType> all = new java.util.HashMap<>(OWN_RETURN_TYPES);
    all.putAll(PgTextFunctions.RETURN_TYPES);
    RETURN_TYPES = Map.copyOf(all);
  }

  private PgFunctions() {}

  public static String version() {
    return VERSION;
  }

  /**
   * The lake database's view while one of its statements is planned and run (see {@link LakeView}):
   * its name and the relations pg_catalog describes; null in the catalog database.
   */
  static final ThreadLocal<LakeContext> LAKE = new ThreadLocal<>();

  /** What the functions that name schemas and relations answer in the lake database. */
  record LakeContext(String database, List<RelationDef> relations) {}

  public static String current_schema() {
    return LAKE.get() != null ? LakeView.DEFAULT_SCHEMA : "public";
  }

  public static String current_database() {
    LakeContext lake = LAKE.get();
    if (lake != null) {
      return lake.database();
    }
    CatalogTransaction tx = CURRENT.get();
    return tx != null ? tx.databaseName() : io.rocklake.catalog.Catalog.DEFAULT_DATABASE_NAME;
  }

  /**
   * The bytes the database takes in its store (DuckDB's {@code PRAGMA database_size} asks it of
   * every attached catalog); 3D000 for any other database, as PostgreSQL answers.
   */
  @NonDeterministic
  public static Long pg_database_size(String name) {
    if (name == null) {
      return null;
    }
    if (!name.equals(current_database())) {
      throw new EngineException(SqlState.INVALID_CATALOG_NAME, "database \"" + name + "\" does not exist");
    }
    CatalogTransaction tx = CURRENT.get();
    return tx == null ? 0L : tx.storedBytes();
  }

  public static long pg_my_temp_schema() {
    return PgOids.TEMP_NAMESPACE;
  }

  /** The process id of the session whose statement runs on this thread (see {@link CalcitePlan#run}). */
  static final ThreadLocal<Integer> BACKEND_PID = new ThreadLocal<>();

  /** The asking session's process id, the one pg_stat_activity lists it with; outside a session, the server's. */
  @NonDeterministic
  public static int pg_backend_pid() {
    Integer pid = BACKEND_PID.get();
    return pid != null ? pid : (int) ProcessHandle.current().pid();
  }

  /** The relation's OID, or NULL when there is no such relation (PostgreSQL's {@code to_regclass}). */
  public static Long to_regclass(String name) {
    CatalogTransaction tx = CURRENT.get();
    if (tx == null || name == null) {
      return null;
    }
    String[] parts = name.split("\\.", 2);
    String schema = parts.length == 2 ? unquote(parts[0]) : null;
    String rel = unquote(parts.length == 2 ? parts[1] : parts[0]);
    Optional<Long> system = systemRelation(schema, rel);
    if (system.isPresent()) {
      return system.get();
    }
    Optional<RelationDef> r = relation(tx, schema, rel);
    return r.map(PgOids::relation).orElse(null);
  }

  /** A relation by name as the session's database sees it: the lake's in the lake database. */
  private static Optional<RelationDef> relation(CatalogTransaction tx, String schema, String rel) {
    LakeContext lake = LAKE.get();
    if (lake == null) {
      return tx.relation(schema, rel);
    }
    String s = schema == null ? LakeView.DEFAULT_SCHEMA : schema;
    return lake.relations().stream().filter(r -> r.schema().equals(s) && r.name().equals(rel)).findFirst();
  }

  /**
   * One of PostgreSQL's own relations by name: unqualified names find pg_catalog's (searched first,
   * as in PostgreSQL), qualified ones those of pg_catalog, information_schema and pg_toast.
   */
  private static Optional<Long> systemRelation(String schema, String rel) {
    return PgSystemCatalog.relation(schema == null ? "pg_catalog" : schema, rel).map(PgSystemCatalog.Relation::oid);
  }

  /**
   * {@code 'name'::regclass}: the relation's OID — PostgreSQL's own for its relations
   * ({@code 'pg_class'::regclass} is 1259), RockLake's for the catalog's — or 42P01 when there is none.
   * A number is taken as the OID itself. Not deterministic: relations come and go between runs of a
   * cached plan, so the planner must not fold it.
   */
  @NonDeterministic
  public static Long regclassin(String name) {
    if (name == null) {
      return null;
    }
    String trimmed = name.trim();
    if (trimmed.matches("[0-9]+")) {
      return Long.parseLong(trimmed);
    }
    String[] parts = trimmed.split("\\.", 2);
    String schema = parts.length == 2 ? unquote(parts[0]) : null;
    String rel = unquote(parts.length == 2 ? parts[1] : parts[0]);
    Optional<Long> system = systemRelation(schema, rel);
    if (system.isPresent()) {
      return system.get();
    }
    CatalogTransaction tx = CURRENT.get();
    Optional<RelationDef> r = tx == null ? Optional.empty() : relation(tx, schema, rel);
    return r.map(PgOids::relation).orElseThrow(
        () -> new EngineException(SqlState.UNDEFINED_TABLE, "relation \"" + name + "\" does not exist"));
  }

  /** The text of a stored expression: RockLake stores none (no defaults, no index predicates), so NULL stays NULL. */
  public static String pg_get_expr(String expr, Long relation) {
    return expr;
  }

  public static String pg_get_expr(String expr, Long relation, Boolean pretty) {
    return expr;
  }

  /**
   * PostgreSQL's SQL name of a type with its modifier: for the types the catalog's columns have, and
   * PostgreSQL 15's own answer (without modifier) for the other types its own relations use.
   */
  public static String format_type(Long type, Integer typmod) {
    if (type == null) {
      return null;
    }
    int mod = typmod == null ? -1 : typmod;
    switch (type.intValue()) {
      case 16: return "boolean";
      case 17: return "bytea";
      case 18: return "\"char\"";
      case 19: return "name";
      case 20: return "bigint";
      case 21: return "smallint";
      case 23: return "integer";
      case 25: return "text";
      case 26: return "oid";
      case 700: return "real";
      case 701: return "double precision";
      case 1043: return mod >= 4 ? "character varying(" + (mod - 4) + ")" : "character varying";
      case 1082: return "date";
      case 1083: return "time without time zone";
      case 1184: return "timestamp with time zone";
      case 1186: return "interval";
      case 1700:
        return mod >= 4 ? "numeric(" + (((mod - 4) >> 16) & 0xFFFF) + "," + ((mod - 4) & 0xFFFF) + ")" : "numeric";
      case 2950: return "uuid";
      case 0: return "-";
      default: return PgSystemCatalog.formatType(type).orElse("???");
    }
  }

  /**
   * An index's {@code CREATE INDEX} statement ({@code column} 0), or the name of its {@code column}-th
   * key column: the catalog's primary-key indexes and PostgreSQL's own; NULL for any other OID, and
   * for a column the index does not have, as in PostgreSQL. The lake's tables have no indexes.
   */
  @NonDeterministic
  public static String pg_get_indexdef(Long index, Integer column, Boolean pretty) {
    if (index == null || column == null) {
      return null;
    }
    Optional<RelationDef> owner = keyed(index, r -> PgOids.primaryKeyIndex(r));
    if (owner.isPresent()) {
      RelationDef r = owner.get();
      return column == 0 ? primaryKeyIndexDefinition(r)
          : column <= r.primaryKey().size() ? r.primaryKey().get(column - 1) : "";
    }
    if (column == 0) {
      return io.rocklake.catalog.pg.SystemIndexKeys.definition(index).orElse(null);
    }
    return io.rocklake.catalog.pg.SystemIndexKeys.columns(index)
        .map(cols -> column <= cols.size() ? cols.get(column - 1) : "").orElse(null);
  }

  @NonDeterministic
  public static String pg_get_indexdef(Long index) {
    return pg_get_indexdef(index, 0, false);
  }

  /** A primary key's definition, {@code PRIMARY KEY (a, b)}: the one kind of constraint the catalog has. */
  @NonDeterministic
  public static String pg_get_constraintdef(Long constraint, Boolean pretty) {
    if (constraint == null) {
      return null;
    }
    return keyed(constraint, r -> PgOids.primaryKeyConstraint(r))
        .map(r -> "PRIMARY KEY (" + String.join(", ", r.primaryKey()) + ")").orElse(null);
  }

  @NonDeterministic
  public static String pg_get_constraintdef(Long constraint) {
    return pg_get_constraintdef(constraint, false);
  }

  static String primaryKeyIndexDefinition(RelationDef r) {
    return "CREATE UNIQUE INDEX " + r.primaryKeyConstraintName() + " ON " + r.schema() + "." + r.name()
        + " USING btree (" + String.join(", ", r.primaryKey()) + ")";
  }

  /** The relation, of those the session's pg_catalog describes, whose primary key's object has this OID. */
  private static Optional<RelationDef> keyed(long oid, java.util.function.ToLongFunction<RelationDef> objectOid) {
    CatalogTransaction tx = CURRENT.get();
    LakeContext lake = LAKE.get();
    List<RelationDef> rels = lake != null ? lake.relations() : tx == null ? List.of() : tx.relations();
    return rels.stream().filter(r -> r.kind() != RelationDef.Kind.ROCKLAKE && r.hasPrimaryKey()
        && objectOid.applyAsLong(r) == oid).findFirst();
  }

  /**
   * The name of a role: every object belongs to the bootstrap superuser, OID 10, but the
   * {@code public} schema, which (as in PostgreSQL 15) belongs to {@code pg_database_owner}, 6171.
   */
  public static String pg_get_userbyid(Long role) {
    if (role == null) {
      return null;
    }
    return role == 10L ? "postgres" : role == 6171L ? "pg_database_owner" : "unknown (OID=" + role + ")";
  }

  /**
   * The name of an encoding number, as pg_database's {@code encoding} holds it: RockLake's one
   * encoding is UTF8 (6); PostgreSQL answers an empty string for a number that names no encoding.
   */
  public static String pg_encoding_to_char(Integer encoding) {
    if (encoding == null) {
      return null;
    }
    return encoding == 6 ? "UTF8" : encoding == 0 ? "SQL_ASCII" : "";
  }

  /**
   * Whether a relation could be published (logical replication): as PostgreSQL decides it, a
   * permanent table outside pg_catalog and information_schema — every catalog relation but the
   * temporary ones; none of PostgreSQL's own; NULL for an OID that names no relation.
   */
  @NonDeterministic
  public static Boolean pg_relation_is_publishable(Long oid) {
    CatalogTransaction tx = CURRENT.get();
    if (oid == null || tx == null) {
      return null;
    }
    LakeContext lake = LAKE.get();
    for (RelationDef r : lake != null ? lake.relations() : tx.relations()) {
      if ((lake != null || r.kind() != RelationDef.Kind.ROCKLAKE) && PgOids.relation(r) == oid) {
        return r.kind() != RelationDef.Kind.TEMPORARY;
      }
    }
    return PgSystemCatalog.relation(oid).map(r -> false).orElse(null);
  }

  /** The columns of an extended-statistics object: the catalog has none (pg_statistic_ext is empty). */
  public static String pg_get_statisticsobjdef_columns(Long statistics) {
    return null;
  }

  /**
   * Comments: RockLake's catalog has none (pg_description is empty, as DuckLake's tables have none);
   * of PostgreSQL's own schemas, the ones initdb gives pg_catalog, pg_toast and public.
   */
  public static String obj_description(Long object, String catalog) {
    if (object == null || !"pg_namespace".equals(catalog)) {
      return null;
    }
    return object == 11L ? "system catalog schema" : object == 99L ? "reserved schema for TOAST tables"
        : object == PgOids.PUBLIC_NAMESPACE ? "standard public schema" : null;
  }

  public static String obj_description(Long object) {
    return null;
  }

  public static String col_description(Long relation, Integer column) {
    return null;
  }

  /** Of a pg_attribute {@code attnum} (a smallint), as psql's {@code \\d+} passes it. */
  public static String col_description(Long relation, Short column) {
    return null;
  }

  /**
   * The schemas on the search path, the implicit ones ({@code pg_catalog}) included when asked:
   * PostgreSQL's {@code current_schemas(bool)} with the default path ({@code "$user", public}).
   */
  public static List<String> current_schemas(Boolean includeImplicit) {
    String first = current_schema();
    return Boolean.TRUE.equals(includeImplicit) ? List.of("pg_catalog", first) : List.of(first);
  }

  /**
   * Whether a relation can be named without its schema: PostgreSQL's own relations in pg_catalog (not
   * information_schema's or pg_toast's) and the catalog's relations in {@code public} and
   * {@code pg_temp} (the search path); NULL for an OID that
   * names no relation, as in PostgreSQL. psql's {@code \dt} and {@code \d} filter on it.
   */
  @NonDeterministic
  public static Boolean pg_table_is_visible(Long oid) {
    CatalogTransaction tx = CURRENT.get();
    if (oid == null || tx == null) {
      return null;
    }
    LakeContext lake = LAKE.get();
    for (RelationDef r : lake != null ? lake.relations() : tx.relations()) {
      if (lake != null && PgOids.relation(r) == oid) {
        return r.schema().equals(LakeView.DEFAULT_SCHEMA);
      }
      if (lake == null && r.kind() != RelationDef.Kind.ROCKLAKE
          && (PgOids.relation(r) == oid || r.hasPrimaryKey() && PgOids.primaryKeyIndex(r) == oid)) {
        return r.schema().equals("public") || r.schema().equals("pg_temp");
      }
    }
    return PgSystemCatalog.relation(oid).map(r -> PgSystemCatalog.namespaceName(r).equals("pg_catalog")).orElse(null);
  }

  /**
   * The bytes a relation's heap takes (PostgreSQL's {@code pg_table_size}): 0 for every relation
   * pg_catalog describes, as {@code relpages} is 0 — the catalog's rows live in its store, not in
   * heap pages; NULL for an OID that names no relation, as in PostgreSQL.
   */
  @NonDeterministic
  public static Long pg_table_size(Long oid) {
    CatalogTransaction tx = CURRENT.get();
    if (oid == null || tx == null) {
      return null;
    }
    LakeContext lake = LAKE.get();
    for (RelationDef r : lake != null ? lake.relations() : tx.relations()) {
      if ((lake != null || r.kind() != RelationDef.Kind.ROCKLAKE)
          && (PgOids.relation(r) == oid || r.hasPrimaryKey() && PgOids.primaryKeyIndex(r) == oid)) {
        return 0L;
      }
    }
    return PgSystemCatalog.relation(oid).map(r -> 0L).orElse(null);
  }

  /**
   * A number of bytes as PostgreSQL 15's {@code pg_size_pretty(bigint)} prints it: bytes below
   * 10 kB, then kB, MB, GB, TB or PB below 20 of the next unit, rounded half away from zero.
   */
  public static String pg_size_pretty(Long size) {
    if (size == null) {
      return null;
    }
    String[] units = {"bytes", "kB", "MB", "GB", "TB", "PB"};
    long n = size;
    for (int u = 0; ; u++) {
      long limit = u == 0 ? 10 * 1024 : 20 * 1024 - 1;
      if (u == units.length - 1 || Math.abs(n) < limit) {
        if (u > 0) {
          n = (n + (n < 0 ? -1 : 1)) / 2;
        }
        return n + " " + units[u];
      }
      // A unit is 10 bits more than the last; the rounded units keep one bit for their halving.
      n /= 1L << (u == 0 ? 9 : 10);
    }
  }

  /** PostgreSQL's {@code length(text)}: the number of characters. */
  public static Integer length(String s) {
    return s == null ? null : s.codePointCount(0, s.length());
  }

  /**
   * PostgreSQL's {@code avg} of integers and numerics: {@code sum / count} in numeric, to the scale
   * PostgreSQL's division picks (at least 16 significant digits, never fewer fractional digits than
   * the sum has), rounded half away from zero. {@code AVG(x)} is planned as {@code pg_avg(SUM(x), COUNT(x))}.
   * (The average of a {@code real} or {@code double precision} column is a numeric here, where
   * PostgreSQL's is a double; of the catalog's relations only inlined data tables can have such columns.)
   */
  public static BigDecimal pg_avg(BigDecimal sum, Long count) {
    if (sum == null || count == null || count == 0) {
      return null;
    }
    BigDecimal n = BigDecimal.valueOf(count);
    int qweight = weight(sum) - weight(n);
    if (firstDigit(sum) <= firstDigit(n)) {
      qweight--;
    }
    int scale = Math.max(16 - qweight * 4, Math.max(Math.max(sum.scale(), 0), 0));
    return sum.divide(n, Math.min(scale, 1000), RoundingMode.HALF_UP);
  }

  /** The power of 10000 of a numeric's first base-10000 digit (PostgreSQL's {@code weight}); 0 for zero. */
  private static int weight(BigDecimal v) {
    return v.signum() == 0 ? 0 : Math.floorDiv(v.precision() - v.scale() - 1, 4);
  }

  /** The first base-10000 digit of a numeric's absolute value. */
  private static int firstDigit(BigDecimal v) {
    return v.signum() == 0 ? 0 : v.abs().movePointLeft(4 * weight(v)).intValue();
  }

  /** Registers the functions, under their names at the root and in {@code pg_catalog}. */
  static void register(SchemaPlus root, SchemaPlus pgCatalog) {
    for (Map.Entry<String, Function> f : FUNCTIONS) {
      root.add(f.getKey(), f.getValue());
      pgCatalog.add(f.getKey(), f.getValue());
    }
  }

  /** The functions as Calcite functions by name (overloads share one), made once: reflection is not free. */
  private static final List<Map.Entry<String, Function>> FUNCTIONS = functions();

  private static List<Map.Entry<String, Function>> functions() {
    List<Map.Entry<String, Function>> out = new java.util.ArrayList<>();
    for (Class<?> functions : List.of(PgFunctions.class, PgTextFunctions.class)) {
      for (Method m : functions.getMethods()) {
        if (Modifier.isStatic(m.getModifiers()) && RETURN_TYPES.containsKey(m.getName())) {
          out.add(Map.entry(m.getName(), m.getReturnType() == List.class ? new TextArrayFunction(m)
              : ScalarFunctionImpl.create(m)));
        }
      }
    }
    return List.copyOf(out);
  }

  /**
   * A function returning a {@code List<String>}, typed as an array of text so that SQL can index it
   * ({@code (current_schemas(true))[1]}); Calcite types a plain {@code List} result as an opaque object.
   */
  private static final class TextArrayFunction implements ScalarFunction, ImplementableFunction {
    private final ScalarFunctionImpl method;

    TextArrayFunction(Method m) {
      this.method = (ScalarFunctionImpl) ScalarFunctionImpl.create(m);
    }

    @Override public RelDataType getReturnType(RelDataTypeFactory f) {
      return f.createTypeWithNullability(f.createArrayType(f.createSqlType(SqlTypeName.VARCHAR), -1), true);
    }

    @Override public List<FunctionParameter> getParameters() {
      return method.getParameters();
    }

    @Override public CallImplementor getImplementor() {
      return method.getImplementor();
    }
  }

  private static String unquote(String s) {
    return s.startsWith("\"") && s.endsWith("\"") && s.length() >= 2 ? s.substring(1, s.length() - 1).replace("\"\"", "\"")
        : s.toLowerCase(java.util.Locale.ROOT);
  }
}
