package io.rocklake.conformance.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.ColumnType;
import io.rocklake.conformance.pg.ThrowawayPostgres;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

/**
 * The differential oracle of {@code pg15-system-catalog.tsv}, PostgreSQL 15's description of its own
 * relations that RockLake's pg_catalog serves: the file is regenerated here from a freshly initdb'd
 * PostgreSQL 15 — each section is exactly what {@code COPY (query) TO STDOUT} prints for the query
 * written above it — and must equal the shipped file character for character. After a deliberate
 * change (another query, another PostgreSQL 15 build), rewrite the file with
 * {@code -Drocklake.regenerate-pg-catalog=true} and review the diff.
 */
class PgSystemCatalogResourceTest {
  static final String RESOURCE = "calcite-adapter/src/main/resources/io/rocklake/catalog/pg/pg15-system-catalog.tsv";

  /** The namespaces whose relations a fresh PostgreSQL 15 database holds before any user object. */
  static final String NAMESPACES = "'pg_catalog', 'information_schema', 'pg_toast'";
  private static final String NAMESPACE_OIDS =
      "SELECT oid FROM pg_catalog.pg_namespace WHERE nspname IN (" + NAMESPACES + ")";
  private static final String RELATIONS = "SELECT oid FROM pg_catalog.pg_class WHERE relnamespace IN ("
      + NAMESPACE_OIDS + ")";
  /** Tables, views and TOAST tables: the relations whose columns pg_attribute describes (not indexes). */
  private static final String RELATIONS_WITH_COLUMNS = RELATIONS + " AND relkind <> 'i'";
  private static final String COLUMN_TYPES = "SELECT atttypid FROM pg_catalog.pg_attribute WHERE attrelid IN ("
      + RELATIONS_WITH_COLUMNS + ") AND attnum > 0";
  /** The types of the columns the catalog's own relations can have (DuckLake's, run-time relations). */
  private static final String CATALOG_TYPES = Arrays.stream(ColumnType.values()).map(ColumnType::pgOid)
      .sorted().map(String::valueOf).collect(Collectors.joining(", "));

  /**
   * Section name and the query whose rows it holds. pg_class leaves out what describes storage
   * rather than the relation ({@code relpages}, {@code reltuples}, {@code relallvisible}) and
   * transaction ids ({@code relfrozenxid}, {@code relminmxid}); pg_attribute the columns that are
   * the same for every column listed here (RockLake fills both in; docs/catalog.md).
   */
  static final Map<String, String> SECTIONS = new LinkedHashMap<>();

  static {
    SECTIONS.put("pg_namespace", "SELECT oid, nspname, nspowner, nspacl FROM pg_catalog.pg_namespace"
        + " WHERE nspname IN (" + NAMESPACES + ") ORDER BY oid");
    SECTIONS.put("pg_class", "SELECT oid, relname, relnamespace, reltype, reloftype, relowner, relam, relfilenode,"
        + " reltablespace, reltoastrelid, relhasindex, relisshared, relpersistence, relkind, relnatts, relchecks,"
        + " relhasrules, relhastriggers, relhassubclass, relrowsecurity, relforcerowsecurity, relispopulated,"
        + " relreplident, relispartition, relrewrite, relacl, reloptions, relpartbound FROM pg_catalog.pg_class"
        + " WHERE relnamespace IN (" + NAMESPACE_OIDS + ") ORDER BY oid");
    SECTIONS.put("pg_attribute", "SELECT attrelid, attnum, attname, atttypid, attlen, attndims, atttypmod,"
        + " attbyval, attalign, attstorage, attnotnull, attcollation, attacl FROM pg_catalog.pg_attribute"
        + " WHERE attrelid IN (" + RELATIONS_WITH_COLUMNS + ") AND attnum > 0 ORDER BY attrelid, attnum");
    SECTIONS.put("pg_type", "WITH used AS (SELECT oid FROM pg_catalog.pg_type WHERE oid IN (" + COLUMN_TYPES + ")"
        + " OR oid IN (" + CATALOG_TYPES + ") OR typrelid IN (" + RELATIONS + ")),"
        + " closed AS (SELECT oid FROM used UNION SELECT t.typelem FROM pg_catalog.pg_type t JOIN used USING (oid)"
        + " UNION SELECT t.typbasetype FROM pg_catalog.pg_type t JOIN used USING (oid)"
        + " UNION SELECT t.typarray FROM pg_catalog.pg_type t JOIN used USING (oid))"
        + " SELECT t.*, pg_catalog.format_type(t.oid, -1) AS format_type FROM pg_catalog.pg_type t"
        + " WHERE t.oid IN (SELECT oid FROM closed) ORDER BY t.oid");
    SECTIONS.put("pg_constraint", "SELECT oid, conname, connamespace, contype, conrelid, conindid, conkey"
        + " FROM pg_catalog.pg_constraint WHERE conrelid IN (" + RELATIONS + ") ORDER BY oid");
    SECTIONS.put("pg_index", "SELECT indexrelid, indrelid, indnatts, indisunique, indisprimary FROM pg_catalog.pg_index"
        + " WHERE indrelid IN (" + RELATIONS + ") ORDER BY indexrelid");
    SECTIONS.put("pg_indexes", "SELECT schemaname, tablename, indexname, tablespace, indexdef FROM pg_catalog.pg_indexes"
        + " WHERE schemaname IN (" + NAMESPACES + ") ORDER BY schemaname, tablename, indexname");
    SECTIONS.put("pg_description", "SELECT objoid, classoid, objsubid, description FROM pg_catalog.pg_description"
        + " WHERE classoid = 'pg_catalog.pg_class'::pg_catalog.regclass AND objoid IN (" + RELATIONS + ")"
        + " ORDER BY objoid, objsubid");
  }

