package io.rocklake.engine;

import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.RelationRegistry;
import io.rocklake.catalog.RockLakeRelations;
import io.rocklake.catalog.SqlState;
import io.rocklake.catalog.calcite.PostgresTypeSystem;
import io.rocklake.catalog.calcite.ScopedSchema;
import io.rocklake.catalog.pg.PgCatalogTables;
import io.rocklake.catalog.pg.PgColumns;
import io.rocklake.catalog.pg.PgOids;
import io.rocklake.catalog.pg.PgSystemCatalog;
import io.rocklake.pgwire.types.PgType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.plan.ConventionTraitDef;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.volcano.VolcanoPlanner;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlLibrary;
import org.apache.calcite.sql.fun.SqlLibraryOperatorTableFactory;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.sql2rel.StandardConvertletTable;
import org.apache.calcite.tools.Programs;

/**
 * Compiles a query with Calcite — validation against the catalog as a transaction sees it,
 * conversion to relational algebra, cost-based optimization into the enumerable convention, code
 * generation — into a {@link CalcitePlan} that runs in any later transaction. Result columns are
 * described the way PostgreSQL would: a column read from a relation carries that relation's OID,
 * attribute number and PostgreSQL type; a computed one its PostgreSQL type and {@code ?column?}
 * or function name.
 */
final class CalcitePlanner {
  private static final Function<DataContext, CatalogTransaction> RUNTIME_TX =
      root -> (CatalogTransaction) root.get(CalcitePlan.TX_KEY);
  private static final SqlOperatorTable OPERATORS = SqlLibraryOperatorTableFactory.INSTANCE
      .getOperatorTable(SqlLibrary.STANDARD, SqlLibrary.POSTGRESQL);
  /**
   * PostgreSQL's array functions psql calls ({@code array_to_string}), and the one PgCompat writes
   * {@code x = ANY(array)} as ({@code array_contains}) and {@code a || ARRAY(...)} as ({@code array_concat}):
   * Calcite has them in other libraries only.
   */
  private static final SqlOperatorTable ARRAY_OPERATORS = org.apache.calcite.sql.util.SqlOperatorTables.of(
      org.apache.calcite.sql.fun.SqlLibraryOperators.ARRAY_TO_STRING,
      org.apache.calcite.sql.fun.SqlLibraryOperators.ARRAY_CONTAINS,
      org.apache.calcite.sql.fun.SqlLibraryOperators.ARRAY_CONCAT);

  private final RelationRegistry registry;
  /**
   * Character data is Unicode, as in a UTF-8 PostgreSQL database: Calcite's default character set,
   * ISO-8859-1, cannot hold a literal such as {@code '😀'} and fails the statement.
   */
  private final JavaTypeFactoryImpl typeFactory = new JavaTypeFactoryImpl(PostgresTypeSystem.INSTANCE) {
    @Override public java.nio.charset.Charset getDefaultCharset() {
      return java.nio.charset.StandardCharsets.UTF_16LE;
    }
  };

  CalcitePlanner(RelationRegistry registry) {
    this.registry = registry;
  }

  org.apache.calcite.adapter.java.JavaTypeFactory typeFactory() {
    return typeFactory;
  }

  /** The schemas as a transaction sees them: public (with pg_catalog on the path), rocklake, pg_catalog. */
  SchemaPlus schemas(CatalogTransaction tx) {
    return withFunctions(tables(tx));
  }

  private static SchemaPlus withFunctions(SchemaPlus plus) {
    PgFunctions.register(plus, plus.getSubSchema("pg_catalog"));
    GenerateSeries.register(plus, plus.getSubSchema("pg_catalog"));
    PgCompat.register(plus, plus.getSubSchema("pg_catalog"));
    return plus;
  }

  /** The relations of the lake database in one statement's view (see {@link LakeView}). */
  SchemaPlus tables(CatalogTransaction tx, LakeView lake) {
    return lake.tables(tx, registry, RUNTIME_TX);
  }

