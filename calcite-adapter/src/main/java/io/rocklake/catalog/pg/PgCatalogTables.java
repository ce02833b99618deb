package io.rocklake.catalog.pg;

import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.ColumnType;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.RelationRegistry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * PostgreSQL's system catalog relations, derived from the relation registry as one transaction
 * sees it — the subset of columns clients (DuckDB's postgres extension, pgjdbc, psql) read — with
 * PostgreSQL 15's own relations ({@link PgSystemCatalog}: pg_catalog, information_schema, pg_toast)
 * listed before the catalog's. Nothing is stored.
 */
public final class PgCatalogTables {
  private PgCatalogTables() {}

  /** One derived relation: its columns (name, SQL type) and how to compute its rows. */
  private static final class Derived {
    private final List<String> names;
    private final List<SqlTypeName> types;
    private final Function<List<RelationDef>, List<Object[]>> rows;
    /** The element type of each array column not of smallints (int2vector's), by column name. */
    private final Map<String, SqlTypeName> arrayElements;
    /** The rows for the last relation list seen: the registry hands out one list per commit. */
    private volatile Object[] last = {null, null};

    Derived(List<String> names, List<SqlTypeName> types, Function<List<RelationDef>, List<Object[]>> rows) {
      this(names, types, rows, Map.of());
    }

    Derived(List<String> names, List<SqlTypeName> types, Function<List<RelationDef>, List<Object[]>> rows,
        Map<String, SqlTypeName> arrayElements) {
      this.names = names;
      this.types = types;
      this.rows = rows;
      this.arrayElements = arrayElements;
    }

    SqlTypeName arrayElement(String column) {
      return arrayElements.getOrDefault(column, SqlTypeName.SMALLINT);
    }

    List<String> names() {
      return names;
    }

    List<SqlTypeName> types() {
      return types;
    }

    @SuppressWarnings("unchecked")
    List<Object[]> rows(List<RelationDef> relations) {
      Object[] cached = last;
      if (cached[0] == relations) {
        return (List<Object[]>) cached[1];
      }
      List<Object[]> computed = List.copyOf(rows.apply(described(relations)));
      last = new Object[] {relations, computed};
      return computed;
    }
  }

  /** The pg_catalog tables for a transaction's view, by name. */
  public static Map<String, Table> forTransaction(CatalogTransaction tx, RelationRegistry registry) {
    return forTransaction(root -> tx, registry);
  }

  /** The pg_catalog tables, reading the transaction a query runs in from its {@link DataContext}. */
  public static Map<String, Table> forTransaction(Function<DataContext, CatalogTransaction> tx,
      RelationRegistry registry) {
    Function<DataContext, List<RelationDef>> relations = root -> registry.existingRelations(tx.apply(root));
    Map<String, Table> out = forRelations(relations);
    // The catalog's database name is read when the query runs: plans are shared by every catalog a server serves.
    Derived d = DERIVED.get("pg_database");
    out.put("pg_database", new DerivedTable(d, relations) {
      @Override public Enumerable<Object[]> scan(DataContext root) {
        return Linq4j.asEnumerable(List.<Object[]>of(databaseRow(tx.apply(root).databaseName())));
      }
    });
    return out;
  }

  /** The pg_catalog tables describing the relations a query sees, computed from its {@link DataContext}. */
  public static Map<String, Table> forRelations(Function<DataContext, List<RelationDef>> relations) {
    Map<String, Table> out = new LinkedHashMap<>();
    DERIVED.forEach((name, d) -> out.put(name, new DerivedTable(d, relations)));
    out.put(PgStatActivity.NAME, new PgStatActivity()); // the server's sessions, not the catalog's relations
    return out;
  }

  /** The same, in a database of another name: pg_database lists that name (what pgjdbc's getCatalogs reports). */
  public static Map<String, Table> forRelations(Function<DataContext, List<RelationDef>> relations, String database) {
    Map<String, Table> out = forRelations(relations);
    Derived d = DERIVED.get("pg_database");
    out.put("pg_database", new DerivedTable(new Derived(d.names(), d.types(),
        rels -> List.<Object[]>of(databaseRow(database)), d.arrayElements), relations));
    return out;
  }

  /** The names of the pg_catalog relations RockLake serves rows for. */
  public static java.util.Set<String> names() {
    java.util.Set<String> names = new java.util.LinkedHashSet<>(DERIVED.keySet());
    names.add(PgStatActivity.NAME);
    return java.util.Collections.unmodifiableSet(names);
  }

  private static class DerivedTable extends AbstractTable implements ScannableTable {
    private final Derived derived;
    private final Function<DataContext, List<RelationDef>> relations;

    DerivedTable(Derived derived, Function<DataContext, List<RelationDef>> relations) {
      this.derived = derived;
      this.relations = relations;
    }

    @Override public RelDataType getRowType(RelDataTypeFactory f) {
      RelDataTypeFactory.Builder b = f.builder();
      for (int i = 0; i < derived.names().size(); i++) {
        RelDataType t = derived.types().get(i) == SqlTypeName.ARRAY
            ? f.createArrayType(f.createSqlType(derived.arrayElement(derived.names().get(i))), -1)
            : f.createSqlType(derived.types().get(i));
        b.add(derived.names().get(i), f.createTypeWithNullability(t, true));
      }
      return b.build();
    }

    @Override public Enumerable<Object[]> scan(DataContext root) {
      return Linq4j.asEnumerable(derived.rows(relations.apply(root)));
    }
  }

  /**
   * The relations pg_catalog describes: the database as PostgreSQL would hold it. RockLake's own
   * relations stay out, so that clients introspecting the DuckLake catalog see exactly its tables;
   * they remain queryable by name in the {@code rocklake} schema.
   */
  private static List<RelationDef> described(List<RelationDef> all) {
    return all.stream().filter(r -> r.kind() != RelationDef.Kind.ROCKLAKE).toList();
  }

  private static final SqlTypeName BIGINT = SqlTypeName.BIGINT;
  private static final SqlTypeName INT = SqlTypeName.INTEGER;
  private static final SqlTypeName SMALLINT = SqlTypeName.SMALLINT;
  private static final SqlTypeName TEXT = SqlTypeName.VARCHAR;
  private static final SqlTypeName BOOL = SqlTypeName.BOOLEAN;

  /** The owner of every object: PostgreSQL's bootstrap superuser. */
  static final long OWNER = 10;
  static final String OWNER_NAME = "postgres";
  /**
   * PostgreSQL 15's {@code pg_database_owner}: the role that stands for whoever owns the database,
   * and owner of {@code public} (which grants it all and everyone USAGE).
   */
  static final long DATABASE_OWNER = 6171;
  private static final Object[] PUBLIC_NAMESPACE = {PgOids.PUBLIC_NAMESPACE, "public", DATABASE_OWNER,
      List.of("pg_database_owner=UC/pg_database_owner", "=U/pg_database_owner")};
  /** Access methods: heap for tables, btree for the primary-key indexes. */
  static final long HEAP_AM = 2;
  static final long BTREE_AM = 403;
  /** pg_catalog's namespace OID. */
  static final long PG_CATALOG = 11;

  private static final Map<String, Derived> DERIVED = new LinkedHashMap<>();

  static {
    // nspacl and reloptions are text arrays (aclitem[] as text), for psql's array_to_string and unnest.
    DERIVED.put("pg_namespace", new Derived(List.of("oid", "nspname", "nspowner", "nspacl"),
        List.of(BIGINT, TEXT, BIGINT, SqlTypeName.ARRAY), PgCatalogTables::namespaceRows, Map.of("nspacl", TEXT)));
    DERIVED.put("pg_class", new Derived(
        List.of("oid", "relname", "relnamespace", "reltype", "reloftype", "relowner", "relam", "relfilenode",
            "reltablespace", "relpages", "reltuples", "relallvisible", "reltoastrelid", "relhasindex", "relisshared",
            "relpersistence", "relkind", "relnatts", "relchecks", "relhasrules", "relhastriggers", "relhassubclass",
            "relrowsecurity", "relforcerowsecurity", "relispopulated", "relreplident", "relispartition", "relrewrite",
            "relfrozenxid", "relminmxid", "relacl", "reloptions", "relpartbound"),
        List.of(BIGINT, TEXT, BIGINT, BIGINT, BIGINT, BIGINT, BIGINT, BIGINT,
            BIGINT, INT, SqlTypeName.REAL, INT, BIGINT, BOOL, BOOL,
            TEXT, TEXT, SMALLINT, SMALLINT, BOOL, BOOL, BOOL,
            BOOL, BOOL, BOOL, TEXT, BOOL, BIGINT,
            BIGINT, BIGINT, TEXT, SqlTypeName.ARRAY, TEXT),
        PgCatalogTables::classRows, Map.of("reloptions", TEXT)));
    DERIVED.put("pg_attribute", new Derived(
        List.of("attrelid", "attname", "atttypid", "attstattarget", "attlen", "attnum", "attndims", "attcacheoff",
            "atttypmod", "attbyval", "attalign", "attstorage", "attcompression", "attnotnull", "atthasdef",
            "atthasmissing", "attidentity", "attgenerated", "attisdropped", "attislocal", "attinhcount",
            "attcollation", "attacl", "attoptions", "attfdwoptions", "attmissingval"),
        List.of(BIGINT, TEXT, BIGINT, INT, SMALLINT, SMALLINT, INT, INT,
            INT, BOOL, TEXT, TEXT, TEXT, BOOL, BOOL,
            BOOL, TEXT, TEXT, BOOL, BOOL, INT,
            BIGINT, TEXT, TEXT, TEXT, TEXT),
        PgCatalogTables::attributeRows));
    DERIVED.put("pg_type", new Derived(
        List.of("oid", "typname", "typnamespace", "typowner", "typlen", "typbyval", "typtype", "typcategory",
            "typispreferred", "typisdefined", "typdelim", "typrelid", "typsubscript", "typelem", "typarray",
            "typinput", "typoutput", "typreceive", "typsend", "typmodin", "typmodout", "typanalyze", "typalign",
            "typstorage", "typnotnull", "typbasetype", "typtypmod", "typndims", "typcollation", "typdefaultbin",
            "typdefault", "typacl"),
        List.of(BIGINT, TEXT, BIGINT, BIGINT, SMALLINT, BOOL, TEXT, TEXT,
            BOOL, BOOL, TEXT, BIGINT, TEXT, BIGINT, BIGINT,
            TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT,
            TEXT, BOOL, BIGINT, INT, INT, BIGINT, TEXT,
            TEXT, TEXT),
        PgCatalogTables::typeRows));
    // DuckLake's CREATE TABLEs declare no defaults, so PostgreSQL's pg_attrdef is empty too.
    DERIVED.put("pg_attrdef", new Derived(List.of("oid", "adrelid", "adnum", "adbin"),
        List.of(BIGINT, BIGINT, SMALLINT, TEXT), rels -> List.of()));
    DERIVED.put("pg_am", new Derived(List.of("oid", "amname", "amhandler", "amtype"),
        List.of(BIGINT, TEXT, TEXT, TEXT), rels -> List.of(
            new Object[] {HEAP_AM, "heap", "heap_tableam_handler", "t"},
            new Object[] {BTREE_AM, "btree", "bthandler", "i"},
            new Object[] {405L, "hash", "hashhandler", "i"},
            new Object[] {783L, "gist", "gisthandler", "i"},
            new Object[] {2742L, "gin", "ginhandler", "i"},
            new Object[] {4000L, "spgist", "spghandler", "i"},
            new Object[] {3580L, "brin", "brinhandler", "i"})));
    // The one role: every object's owner (OID 10, PostgreSQL's bootstrap superuser).
    DERIVED.put("pg_roles", new Derived(
        List.of("rolname", "rolsuper", "rolinherit", "rolcreaterole", "rolcreatedb", "rolcanlogin", "rolreplication",
            "rolconnlimit", "rolpassword", "rolvaliduntil", "rolbypassrls", "rolconfig", "oid"),
        List.of(TEXT, BOOL, BOOL, BOOL, BOOL, BOOL, BOOL, INT, TEXT, SqlTypeName.TIMESTAMP, BOOL, TEXT, BIGINT),
        rels -> List.<Object[]>of(new Object[] {OWNER_NAME, true, true, true, true, true, true, -1, "********", null,
            true, null, OWNER})));
    // A primary key references nothing: no referenced relation, key or actions (PostgreSQL's ' ').
    DERIVED.put("pg_constraint", new Derived(
        List.of("oid", "conname", "connamespace", "contype", "conrelid", "conindid", "conkey", "condeferrable",
            "condeferred", "convalidated", "confrelid", "confkey", "confupdtype", "confdeltype", "confmatchtype"),
        List.of(BIGINT, TEXT, BIGINT, TEXT, BIGINT, BIGINT, SqlTypeName.ARRAY, BOOL,
            BOOL, BOOL, BIGINT, SqlTypeName.ARRAY, TEXT, TEXT, TEXT),
        PgCatalogTables::constraintRows));
    // indkey and indoption are int2vectors, whose subscripts start at 0 in PostgreSQL; here they are
    // arrays from 1. Every index is a plain ascending btree index on columns (indoption all 0).
    DERIVED.put("pg_index", new Derived(
        List.of("indexrelid", "indrelid", "indnatts", "indnkeyatts", "indisunique", "indisprimary", "indisexclusion",
            "indimmediate", "indisclustered", "indisvalid", "indcheckxmin", "indisready", "indislive",
            "indisreplident", "indkey", "indoption", "indexprs", "indpred"),
        List.of(BIGINT, BIGINT, SMALLINT, SMALLINT, BOOL, BOOL, BOOL,
            BOOL, BOOL, BOOL, BOOL, BOOL, BOOL,
            BOOL, SqlTypeName.ARRAY, SqlTypeName.ARRAY, TEXT, TEXT),
        rels -> withSystemRows(SystemRows.INDEX, rels.stream().filter(RelationDef::hasPrimaryKey)
            .map(r -> new Object[] {PgOids.primaryKeyIndex(r), PgOids.relation(r), (short) r.primaryKey().size(),
                (short) r.primaryKey().size(), true, true, false,
                true, false, true, false, true, true,
                false, keyColumns(r), zeros(r.primaryKey().size()), null, null}).toList())));
    DERIVED.put("pg_indexes", new Derived(List.of("schemaname", "tablename", "indexname", "tablespace", "indexdef"),
        List.of(TEXT, TEXT, TEXT, TEXT, TEXT),
        rels -> withSystemRows(SystemRows.INDEXES, rels.stream().filter(RelationDef::hasPrimaryKey)
            .map(r -> new Object[] {r.schema(), r.name(), r.primaryKeyConstraintName(), null,
                "CREATE UNIQUE INDEX " + r.primaryKeyConstraintName() + " ON " + r.schema() + "." + r.name()
                    + " USING btree (" + String.join(", ", r.primaryKey()) + ")"}).toList())));
    DERIVED.put("pg_enum", new Derived(List.of("oid", "enumtypid", "enumsortorder", "enumlabel"),
        List.of(BIGINT, BIGINT, SqlTypeName.REAL, TEXT), rels -> List.of()));
    // The catalog's relations have no comments; PostgreSQL's own have none either.
    DERIVED.put("pg_description", new Derived(List.of("objoid", "classoid", "objsubid", "description"),
        List.of(BIGINT, BIGINT, INT, TEXT), rels -> SystemRows.DESCRIPTION));
    // PostgreSQL 15's columns of pg_database. The one database is a libc-provided one in the C locale:
    // RockLake compares text by code point, which is what PostgreSQL's C collation does.
    DERIVED.put("pg_database", new Derived(List.of("oid", "datname", "datdba", "encoding", "datlocprovider",
            "datistemplate", "datallowconn", "datconnlimit", "datfrozenxid", "datminmxid", "dattablespace",
            "datcollate", "datctype", "daticulocale", "datcollversion", "datacl"),
        List.of(BIGINT, TEXT, BIGINT, INT, TEXT, BOOL, BOOL, INT, BIGINT, BIGINT, BIGINT, TEXT, TEXT, TEXT, TEXT,
            SqlTypeName.ARRAY),
        rels -> List.<Object[]>of(databaseRow("rocklake")), Map.of("datacl", TEXT)));
    // What a DuckLake catalog never holds, so PostgreSQL 15 holding the same tables has no rows either:
    // row-level security policies, extended statistics, publications, inheritance. The columns are
    // PostgreSQL 15's (pg_node_tree columns as text), for psql's \d.
    DERIVED.put("pg_policy", new Derived(
        List.of("oid", "polname", "polrelid", "polcmd", "polpermissive", "polroles", "polqual", "polwithcheck"),
        List.of(BIGINT, TEXT, BIGINT, TEXT, BOOL, SqlTypeName.ARRAY, TEXT, TEXT), rels -> List.of(),
        Map.of("polroles", BIGINT)));
    DERIVED.put("pg_statistic_ext", new Derived(
        List.of("oid", "stxrelid", "stxname", "stxnamespace", "stxowner", "stxstattarget", "stxkeys", "stxkind",
            "stxexprs"),
        List.of(BIGINT, BIGINT, TEXT, BIGINT, BIGINT, INT, SqlTypeName.ARRAY, SqlTypeName.ARRAY, TEXT),
        rels -> List.of(), Map.of("stxkind", TEXT)));
    DERIVED.put("pg_publication", new Derived(
        List.of("oid", "pubname", "pubowner", "puballtables", "pubinsert", "pubupdate", "pubdelete", "pubtruncate",
            "pubviaroot"),
        List.of(BIGINT, TEXT, BIGINT, BOOL, BOOL, BOOL, BOOL, BOOL, BOOL), rels -> List.of()));
    DERIVED.put("pg_publication_namespace", new Derived(List.of("oid", "pnpubid", "pnnspid"),
        List.of(BIGINT, BIGINT, BIGINT), rels -> List.of()));
    DERIVED.put("pg_publication_rel", new Derived(List.of("oid", "prpubid", "prrelid", "prqual", "prattrs"),
        List.of(BIGINT, BIGINT, BIGINT, TEXT, SqlTypeName.ARRAY), rels -> List.of()));
    DERIVED.put("pg_inherits", new Derived(List.of("inhrelid", "inhparent", "inhseqno", "inhdetachpending"),
        List.of(BIGINT, BIGINT, INT, BOOL), rels -> List.of()));
    // The collations every PostgreSQL 15 has whatever its build: the ICU ones depend on the ICU library
    // it was built with, so none is listed (every RockLake column has its type's collation).
    DERIVED.put("pg_collation", new Derived(
        List.of("oid", "collname", "collnamespace", "collowner", "collprovider", "collisdeterministic",
            "collencoding", "collcollate", "collctype", "colliculocale", "collversion"),
        List.of(BIGINT, TEXT, BIGINT, BIGINT, TEXT, BOOL, INT, TEXT, TEXT, TEXT, TEXT), rels -> List.of(
            new Object[] {100L, "default", PG_CATALOG, OWNER, "d", true, -1, null, null, null, null},
            new Object[] {950L, "C", PG_CATALOG, OWNER, "c", true, -1, "C", "C", null, null},
            new Object[] {951L, "POSIX", PG_CATALOG, OWNER, "c", true, -1, "POSIX", "POSIX", null, null},
            new Object[] {12340L, "ucs_basic", PG_CATALOG, OWNER, "c", true, 6, "C", "C", null, null},
            new Object[] {12341L, "C.utf8", PG_CATALOG, OWNER, "c", true, 6, "C.utf8", "C.utf8", null, null})));
    DERIVED.put("pg_settings", new Derived(List.of("name", "setting", "category", "short_desc"),
        List.of(TEXT, TEXT, TEXT, TEXT), rels -> List.of(
            new Object[] {"server_version", "15.0", "Preset Options", "Shows the server version."},
            new Object[] {"server_encoding", "UTF8", "Preset Options", "Shows the server (database) character set encoding."},
            new Object[] {"standard_conforming_strings", "on", "Version and Platform Compatibility", "Causes '...' strings to treat backslashes literally."},
            new Object[] {"TimeZone", "Etc/UTC", "Client Connection Defaults", "Sets the time zone for displaying and interpreting time stamps."},
            new Object[] {"DateStyle", "ISO, MDY", "Client Connection Defaults", "Sets the display format for date and time values."},
            new Object[] {"integer_datetimes", "on", "Preset Options", "Shows whether datetimes are integer based."},
            // pgjdbc's getImportedKeys and getExportedKeys read it before their query.
            new Object[] {"max_index_keys", "32", "Preset Options", "Shows the maximum number of index keys."})));
  }

  /** The database's pg_database row (PostgreSQL 15's values for a database created in the C locale). */
  private static Object[] databaseRow(String name) {
    return new Object[] {PgOids.DATABASE, name, OWNER, 6, "c", false, true, -1, 0L, 0L, 1663L, "C", "C", null, null,
        null};
  }

  private static List<Object[]> withSystemRows(List<Object[]> system, List<Object[]> catalog) {
    List<Object[]> out = new ArrayList<>(system.size() + catalog.size());
    out.addAll(system);
    out.addAll(catalog);
    return out;
  }

  private static List<Object[]> namespaceRows(List<RelationDef> rels) {
    java.util.TreeSet<String> schemas = new java.util.TreeSet<>(List.of("public"));
    rels.forEach(r -> schemas.add(r.schema()));
    schemas.removeAll(PgSystemCatalog.NAMESPACES);
    List<Object[]> out = new ArrayList<>(SystemRows.NAMESPACE);
    for (String schema : schemas) {
      out.add(schema.equals("public") ? PUBLIC_NAMESPACE : new Object[] {PgOids.namespace(schema), schema, OWNER, null});
    }
    out.sort(java.util.Comparator.comparingLong(row -> (Long) row[0]));
    return out;
  }

  /**
   * PostgreSQL 15's own relations in the layout of each derived table, converted once on first use.
   * What the shipped description leaves out is filled in as for the catalog's relations: no storage
   * statistics ({@code relpages} 0, so that DuckDB never plans ctid-range scans), no transaction ids,
   * and the pg_attribute columns that are the same for every column PostgreSQL lists there.
   */
  private static final class SystemRows {
    static final List<Object[]> NAMESPACE = of("pg_namespace", Map.of());
    static final List<Object[]> CLASS = of("pg_class", Map.of("relpages", 0, "reltuples", -1f, "relallvisible", 0,
        "relfrozenxid", 0L, "relminmxid", 0L));
    static final List<Object[]> ATTRIBUTE = of("pg_attribute", attributeDefaults());
    static final List<Object[]> TYPE = of("pg_type", Map.of());
    static final List<Object[]> CONSTRAINT = of("pg_constraint", constraintDefaults());
    static final List<Object[]> INDEX = SystemIndexKeys.completed(of("pg_index", indexDefaults()),
        DERIVED.get("pg_index").names());
    static final List<Object[]> INDEXES = of("pg_indexes", Map.of());
    static final List<Object[]> DESCRIPTION = of("pg_description", Map.of());

    private static List<Object[]> of(String table, Map<String, Object> absent) {
      Derived d = DERIVED.get(table);
      return PgSystemCatalog.rows(table, d.names(), d.types(), d::arrayElement, absent);
    }

    private static Map<String, Object> constraintDefaults() {
      Map<String, Object> m = new java.util.HashMap<>();
      m.put("condeferrable", false);
      m.put("condeferred", false);
      m.put("convalidated", true);
      m.put("confrelid", 0L);
      m.put("confkey", null);
      m.put("confupdtype", " ");
      m.put("confdeltype", " ");
      m.put("confmatchtype", " ");
      return m;
    }

    /** What PostgreSQL 15's own indexes have in common; their keys are completed from their definitions. */
    private static Map<String, Object> indexDefaults() {
      Map<String, Object> m = new java.util.HashMap<>();
      m.put("indnkeyatts", null);
      m.put("indisexclusion", false);
      m.put("indimmediate", true);
      m.put("indisclustered", false);
      m.put("indisvalid", true);
      m.put("indcheckxmin", false);
      m.put("indisready", true);
      m.put("indislive", true);
      m.put("indisreplident", false);
      m.put("indkey", null);
      m.put("indoption", null);
      m.put("indexprs", null);
      m.put("indpred", null);
      return m;
    }

    private static Map<String, Object> attributeDefaults() {
      Map<String, Object> m = new java.util.HashMap<>();
      m.put("attstattarget", -1);
      m.put("attcacheoff", -1);
      m.put("attcompression", "");
      m.put("atthasdef", false);
      m.put("atthasmissing", false);
      m.put("attidentity", "");
      m.put("attgenerated", "");
      m.put("attisdropped", false);
      m.put("attislocal", true);
      m.put("attinhcount", 0);
      m.put("attoptions", null);
      m.put("attfdwoptions", null);
      m.put("attmissingval", null);
      return m;
    }
  }

  private static List<Object[]> classRows(List<RelationDef> rels) {
    List<Object[]> out = new ArrayList<>(SystemRows.CLASS);
    for (RelationDef r : rels) {
      long oid = PgOids.relation(r);
      String persistence = r.kind() == RelationDef.Kind.TEMPORARY ? "t" : "p";
      out.add(new Object[] {oid, r.name(), PgOids.namespace(r.schema()), PgOids.rowType(r), 0L, OWNER, HEAP_AM, oid,
          0L, 0, -1f, 0, 0L, r.hasPrimaryKey(), false,
          persistence, "r", (short) r.columns().size(), (short) 0, false, false, false,
          false, false, true, "d", false, 0L,
          0L, 0L, null, null, null});
      if (r.hasPrimaryKey()) {
        long index = PgOids.primaryKeyIndex(r);
        out.add(new Object[] {index, r.primaryKeyConstraintName(), PgOids.namespace(r.schema()), 0L, 0L, OWNER, BTREE_AM,
            index, 0L, 0, -1f, 0, 0L, false, false,
            persistence, "i", (short) r.primaryKey().size(), (short) 0, false, false, false,
            false, false, true, "n", false, 0L,
            0L, 0L, null, null, null});
      }
    }
    return out;
  }

  private static List<Object[]> attributeRows(List<RelationDef> rels) {
    List<Object[]> out = new ArrayList<>(SystemRows.ATTRIBUTE);
    for (RelationDef r : rels) {
      List<ColumnDef> cols = r.columns();
      for (int i = 0; i < cols.size(); i++) {
        ColumnDef c = cols.get(i);
        boolean notNull = c.notNull() || r.primaryKey().contains(c.name());
        PgSystemCatalog.TypeTraits t = PgSystemCatalog.traits(c.type().pgOid());
        out.add(new Object[] {PgOids.relation(r), c.name(), (long) c.type().pgOid(), -1, (short) typlen(c.type()),
            (short) (i + 1), 0, -1,
            c.typmod(), t.byval(), t.align(), t.storage(), "", notNull, false,
            false, "", "", false, true, 0,
            t.collation(), null, null, null, null});
      }
    }
    return out;
  }

  private static List<Object[]> typeRows(List<RelationDef> rels) {
    List<Object[]> out = new ArrayList<>(SystemRows.TYPE);
    for (RelationDef r : rels) {
      out.add(new Object[] {PgOids.rowType(r), r.name(), PgOids.namespace(r.schema()), OWNER, (short) -1, false, "c",
          "C", false, true, ",", PgOids.relation(r), "-", 0L, 0L,
          "record_in", "record_out", "record_recv", "record_send", "-", "-", "-", "d",
          "x", false, 0L, -1, 0, 0L, null,
          null, null});
    }
    return out;
  }

  private static List<Object[]> constraintRows(List<RelationDef> rels) {
    List<Object[]> out = new ArrayList<>(SystemRows.CONSTRAINT);
    for (RelationDef r : rels) {
      if (!r.hasPrimaryKey()) {
        continue;
      }
      List<Short> key = new ArrayList<>();
      for (int i : r.primaryKeyIndexes()) {
        key.add((short) (i + 1));
      }
      out.add(new Object[] {PgOids.primaryKeyConstraint(r), r.primaryKeyConstraintName(), PgOids.namespace(r.schema()),
          "p", PgOids.relation(r), PgOids.primaryKeyIndex(r), key, false,
          false, true, 0L, null, " ", " ", " "});
    }
    return out;
  }

  /** The attribute numbers of a relation's primary-key columns, in key order. */
  static List<Short> keyColumns(RelationDef r) {
    List<Short> key = new ArrayList<>();
    for (int i : r.primaryKeyIndexes()) {
      key.add((short) (i + 1));
    }
    return key;
  }

  static List<Short> zeros(int n) {
    return java.util.Collections.nCopies(n, (short) 0);
  }

  /** PostgreSQL's {@code typname} for a column type. */
  public static String typname(ColumnType t) {
    switch (t) {
      case BIGINT: return "int8";
      case INTEGER: return "int4";
      case SMALLINT: return "int2";
      case VARCHAR: return "varchar";
      case TEXT: return "text";
      case BOOLEAN: return "bool";
      case TIMESTAMPTZ: return "timestamptz";
      case TIMESTAMP: return "timestamp";
      case UUID: return "uuid";
      case REAL: return "float4";
      case DOUBLE: return "float8";
      case DECIMAL: return "numeric";
      case BYTEA: return "bytea";
      case TIME: return "time";
      case TIMETZ: return "timetz";
      case INTERVAL: return "interval";
      case DATE: return "date";
      default: throw new IllegalArgumentException(t.name());
    }
  }

  static int typlen(ColumnType t) {
    switch (t) {
      case BIGINT: case DOUBLE: case TIMESTAMPTZ: case TIMESTAMP: case TIME: return 8;
      case INTEGER: case REAL: case DATE: return 4;
      case SMALLINT: return 2;
      case BOOLEAN: return 1;
      case UUID: case INTERVAL: return 16;
      case TIMETZ: return 12;
      default: return -1;
    }
  }

  /** {@code atttypmod}: -1, or for {@code numeric(p,s)} PostgreSQL's {@code ((p << 16) | s) + 4}. */
}