  static final String HEADER = """
      # PostgreSQL 15's description of its own relations: everything a fresh PostgreSQL 15 database holds in
      # namespaces pg_catalog, information_schema and pg_toast, which RockLake's pg_catalog serves beside the
      # catalog's relations (docs/catalog.md). Generated by PgSystemCatalogResourceTest (module conformance)
      # from a freshly initdb'd PostgreSQL 15 (--locale=C --encoding=UTF8), database postgres; that test fails
      # when this file differs from what PostgreSQL answers, and rewrites it with
      # -Drocklake.regenerate-pg-catalog=true. Do not edit by hand.
      # Each section: '## name', '-- ' and the exact query, the column names, then the rows as
      # COPY (query) TO STDOUT prints them (tab-separated, \\N for NULL, backslash escapes).
      """;

  @Test
  void theShippedDescriptionIsWhatPostgres15Answers() throws Exception {
    Path shipped = repositoryFile(RESOURCE);
    String live;
    try (ThrowawayPostgres pg = ThrowawayPostgres.start(ThrowawayPostgres.Durability.RELAXED);
         Connection c = DriverManager.getConnection("jdbc:postgresql://" + pg.host() + ":" + pg.port()
             + "/postgres?user=postgres&sslmode=disable")) {
      live = generate(c);
    }
    if (Boolean.getBoolean("rocklake.regenerate-pg-catalog")) {
      Files.writeString(shipped, live, StandardCharsets.UTF_8);
    }
    String text = Files.readString(shipped, StandardCharsets.UTF_8);
    assertThat(text).as("%s differs from what PostgreSQL 15 answers now; if that is intended, rerun with"
        + " -Drocklake.regenerate-pg-catalog=true and review the diff", RESOURCE).isEqualTo(live);
    // What the sections hold, so that a query gone wrong (an empty answer everywhere) cannot pass.
    Map<String, Integer> rows = rowCounts(live);
    assertThat(rows.get("pg_namespace")).isEqualTo(3);
    assertThat(rows.get("pg_class")).isGreaterThan(400);
    assertThat(rows.get("pg_attribute")).isGreaterThan(2000);
    assertThat(rows.get("pg_type")).isGreaterThan(200);
    assertThat(rows.get("pg_constraint")).isGreaterThan(100);
    assertThat(rows.get("pg_indexes")).isGreaterThan(100);
    assertThat(rows.get("pg_description")).isZero();
  }

  static String generate(Connection c) throws SQLException, IOException {
    StringBuilder out = new StringBuilder(HEADER);
    for (Map.Entry<String, String> s : SECTIONS.entrySet()) {
      out.append("## ").append(s.getKey()).append('\n');
      out.append("-- ").append(s.getValue()).append('\n');
      out.append(String.join("\t", columnNames(c, s.getValue()))).append('\n');
      StringWriter rows = new StringWriter();
      c.unwrap(PGConnection.class).getCopyAPI().copyOut("COPY (" + s.getValue() + ") TO STDOUT", rows);
      out.append(rows);
    }
    return out.toString();
  }

  private static List<String> columnNames(Connection c, String query) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT * FROM (" + query + ") q LIMIT 0")) {
      ResultSetMetaData md = rs.getMetaData();
      List<String> names = new ArrayList<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        names.add(md.getColumnName(i));
      }
      return names;
    }
  }

  private static Map<String, Integer> rowCounts(String text) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    String section = null;
    int lineInSection = 0;
    for (String line : text.split("\n", -1)) {
      if (line.startsWith("## ")) {
        section = line.substring(3);
        counts.put(section, 0);
        lineInSection = 0;
      } else if (section != null && !line.isEmpty() && ++lineInSection > 2) {
        counts.merge(section, 1, Integer::sum);
      }
    }
    return counts;
  }

  /** A file of the repository, found from the working directory up (a module's folder under Maven). */
  static Path repositoryFile(String relative) {
    for (Path p = Paths.get("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("calcite-adapter")) && Files.isDirectory(p.resolve("conformance"))) {
        return p.resolve(relative);
      }
    }
    throw new IllegalStateException("not inside the repository: " + Paths.get("").toAbsolutePath());
  }
}