  /**
   * The relations alone, which is all a compiled plan looks up when it runs: the functions it
   * calls are compiled in.
   */
  SchemaPlus tables(CatalogTransaction tx) {
    SchemaPlus plus = CalciteSchema.createRootSchema(false, false).plus();
    plus.add(DuckLakeRelations.SCHEMA, new ScopedSchema(tx, registry, DuckLakeRelations.SCHEMA, RUNTIME_TX, true));
    plus.add(RockLakeRelations.SCHEMA, new ScopedSchema(tx, registry, RockLakeRelations.SCHEMA, RUNTIME_TX, false));
    plus.add("pg_catalog", new ScopedSchema(tx, registry, "pg_catalog", RUNTIME_TX, false));
    return plus;
  }

  CalcitePlan plan(SqlNode query, CatalogTransaction tx) {
    return plan(query, tx, null);
  }

  /** Compiles a query over the lake database's view when {@code lake} is given, else over the catalog's. */
  CalcitePlan plan(SqlNode query, CatalogTransaction tx, LakeView lake) {
    query = byteOrderCollationsDropped(query);
    SchemaPlus root = lake == null ? schemas(tx) : withFunctions(tables(tx, lake));
    RelationLookup lookup = lake == null ? tx::relation : (schema, table) -> lake.relation(tx, root, schema, table);
    Properties p = new Properties();
    p.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "true");
    p.setProperty(CalciteConnectionProperty.CONFORMANCE.camelName(), SqlConformanceEnum.BIG_QUERY.name());
    CalciteCatalogReader reader = new CalciteCatalogReader(CalciteSchema.from(root),
        List.of(lake == null ? DuckLakeRelations.SCHEMA : LakeView.DEFAULT_SCHEMA), typeFactory,
        new CalciteConnectionConfigImpl(p));
    SqlValidator validator = SqlValidatorUtil.newValidator(
        org.apache.calcite.sql.util.SqlOperatorTables.chain(OPERATORS, ARRAY_OPERATORS, reader), reader, typeFactory,
        SqlValidator.Config.DEFAULT.withConformance(SqlConformanceEnum.BIG_QUERY).withIdentifierExpansion(true));
    List<SqlNode> written = selectItems(query);
    written = written == null ? null : List.copyOf(written); // validation rewrites the list (aliases, expansion)
    PgCompat.rewrite(query);
    SqlNode validated;
    try {
      validated = validator.validate(query);
    } catch (CalciteContextException e) {
      throw translate(e, query);
    }
    List<Field> fields = describe(validated, written, validator, validator.getValidatedNodeType(validated), lookup);
    List<SqlTypeName> parameterTypes = new ArrayList<>();
    for (RelDataTypeField f : validator.getParameterRowType(validated).getFieldList()) {
      parameterTypes.add(f.getType().getSqlTypeName());
    }
    VolcanoPlanner planner = new VolcanoPlanner();
    planner.addRelTraitDef(ConventionTraitDef.INSTANCE);
    // Rules that move an ORDER BY (through a LEFT JOIN, say) ask for the inputs' collations.
    planner.addRelTraitDef(org.apache.calcite.rel.RelCollationTraitDef.INSTANCE);
    RelOptUtil.registerDefaultRules(planner, false, false);
    planner.addRule(io.rocklake.catalog.calcite.BoundedScanRule.INSTANCE);
    planner.addRule(io.rocklake.catalog.calcite.LakeProjectionRule.INSTANCE);
    planner.addRule(io.rocklake.catalog.calcite.LakePruningRule.OF_TABLE_SCAN);
    planner.addRule(io.rocklake.catalog.calcite.LakePruningRule.OF_PROJECTED_SCAN);
    planner.addRule(io.rocklake.catalog.calcite.LakePruningRule.OF_PROJECTION_OF_TABLE_SCAN);
    planner.addRule(io.rocklake.catalog.calcite.LakePruningRule.OF_PROJECTION_OF_PROJECTED_SCAN);
    // Merge joins need sorted inputs and trip over joins on columns of mixed types; the catalog's
    // relations are small enough that hash and nested-loop joins are always the better plan.
    planner.removeRule(org.apache.calcite.adapter.enumerable.EnumerableRules.ENUMERABLE_MERGE_JOIN_RULE);
    planner.removeRule(org.apache.calcite.adapter.enumerable.EnumerableRules.ENUMERABLE_MERGE_UNION_RULE);
    RelOptCluster cluster = RelOptCluster.create(planner, new RexBuilder(typeFactory));
    SqlToRelConverter converter = new SqlToRelConverter((rowType, sql, schemaPath, viewPath) -> null, validator,
        reader, cluster, StandardConvertletTable.INSTANCE,
        SqlToRelConverter.config().withTrimUnusedFields(true).withExpand(false));
    RelRoot relRoot = converter.convertQuery(validated, false, true);
    RelNode rel = PostgresSemantics.rewrite(relRoot.project(), cluster.getRexBuilder());
    // simplify(), as Calcite's own Prepare does: a one-row VALUES is sorted on every column, a composite
    // collation the planner asserts it is never asked for (AssertionError for SELECT 0, 1, ..., 99).
    RelNode best = Programs.standard().run(planner, rel,
        rel.getTraitSet().replace(EnumerableConvention.INSTANCE).simplify(), List.of(), List.of());
    PlanReads reads = new PlanReads();
    reads.go(best);
    GeneratedCode code = GeneratedCode.compile((EnumerableRel) MicrosecondTimestamps.rewrite(best, cluster.getRexBuilder()));
    return new CalcitePlan(code, fields, parameterTypes, typeFactory, List.copyOf(reads.relations),
        reads.answerDependsOnlyOnRelations());
  }

  /**
   * What an optimized plan reads: the catalog relations (which pin a cached or archived plan), and
   * whether its answer depends on the existing relations alone — it reads pg_catalog's derived
   * relations (pg_stat_activity excepted) and nothing else, and calls only deterministic built-in operators.
   */
  private static final class PlanReads extends org.apache.calcite.rel.RelVisitor {
    final List<RelationDef> relations = new ArrayList<>();
    private boolean readsDerived;
    private boolean readsCatalogOrCallsImpure;

    private final org.apache.calcite.rex.RexShuttle operators = new org.apache.calcite.rex.RexShuttle() {
      @Override public org.apache.calcite.rex.RexNode visitCall(org.apache.calcite.rex.RexCall call) {
        org.apache.calcite.sql.SqlOperator op = call.getOperator();
        if (op instanceof org.apache.calcite.sql.validate.SqlUserDefinedFunction || op.isDynamicFunction()
            || !op.isDeterministic()) {
          readsCatalogOrCallsImpure = true;
        }
        return super.visitCall(call);
      }
    };

    @Override public void visit(RelNode node, int ordinal, RelNode parent) {
      if (node instanceof org.apache.calcite.rel.core.TableScan scan) {
        io.rocklake.catalog.calcite.ScopedTable t = scan.getTable().unwrap(io.rocklake.catalog.calcite.ScopedTable.class);
        if (scan.getTable().unwrap(io.rocklake.catalog.calcite.LakeTable.class) != null) {
          readsCatalogOrCallsImpure = true; // the lake's rows: no answer of it is kept
        } else if (scan.getTable().unwrap(io.rocklake.catalog.pg.PgStatActivity.class) != null) {
          readsCatalogOrCallsImpure = true; // the sessions live now: no answer of it is kept either
        } else if (t == null) {
          readsDerived = true;
        } else {
          readsCatalogOrCallsImpure = true;
          if (!relations.contains(t.relation())) {
            relations.add(t.relation());
          }
        }
      }
      node.accept(operators);
      super.visit(node, ordinal, parent);
    }

    boolean answerDependsOnlyOnRelations() {
      return readsDerived && !readsCatalogOrCallsImpure;
    }
  }

  /**
   * {@code x COLLATE "C"} is x here: text compares in byte order already (as in {@link Eval}), and
   * Calcite's validator would read the collation name as a column. Rewrites the (private) tree in place.
   */
  private static SqlNode byteOrderCollationsDropped(SqlNode n) {
    if (n instanceof SqlCall c && c.getOperator() == io.rocklake.sql.ast.RockLakeOperators.COLLATE
        && c.operand(1) instanceof SqlIdentifier collation
        && List.of("C", "POSIX", "default").contains(collation.getSimple())) {
      return byteOrderCollationsDropped(c.operand(0));
    }
    if (n instanceof org.apache.calcite.sql.SqlNodeList list) {
      for (int i = 0; i < list.size(); i++) {
        SqlNode item = list.get(i);
        SqlNode done = item == null ? null : byteOrderCollationsDropped(item);
        if (done != item) {
          list.set(i, done);
        }
      }
    } else if (n instanceof SqlCall c) {
      List<SqlNode> operands = c.getOperandList();
      for (int i = 0; i < operands.size(); i++) {
        SqlNode o = operands.get(i);
        SqlNode done = o == null ? null : byteOrderCollationsDropped(o);
        if (done != o) {
          c.setOperand(i, done);
        }
      }
    }
    return n;
  }

  private static EngineException translate(CalciteContextException e, SqlNode query) {
    String m = e.getCause() != null && e.getCause().getMessage() != null ? e.getCause().getMessage() : e.getMessage();
    java.util.regex.Matcher notFound = java.util.regex.Pattern.compile("Object '([^']*)' not found").matcher(m);
    if (notFound.find()) {
      Optional<String> system = unservedSystemRelation(query, notFound.group(1));
      if (system.isPresent()) {
        return new EngineException(SqlState.FEATURE_NOT_SUPPORTED, "relation \"" + system.get() + "\" is one of PostgreSQL's own relations:"
            + " pg_catalog describes it, but RockLake does not serve its rows");
      }
      return new EngineException(SqlState.UNDEFINED_TABLE, "relation \"" + notFound.group(1) + "\" does not exist");
    }
    java.util.regex.Matcher column = java.util.regex.Pattern.compile("Column '([^']*)' not found").matcher(m);
    if (column.find()) {
      return new EngineException(SqlState.UNDEFINED_COLUMN, "column \"" + column.group(1) + "\" does not exist");
    }
    if (m.contains("No match found for function signature")) {
      return new EngineException(SqlState.UNDEFINED_FUNCTION, "function does not exist: " + m.replaceFirst(".*signature ", ""));
    }
    return new EngineException(SqlState.SYNTAX_ERROR, m);
  }

  /**
   * The name of one of PostgreSQL's own relations that the query reads and that RockLake lists in
   * pg_class without holding its rows ({@code information_schema.triggers}, {@code pg_aggregate}),
   * when {@code missing} (what Calcite could not find) is part of its name.
   */
  private static Optional<String> unservedSystemRelation(SqlNode query, String missing) {
    List<String> found = new ArrayList<>();
    query.accept(new org.apache.calcite.sql.util.SqlBasicVisitor<Void>() {
      @Override public Void visit(SqlIdentifier id) {
        if (id.names.size() > 2 || !id.names.contains(missing)) {
          return null;
        }
        String namespace = id.names.size() == 2 ? id.names.get(0) : "pg_catalog";
        String relation = id.names.get(id.names.size() - 1);
        boolean served = namespace.equals("pg_catalog") && PgCatalogTables.names().contains(relation);
        if (PgSystemCatalog.NAMESPACES.contains(namespace) && !served
            && PgSystemCatalog.relation(namespace, relation).isPresent()) {
          found.add(namespace + "." + relation);
        }
        return null;
      }
    });
    return found.stream().findFirst();
  }

  // ---- describing results as PostgreSQL does ---------------------------------------------------

  /** Where a result column's relation is found: the catalog's, or the lake view's. */
  interface RelationLookup {
    Optional<RelationDef> relation(String schema, String table);
  }

  private List<Field> describe(SqlNode validated, List<SqlNode> items, SqlValidator v, RelDataType rowType,
      RelationLookup tx) {
    List<RelDataTypeField> calcite = rowType.getFieldList();
    List<List<String>> origins = v.getFieldOrigins(validated);
    if (items != null && items.stream().anyMatch(i -> i instanceof SqlIdentifier id && id.isStar())) {
      items = null;
    }
    List<Field> out = new ArrayList<>();
    for (int i = 0; i < calcite.size(); i++) {
      SqlNode item = items != null && i < items.size() ? items.get(i) : null;
      String name = item != null ? pgName(item, calcite.get(i).getName()) : calcite.get(i).getName();
      List<String> origin = i < origins.size() ? origins.get(i) : null;
      Field f = origin == null ? null : fromOrigin(origin, name, tx);
      if (f == null) {
        PgType t = pgType(validated, i, v, tx);
        if (t == null && item != null) {
          t = exprType(item, v, null);
        }
        f = Field.computed(name, t != null ? t : fallback(calcite.get(i).getType()));
      }
      out.add(f);
    }
    return out;
  }

  /** The select list of a query, or of the first branch of a set operation; null when it had a star. */
  private static List<SqlNode> selectItems(SqlNode q) {
    if (q instanceof SqlOrderBy ob) {
      return selectItems(ob.query);
    }
    if (q instanceof SqlSelect s) {
      return s.getSelectList().getList();
    }
    if (q instanceof SqlBasicCall c && c.getKind().belongsTo(SqlKind.SET_QUERY)) {
      return selectItems(c.operand(0));
    }
    return null;
  }

  /** PostgreSQL's column name for a select item: its alias, column name, function name or {@code ?column?}. */
  private static String pgName(SqlNode item, String calciteName) {
    if (item.getKind() == SqlKind.AS) {
      return ((SqlIdentifier) ((SqlCall) item).operand(1)).getSimple();
    }
    if (item instanceof SqlIdentifier id) {
      return id.isStar() ? calciteName : id.names.get(id.names.size() - 1);
    }
    if (item instanceof SqlSelect sub && sub.getSelectList().size() == 1) {
      return pgName(sub.getSelectList().get(0), calciteName); // a scalar subquery is named by its column
    }
    if (item.getKind() == SqlKind.CAST) {
      SqlNode inner = ((SqlCall) item).operand(0);
      // The operand's name if it has one (a column, a function), else the type's, as PostgreSQL's FigureColname.
      String named = inner instanceof SqlIdentifier || inner instanceof SqlCall ? pgName(inner, calciteName) : "?column?";
      SqlDataTypeSpec type = (SqlDataTypeSpec) ((SqlCall) item).operand(1);
      return !named.equals("?column?") ? named : Boolean.TRUE.equals(PgCompat.timestampCast(type)) ? "timestamptz"
          : lastName(type.getTypeName()).toLowerCase(Locale.ROOT); // TIMESTAMP WITH TIME ZONE is timestamptz
    }
    if (item.getKind() == SqlKind.TRIM && ((SqlCall) item).operand(0) instanceof SqlLiteral flag) {
      String f = String.valueOf(flag.getValue());
      return f.equals("LEADING") ? "ltrim" : f.equals("TRAILING") ? "rtrim" : "btrim"; // as PostgreSQL names them
    }
    if (item.getKind() == SqlKind.OVER || item.getKind() == SqlKind.FILTER) {
      return pgName(((SqlCall) item).operand(0), calciteName); // row_number() OVER (...), count(*) FILTER (...)
    }
    if (item instanceof SqlCall c && c.getOperator().getKind() != SqlKind.OTHER && isFunction(c)) {
      return c.getOperator().getName().toLowerCase(Locale.ROOT);
    }
    if (item instanceof SqlCall c && isFunction(c)) {
      return c.getOperator().getName().toLowerCase(Locale.ROOT);
    }
    return "?column?";
  }

  /** {@code regtype} of {@code pg_catalog.regtype}. */
  private static String lastName(SqlIdentifier id) {
    return id.names.get(id.names.size() - 1);
  }

  private static boolean isFunction(SqlCall c) {
    return c.getOperator() instanceof org.apache.calcite.sql.SqlFunction;
  }

  private Field fromOrigin(List<String> origin, String name, RelationLookup tx) {
    if (origin.size() < 3) {
      return null;
    }
    String column = origin.get(origin.size() - 1);
    String table = origin.get(origin.size() - 2);
    String schema = origin.get(origin.size() - 3);
    Optional<PgColumns.PgColumn> pg = PgColumns.of(table, column);
    if (schema.equals("pg_catalog") || table.startsWith("pg_") && pg.isPresent()) {
      return pg.map(c -> new Field(name, PgType.byOid(c.typeOid()).orElse(PgType.TEXT), -1, (int) c.relationOid(),
          c.attnum())).orElse(null);
    }
    Optional<RelationDef> rel = tx.relation(schema, table);
    if (rel.isEmpty()) {
      return null;
    }
    int i = rel.get().columnIndex(column).orElse(-1);
    if (i < 0) {
      return null;
    }
    ColumnDef c = rel.get().columns().get(i);
    return new Field(name, Coercions.pgType(c.type()), c.typmod(), (int) PgOids.relation(rel.get()),
        (short) (i + 1));
  }

  /** The PostgreSQL type of result column i, looking into set-operation branches and known functions. */
  private PgType pgType(SqlNode q, int i, SqlValidator v, RelationLookup tx) {
    if (q instanceof SqlOrderBy ob) {
      return pgType(ob.query, i, v, tx);
    }
    if (q instanceof SqlBasicCall c && c.getKind().belongsTo(SqlKind.SET_QUERY)) {
      for (SqlNode branch : c.getOperandList()) {
        PgType t = pgType(branch, i, v, tx);
        if (t != null) {
          return t;
        }
      }
      return null;
    }
    if (!(q instanceof SqlSelect s)) {
      return null;
    }
    List<List<String>> origins = v.getFieldOrigins(s);
    if (i < origins.size() && origins.get(i) != null) {
      Field f = fromOrigin(origins.get(i), "", tx);
      if (f != null) {
        return f.type();
      }
    }
    SqlNode item = s.getSelectList().get(i);
    if (item.getKind() == SqlKind.AS) {
      item = ((SqlCall) item).operand(0);
    }
    if (item instanceof SqlCall pick && PICKS_A_VALUE.contains(pick.getKind()) && pick.operandCount() == 1
        && pick.operand(0) instanceof SqlIdentifier column) {
      // min(ts) of a timestamp is a timestamp, as in PostgreSQL, whose min and max of varchar are text's.
      PgType t = columnType(column, s, v, tx);
      if (t != null) {
        return t == PgType.VARCHAR ? PgType.TEXT : t;
      }
    }
    SqlNode from = s.getFrom();
    if (from != null && from.getKind() == SqlKind.AS) {
      from = ((SqlCall) from).operand(0);
    }
    if (item instanceof SqlIdentifier id && from != null && from.getKind().belongsTo(SqlKind.QUERY)) {
      // A column of a derived table (how Calcite rewrites ORDER BY over UNION): look inside it.
      RelDataTypeField f = v.getValidatedNodeType(from).getField(id.names.get(id.names.size() - 1), true, false);
      if (f != null) {
        return pgType(from, f.getIndex(), v, tx);
      }
    }
    return exprType(item, v, s);
  }

  /** Aggregates whose value is one of their argument's: their type is the argument's. */
  private static final java.util.Set<SqlKind> PICKS_A_VALUE = java.util.EnumSet.of(SqlKind.MIN, SqlKind.MAX,
      SqlKind.ANY_VALUE, SqlKind.FIRST_VALUE, SqlKind.LAST_VALUE);

  /** The PostgreSQL type of a relation's column named in a select, or null if it is none. */
  private PgType columnType(SqlIdentifier id, SqlSelect select, SqlValidator v, RelationLookup tx) {
    org.apache.calcite.sql.validate.SqlQualified q = v.getSelectScope(select).fullyQualify(id);
    org.apache.calcite.sql.validate.SqlValidatorTable table = q.namespace == null ? null : q.namespace.getTable();
    if (table == null || q.suffix().size() != 1) {
      return null;
    }
    List<String> origin = new ArrayList<>(table.getQualifiedName());
    origin.add(q.suffix().get(0));
    Field f = fromOrigin(origin, "", tx);
    return f == null ? null : f.type();
  }

  private static PgType exprType(SqlNode e, SqlValidator v, SqlSelect scope) {
    if (e instanceof SqlLiteral lit) {
      if (lit.getTypeName() == SqlTypeName.NULL) {
        return null;
      }
      if (lit instanceof SqlNumericLiteral n) {
        return n.isExact() && n.getScale() != null && n.getScale() == 0 ? PgType.INT4 : PgType.NUMERIC;
      }
      if (lit.getTypeName() == SqlTypeName.CHAR) {
        return PgType.TEXT;
      }
    }
    if (e instanceof SqlCall c && isFunction(c)) {
      PgType t = PgFunctions.RETURN_TYPES.get(c.getOperator().getName().toLowerCase(Locale.ROOT));
      if (t != null) {
        return t;
      }
      if (c.getOperator().getKind() == SqlKind.COUNT) {
        return PgType.INT8;
      }
      if (c.getOperator().getKind() == SqlKind.SUM) {
        // PostgreSQL sums integers into bigint, and bigints into numeric (Calcite keeps the argument's type).
        SqlTypeName arg = validatedType(v, c);
        return arg == SqlTypeName.BIGINT ? PgType.NUMERIC : arg == SqlTypeName.INTEGER || arg == SqlTypeName.SMALLINT
            || arg == SqlTypeName.TINYINT ? PgType.INT8 : null;
      }
    }
    if (e.getKind() == SqlKind.MOD && e instanceof SqlCall c) {
      // PostgreSQL's % has the wider operand's type; Calcite's MOD the divisor's.
      for (SqlNode operand : c.getOperandList()) {
        if (validatedType(v, operand) == SqlTypeName.BIGINT) {
          return PgType.INT8;
        }
      }
    }
    if (e instanceof SqlSelect sub && sub.getSelectList().size() == 1) {
      return exprType(sub.getSelectList().get(0), v, sub);
    }
    if (e.getKind() == SqlKind.CAST) {
      SqlNode operand = ((SqlCall) e).operand(0);
      if (operand instanceof SqlLiteral lit && lit.getTypeName() == SqlTypeName.NULL) {
        return null; // a NULL Calcite typed for a set operation: the type comes from another branch
      }
      SqlDataTypeSpec spec = (SqlDataTypeSpec) ((SqlCall) e).operand(1);
      if (Boolean.FALSE.equals(PgCompat.timestampCast(spec))) {
        return PgType.TIMESTAMP; // no catalog column has this type, but a cast may
      }
      try {
        TypeSpecs.Resolved r = TypeSpecs.resolve(spec);
        return r.tid() ? PgType.TID : Coercions.pgType(r.type());
      } catch (EngineException notAColumnType) {
        return null;
      }
    }
    return null;
  }

  private static SqlTypeName validatedType(SqlValidator v, SqlNode n) {
    RelDataType t = v.getValidatedNodeTypeIfKnown(n);
    return t == null ? null : t.getSqlTypeName();
  }

  private static PgType fallback(RelDataType t) {
    switch (t.getSqlTypeName()) {
      case BIGINT: return PgType.INT8;
      case INTEGER: return PgType.INT4;
      case SMALLINT: case TINYINT: return PgType.INT2;
      case BOOLEAN: return PgType.BOOL;
      case DECIMAL: return PgType.NUMERIC;
      case DOUBLE: case FLOAT: return PgType.FLOAT8;
      case REAL: return PgType.FLOAT4;
      case TIMESTAMP: case TIMESTAMP_WITH_LOCAL_TIME_ZONE: return PgType.TIMESTAMPTZ;
      case DATE: return PgType.DATE;
      case TIME: return PgType.TIME;
      case BINARY: case VARBINARY: return PgType.BYTEA;
      case ARRAY: {
        // Only flat arrays of these element types have an array codec; any other array is sent as text.
        RelDataType e = t.getComponentType();
        SqlTypeName element = e == null ? null : e.getSqlTypeName();
        return element == SqlTypeName.SMALLINT ? PgType.INT2_ARRAY
            : element == SqlTypeName.INTEGER ? PgType.INT4_ARRAY
            : element == SqlTypeName.CHAR || element == SqlTypeName.VARCHAR ? PgType.TEXT_ARRAY : PgType.TEXT;
      }
      default: return PgType.TEXT;
    }
  }
}
