package io.rocklake.conformance.clients;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.clients.ReplayedCatalogs.Pair;
import io.rocklake.conformance.compare.RowDifference;
import io.rocklake.conformance.corpus.CapturedMessage;
import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.sql.Statements;
import io.rocklake.conformance.wire.FrontendMessages;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * PostgreSQL's own relations — information_schema's views and the system catalogs — as the catalog
 * describes them, compared with PostgreSQL 15 after the same DuckDB scenario ({@link ReplayedCatalogs}):
 * DuckDB's captured reflection queries (the schema list and the big UNION ALL over
 * pg_class/pg_attribute/pg_constraint it sends at ATTACH, the composite-type and index lists, the
 * per-table variant it sends when it looks up one table) must give the same rows for namespaces
 * pg_catalog and information_schema, and so the same names DuckDB offers as hints for a mistyped
 * table; and the pg_catalog rows describing those relations must equal PostgreSQL's, column for column.
 *
 * <p>Values are compared as the text a simple-query client (DuckDB's libpq) receives. Two things are
 * not: {@code relpages}, PostgreSQL's estimate of a relation's size on disk (RockLake reports 0, so
 * that DuckDB never plans ctid-range scans), and OIDs that PostgreSQL assigns per installation rather
 * than fixes in its sources (10,000 and above: information_schema's, the system views', the
 * constraints' of the system catalogs), which are compared by what they name — the relation, type,
 * namespace or constraint of that OID on the same server. OIDs below 10,000 must be equal.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(ReplayedCatalogs.Resolver.class)
class SystemRelationsTest {
  /** PostgreSQL's FirstGenbkiObjectId: OIDs below are fixed in PostgreSQL's sources. */
  static final long FIRST_ASSIGNED_OID = 10_000;
  /** PostgreSQL's FirstNormalObjectId: OIDs from here on are user objects. */
  static final long FIRST_USER_OID = 16_384;
  static final Set<String> COMPARED_NAMESPACES = Set.of("pg_catalog", "information_schema");
  static final String SYSTEM_NAMESPACES = "('pg_catalog', 'information_schema', 'pg_toast')";

  /** DuckDB's reflection statements at ATTACH, in the order it sends them, and its per-table variant. */
  static final List<String> ATTACH;
  static final String PER_TABLE;
  private static final Pattern PER_TABLE_FILTER = Pattern.compile("IN \\('([^']*)'\\)AND relname='([^']*)'");

  static {
    Set<String> attach = new LinkedHashSet<>();
    String perTable = null;
    for (CapturedMessage m : Corpus.locate().scenario(IntrospectionQueries.DDL).messages()) {
      if (!m.isFrontend() || !m.type().equals("Q")) {
        continue;
      }
      for (String s : Statements.split(FrontendMessages.sql(m).orElse(""))) {
        if (!s.startsWith("SELECT") || !s.contains("pg_namespace")) {
          continue;
        }
        if (PER_TABLE_FILTER.matcher(s).find()) {
          perTable = perTable == null ? s : perTable;
        } else {
          attach.add(s);
        }
      }
    }
    ATTACH = List.copyOf(attach);
    PER_TABLE = perTable;
  }

  private final Map<String, Side[]> sides = new HashMap<>();

  /** One server's connection (simple query protocol, as DuckDB's libpq speaks) and its OID names. */
  record Side(String name, Connection connection, Map<Long, String> objectNames) {}

  @BeforeAll
  void connect(ReplayedCatalogs catalogs) throws SQLException {
    Properties simple = new Properties();
    simple.setProperty("preferQueryMode", "simple");
    for (Pair p : catalogs.pairs()) {
      Connection pg = ReplayedCatalogs.connect(p.postgres(), p.database(), simple);
      Connection rl = ReplayedCatalogs.connect(p.rocklake(), p.database(), simple);
      sides.put(p.scenario(), new Side[] {side("PostgreSQL", pg), side("RockLake", rl)});
    }
  }

  @AfterAll
  void disconnect() throws SQLException {
    for (Side[] s : sides.values()) {
      s[0].connection().close();
      s[1].connection().close();
    }
  }

  private static Side side(String name, Connection c) throws SQLException {
    Map<Long, String> names = new HashMap<>();
    for (List<String> r : rows(c, "SELECT c.oid, n.nspname, c.relname FROM pg_catalog.pg_class c"
        + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace").rows()) {
      names.put(Long.parseLong(r.get(0)), "relation " + r.get(1) + "." + r.get(2));
    }
    for (List<String> r : rows(c, "SELECT oid, typname FROM pg_catalog.pg_type").rows()) {
      names.put(Long.parseLong(r.get(0)), "type " + r.get(1));
    }
    for (List<String> r : rows(c, "SELECT oid, nspname FROM pg_catalog.pg_namespace").rows()) {
      names.put(Long.parseLong(r.get(0)), "namespace " + r.get(1));
    }
    for (List<String> r : rows(c, "SELECT k.oid, c.relname, k.conname FROM pg_catalog.pg_constraint k"
        + " JOIN pg_catalog.pg_class c ON c.oid = k.conrelid").rows()) {
      names.put(Long.parseLong(r.get(0)), "constraint " + r.get(1) + "." + r.get(2));
    }
    return new Side(name, c, names);
  }

  // ---- DuckDB's reflection queries ---------------------------------------------------------------

  Stream<Arguments> attachStatements() {
    return ReplayedCatalogs.SCENARIOS.stream().flatMap(s -> ATTACH.stream().map(q -> Arguments.of(s, label(q), q)));
  }

  @Test
  void theCorpusHoldsDuckDbsReflectionQueries() {
    assertThat(ATTACH).hasSize(5);
    assertThat(ATTACH.get(0)).contains("SELECT oid, nspname").contains("FROM pg_namespace");
    assertThat(ATTACH.get(1)).contains("UNION ALL").contains("JOIN pg_attribute").contains("JOIN pg_constraint");
    assertThat(PER_TABLE).isNotNull().contains("UNION ALL");
  }

  /** Each statement DuckDB sends at ATTACH: the same rows for PostgreSQL's own namespaces. */
  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("attachStatements")
  void duckDbsAttachReflectionDescribesPostgresRelationsAsPostgresDoes(String scenario, String label, String sql)
      throws SQLException {
    Side[] s = sides.get(scenario);
    Result pg = rows(s[0].connection(), sql);
    List<List<String>> expected = systemRows(s[0], pg, pg, sql);
    List<List<String>> actual = systemRows(s[1], rows(s[1].connection(), sql), pg, sql);
    if (!sql.contains("FROM pg_enum")) { // PostgreSQL has no enum types of its own
      assertThat(expected).as("PostgreSQL's rows for its own namespaces").isNotEmpty();
    }
    // pg_indexes is ordered by namespace only; every other statement's ORDER BY is total.
    String difference = RowDifference.of(expected, actual, !sql.contains("FROM pg_indexes"));
    assertThat(difference).as("%s after %s:\n%s", label, scenario, sql).isNull();
  }

  /**
   * The per-table variant, as DuckDB sends it to look up one relation, for every table and view of
   * pg_catalog and information_schema: its columns (names, numbers, types, typmods, NOT NULL) and
   * its primary-key and unique constraints.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("comparedNamespaces")
  void duckDbsPerTableReflectionDescribesEachPostgresRelationAsPostgresDoes(String namespace) throws SQLException {
    Side[] s = sides.get(IntrospectionQueries.DDL);
    List<List<String>> relations = rows(s[0].connection(), "SELECT c.relname FROM pg_catalog.pg_class c"
        + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = '" + namespace + "'"
        + " AND c.relkind IN ('r', 'v') ORDER BY c.relname").rows();
    assertThat(relations).hasSizeGreaterThan(60);
    int withConstraints = 0;
    for (List<String> r : relations) {
      String sql = PER_TABLE_FILTER.matcher(PER_TABLE)
          .replaceAll(Matcher.quoteReplacement("IN ('" + namespace + "')AND relname='" + r.get(0) + "'"));
      Result pg = rows(s[0].connection(), sql);
      List<List<String>> expected = systemRows(s[0], pg, pg, sql);
      List<List<String>> actual = systemRows(s[1], rows(s[1].connection(), sql), pg, sql);
      assertThat(expected).as("PostgreSQL describes %s.%s", namespace, r.get(0)).isNotEmpty();
      withConstraints += expected.stream().anyMatch(row -> row.get(10) != null) ? 1 : 0;
      assertThat(RowDifference.of(expected, actual, true)).as("%s.%s:\n%s", namespace, r.get(0), sql).isNull();
    }
    if (namespace.equals("pg_catalog")) {
      assertThat(withConstraints).as("system catalogs with primary keys").isGreaterThan(50);
    }
  }

  static Stream<String> comparedNamespaces() {
    return Stream.of("pg_catalog", "information_schema");
  }

  /**
   * DuckDB suggests, for a name it cannot find, the closest of the tables and views it read from the
   * big reflection query, per schema: those candidates are PostgreSQL's, for every schema.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void duckDbOffersTheSameTableNamesAsHintsAsAgainstPostgres(String scenario) throws SQLException {
    Side[] s = sides.get(scenario);
    Map<String, Set<String>> expected = hintCandidates(s[0]);
    Map<String, Set<String>> actual = hintCandidates(s[1]);
    assertThat(actual.keySet()).isEqualTo(expected.keySet());
    for (String schema : expected.keySet()) {
      assertThat(actual.get(schema)).as("relations DuckDB lists in schema %s", schema)
          .containsExactlyElementsOf(expected.get(schema));
    }
    assertThat(expected.get("information_schema")).contains("triggers", "tables", "columns").hasSize(69);
    assertThat(expected.get("pg_catalog")).contains("pg_class", "pg_tables", "pg_stat_activity").hasSize(139);
    assertThat(expected.get("public")).contains("ducklake_snapshot");
  }

  static Stream<String> scenarios() {
    return ReplayedCatalogs.SCENARIOS.stream();
  }

  /** Schema name to the relation names DuckDB's catalog holds after ATTACH, from the server's answers. */
  private static Map<String, Set<String>> hintCandidates(Side side) throws SQLException {
    Map<String, String> schemas = new HashMap<>();
    Map<String, Set<String>> out = new TreeMap<>();
    for (List<String> r : rows(side.connection(), ATTACH.get(0)).rows()) {
      schemas.put(r.get(0), r.get(1));
      out.put(r.get(1), new TreeSet<>());
    }
    for (List<String> r : rows(side.connection(), ATTACH.get(1)).rows()) {
      out.get(schemas.get(r.get(0))).add(r.get(1));
    }
    return out;
  }

  // ---- the pg_catalog rows themselves ------------------------------------------------------------

  static Stream<Arguments> descriptions() {
    String systemNamespaceOids = "(SELECT oid FROM pg_catalog.pg_namespace WHERE nspname IN " + SYSTEM_NAMESPACES + ")";
    String systemRelations = "(SELECT oid FROM pg_catalog.pg_class WHERE oid < " + FIRST_USER_OID + ")";
    return Stream.of(
        Arguments.of("pg_namespace", "SELECT oid, nspname, nspowner,"
            + " pg_catalog.array_to_string(nspacl, ',') AS nspacl FROM pg_catalog.pg_namespace"
            + " WHERE nspname IN " + SYSTEM_NAMESPACES + " ORDER BY nspname"),
        Arguments.of("pg_class", "SELECT relname, oid, relnamespace, reltype, reloftype, relowner, relam, relfilenode,"
            + " reltablespace, reltoastrelid, relhasindex, relisshared, relpersistence, relkind, relnatts, relchecks,"
            + " relhasrules, relhastriggers, relhassubclass, relrowsecurity, relforcerowsecurity, relispopulated,"
            + " relreplident, relispartition, relrewrite, relacl::text,"
            + " pg_catalog.array_to_string(reloptions, ',') AS reloptions, relpartbound::text"
            + " FROM pg_catalog.pg_class WHERE relnamespace IN " + systemNamespaceOids + " AND oid < " + FIRST_USER_OID),
        Arguments.of("pg_attribute", "SELECT a.attrelid, a.attname, a.atttypid, a.attstattarget, a.attlen, a.attnum,"
            + " a.attndims, a.attcacheoff, a.atttypmod, a.attbyval, a.attalign, a.attstorage, a.attcompression,"
            + " a.attnotnull, a.atthasdef, a.atthasmissing, a.attidentity, a.attgenerated, a.attisdropped,"
            + " a.attislocal, a.attinhcount, a.attcollation, a.attacl::text, a.attoptions::text,"
            + " a.attfdwoptions::text, a.attmissingval::text FROM pg_catalog.pg_attribute a"
            + " JOIN pg_catalog.pg_class c ON c.oid = a.attrelid WHERE c.relnamespace IN " + systemNamespaceOids
            + " AND c.oid < " + FIRST_USER_OID + " AND c.relkind <> 'i' AND a.attnum > 0"),
        Arguments.of("pg_type", "SELECT t.oid, t.typname, t.typnamespace, t.typowner, t.typlen, t.typbyval, t.typtype,"
            + " t.typcategory, t.typispreferred, t.typisdefined, t.typdelim, t.typrelid, t.typsubscript::text,"
            + " t.typelem, t.typarray, t.typinput::text, t.typoutput::text, t.typreceive::text, t.typsend::text,"
            + " t.typmodin::text, t.typmodout::text, t.typanalyze::text, t.typalign, t.typstorage, t.typnotnull,"
            + " t.typbasetype, t.typtypmod, t.typndims, t.typcollation, t.typdefaultbin::text, t.typdefault,"
            + " t.typacl::text FROM pg_catalog.pg_type t WHERE t.oid IN (SELECT a.atttypid FROM pg_catalog.pg_attribute a"
            + " JOIN pg_catalog.pg_class c ON c.oid = a.attrelid WHERE c.oid < " + FIRST_USER_OID + " AND c.relkind <> 'i'"
            + " AND a.attnum > 0) OR t.typrelid IN " + systemRelations),
        Arguments.of("pg_constraint", "SELECT oid, conname, connamespace, contype, conrelid, conindid, conkey"
            + " FROM pg_catalog.pg_constraint WHERE conrelid IN " + systemRelations),
        Arguments.of("pg_index", "SELECT indexrelid, indrelid, indnatts, indisunique, indisprimary"
            + " FROM pg_catalog.pg_index WHERE indrelid IN " + systemRelations),
        Arguments.of("pg_indexes", "SELECT schemaname, tablename, indexname, tablespace, indexdef"
            + " FROM pg_catalog.pg_indexes WHERE schemaname IN " + SYSTEM_NAMESPACES),
        Arguments.of("pg_description", "SELECT objoid, classoid, objsubid, description FROM pg_catalog.pg_description"
            + " WHERE classoid = 1259 AND objoid IN " + systemRelations),
        // The catalog functions clients call on these rows.
        Arguments.of("format_type", "SELECT a.attrelid, a.attnum, pg_catalog.format_type(a.atttypid, a.atttypmod)"
            + " FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_class c ON c.oid = a.attrelid"
            + " WHERE c.oid < " + FIRST_USER_OID + " AND c.relkind <> 'i' AND a.attnum > 0"),
        Arguments.of("pg_table_is_visible", "SELECT c.oid, pg_catalog.pg_table_is_visible(c.oid)"
            + " FROM pg_catalog.pg_class c WHERE c.oid < " + FIRST_USER_OID),
        Arguments.of("regclass", "SELECT 'pg_class'::regclass::oid, 'pg_catalog.pg_tables'::regclass::oid,"
            + " 'information_schema.triggers'::regclass::oid, 'pg_toast.pg_toast_1255'::regclass::oid,"
            + " 'pg_class_oid_index'::regclass::oid, to_regclass('information_schema.tables')::oid,"
            + " to_regclass('triggers')::oid"));
  }

  /**
   * Every column RockLake's pg_catalog has, for the rows describing PostgreSQL's own relations,
   * equals PostgreSQL's (storage statistics and transaction ids aside: relpages, reltuples,
   * relallvisible, relfrozenxid, relminmxid).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("descriptions")
  void pgCatalogRowsDescribingPostgresRelationsAreThoseOfPostgres(String relation, String sql) throws SQLException {
    Side[] s = sides.get(IntrospectionQueries.DDL);
    Result expected = rows(s[0].connection(), sql);
    Result actual = rows(s[1].connection(), sql);
    if (!relation.equals("pg_description")) {
      assertThat(expected.rows()).as("PostgreSQL's rows").isNotEmpty();
    }
    String difference = RowDifference.of(named(s[0], expected, expected), named(s[1], actual, expected), false);
    assertThat(difference).as("%s:\n%s", relation, sql).isNull();
  }

  // ---- running and normalizing -------------------------------------------------------------------

  /** A result as text, with which columns are OIDs. */
  record Result(List<List<String>> rows, boolean[] oidColumns) {}

  private static Result rows(Connection c, String sql) throws SQLException {
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      int n = md.getColumnCount();
      boolean[] oids = new boolean[n];
      for (int i = 0; i < n; i++) {
        oids[i] = md.getColumnTypeName(i + 1).equals("oid");
      }
      List<List<String>> out = new ArrayList<>();
      while (rs.next()) {
        List<String> row = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
          row.add(rs.getString(i));
        }
        out.add(row);
      }
      return new Result(out, oids);
    }
  }

  /**
   * A reflection statement's rows about PostgreSQL's own namespaces (its first column is a namespace
   * OID; the schema list pairs it with the name), normalized as the class comment says, with the OID
   * columns PostgreSQL's answer ({@code typing}) has.
   */
  private static List<List<String>> systemRows(Side side, Result all, Result typing, String sql) {
    List<List<String>> kept = new ArrayList<>();
    for (List<String> row : all.rows()) {
      String namespace = side.objectNames().get(Long.parseLong(row.get(0)));
      if (namespace != null && COMPARED_NAMESPACES.contains(namespace.substring("namespace ".length()))) {
        kept.add(row);
      }
    }
    boolean bigQuery = sql.contains("relpages");
    List<List<String>> out = named(side, new Result(kept, all.oidColumns()), typing);
    if (bigQuery) {
      out.forEach(row -> row.set(2, row.get(2) == null ? null : "(relpages)"));
    }
    return out;
  }

  /** The rows with every OID of 10,000 or more in an OID column (as PostgreSQL types it) replaced by what it names. */
  private static List<List<String>> named(Side side, Result r, Result typing) {
    List<List<String>> out = new ArrayList<>();
    for (List<String> row : r.rows()) {
      List<String> copy = new ArrayList<>(row);
      for (int i = 0; i < copy.size(); i++) {
        String v = copy.get(i);
        if (v != null && i < typing.oidColumns().length && typing.oidColumns()[i] && Long.parseLong(v) >= FIRST_ASSIGNED_OID) {
          copy.set(i, side.objectNames().getOrDefault(Long.parseLong(v), "unknown OID " + v));
        }
      }
      out.add(copy);
    }
    return out;
  }

  private static String label(String sql) {
    String flat = sql.replaceAll("\\s+", " ");
    return flat.length() <= 60 ? flat : flat.substring(0, 60) + "…";
  }
}
