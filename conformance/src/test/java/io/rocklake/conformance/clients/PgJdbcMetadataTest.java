package io.rocklake.conformance.clients;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.ColumnType;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.conformance.clients.ReplayedCatalogs.Pair;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * pgjdbc's {@link DatabaseMetaData} over RockLake's derived pg_catalog gives what it gives over
 * PostgreSQL's own for the same catalog. pgjdbc builds its answers with its own pg_catalog SQL
 * (joins of pg_class, pg_namespace, pg_attribute, pg_type, pg_attrdef, pg_description;
 * {@code 'pg_class'::regclass}, {@code row_number() OVER}, {@code pg_get_expr}, regex matches) and
 * then maps PostgreSQL types to JDBC types itself, so agreement here means the pg_catalog answers
 * agree. The one value compared differently: {@code TABLE_CAT}, the database name, which RockLake
 * does not keep (it serves one catalog, as database {@code rocklake}, whatever the client asked for).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(ReplayedCatalogs.Resolver.class)
class PgJdbcMetadataTest {
  private Connection pg;
  private Connection rl;

  @BeforeAll
  void connect(ReplayedCatalogs catalogs) throws SQLException {
    Pair p = catalogs.pair(IntrospectionQueries.DDL);
    pg = ReplayedCatalogs.connect(p.postgres(), p.database());
    rl = ReplayedCatalogs.connect(p.rocklake(), p.database());
  }

  @AfterAll
  void disconnect() throws SQLException {
    pg.close();
    rl.close();
  }

  @Test
  void getTablesListsTheDuckLakeTablesAndTheInlinedDataTablesAsPostgresDoes() throws SQLException {
    ClientRows expected = withoutCatalog(ClientRows.read(
        pg.getMetaData().getTables(null, "public", "%", new String[] {"TABLE"})));
    ClientRows actual = withoutCatalog(ClientRows.read(
        rl.getMetaData().getTables(null, "public", "%", new String[] {"TABLE"})));
    assertThat(expected.difference(actual, true)).isNull();

    List<String> names = new ArrayList<>();
    try (ResultSet rs = rl.getMetaData().getTables(null, "public", "%", new String[] {"TABLE"})) {
      while (rs.next()) {
        assertThat(rs.getString("TABLE_SCHEM")).isEqualTo("public");
        assertThat(rs.getString("TABLE_TYPE")).isEqualTo("TABLE");
        names.add(rs.getString("TABLE_NAME"));
      }
    }
    assertThat(names).containsAll(DuckLakeRelations.ALL.stream().map(RelationDef::name).toList());
    // 02_ddl inlines data: DuckDB created inlined data tables, and only those are the extra ones.
    assertThat(names).filteredOn(n -> DuckLakeRelations.ALL.stream().noneMatch(r -> r.name().equals(n)))
        .isNotEmpty().allMatch(n -> n.startsWith("ducklake_inlined_data_"));
    assertThat(names).isSorted();
  }

  @Test
  void getColumnsOfDuckLakeSnapshotGivesNamesPositionsAndJdbcTypesAsPostgresDoes() throws SQLException {
    ClientRows expected = withoutCatalog(ClientRows.read(pg.getMetaData().getColumns(null, "public",
        "ducklake_snapshot", "%")));
    ClientRows actual = withoutCatalog(ClientRows.read(rl.getMetaData().getColumns(null, "public",
        "ducklake_snapshot", "%")));
    assertThat(expected.difference(actual, true)).isNull();

    RelationDef snapshot = DuckLakeRelations.ALL.stream().filter(r -> r.name().equals("ducklake_snapshot"))
        .findFirst().orElseThrow();
    List<String> seen = new ArrayList<>();
    try (ResultSet rs = rl.getMetaData().getColumns(null, "public", "ducklake_snapshot", "%")) {
      while (rs.next()) {
        int position = rs.getInt("ORDINAL_POSITION");
        ColumnDef c = snapshot.columns().get(position - 1);
        assertThat(rs.getString("COLUMN_NAME")).isEqualTo(c.name());
        assertThat(rs.getInt("DATA_TYPE")).isEqualTo(JDBC_TYPES.get(c.type()));
        assertThat(rs.getString("IS_NULLABLE")).isEqualTo(c.name().equals("snapshot_id") ? "NO" : "YES");
        seen.add(c.name());
      }
    }
    assertThat(seen).containsExactly("snapshot_id", "snapshot_time", "schema_version", "next_catalog_id",
        "next_file_id");
  }

  @Test
  void getColumnsOfEveryTableAgreesWithPostgres() throws SQLException {
    ClientRows expected = withoutCatalog(ClientRows.read(pg.getMetaData().getColumns(null, "public", "ducklake%",
        "%")));
    ClientRows actual = withoutCatalog(ClientRows.read(rl.getMetaData().getColumns(null, "public", "ducklake%",
        "%")));
    assertThat(expected.rows()).hasSizeGreaterThan(150);
    assertThat(expected.difference(actual, true)).isNull();
  }

  @Test
  void getSchemasListsTheSchemasPostgresLists() throws SQLException {
    List<String> schemas = schemas(rl);
    assertThat(schemas).isEqualTo(schemas(pg)).contains("information_schema", "pg_catalog", "public").isSorted();
  }

  @Test
  void getTablesListsPostgresSystemTablesViewsAndIndexesAsPostgresDoes() throws SQLException {
    String[] types = {"SYSTEM TABLE", "SYSTEM VIEW", "SYSTEM INDEX"};
    ClientRows expected = withoutCatalog(ClientRows.read(pg.getMetaData().getTables(null, null, "%", types)));
    ClientRows actual = withoutCatalog(ClientRows.read(rl.getMetaData().getTables(null, null, "%", types)));
    assertThat(expected.rows()).hasSizeGreaterThan(300);
    assertThat(expected.difference(actual, true)).isNull();
  }

  // ---- keys and indexes: pgjdbc's own SQL (information_schema._pg_expandarray, generate_series,
  // pg_index.indkey and indoption, pg_get_indexdef), answered as PostgreSQL answers it

  @Test
  void getPrimaryKeysOfEveryTableAgreesWithPostgres() throws SQLException {
    ClientRows expected = withoutCatalog(ClientRows.read(pg.getMetaData().getPrimaryKeys(null, "public", null)));
    ClientRows actual = withoutCatalog(ClientRows.read(rl.getMetaData().getPrimaryKeys(null, "public", null)));
    assertThat(expected.rows()).hasSizeGreaterThan(3);
    assertThat(expected.difference(actual, true)).isNull();
  }

  @Test
  void getPrimaryKeysOfOneTableNamesItsKeyColumnInOrder() throws SQLException {
    for (String table : List.of("ducklake_snapshot", "ducklake_column", "ducklake_table")) {
      ClientRows expected = withoutCatalog(ClientRows.read(pg.getMetaData().getPrimaryKeys(null, "public", table)));
      ClientRows actual = withoutCatalog(ClientRows.read(rl.getMetaData().getPrimaryKeys(null, null, table)));
      assertThat(expected.difference(actual, true)).as(table).isNull();
    }
  }

  /**
   * Every DuckLake table's indexes: its primary key's, as PostgreSQL lists them — but for
   * CARDINALITY and PAGES, the storage statistics PostgreSQL keeps and RockLake does not (its pg_class
   * says reltuples -1, relpages 0 for every relation), which are blanked on both sides.
   */
  @Test
  void getIndexInfoOfEveryDuckLakeTableAgreesWithPostgres() throws SQLException {
    int indexes = 0;
    for (RelationDef r : DuckLakeRelations.ALL) {
      for (boolean unique : new boolean[] {false, true}) {
        ClientRows expected = withoutStatistics(withoutCatalog(ClientRows.read(
            pg.getMetaData().getIndexInfo(null, "public", r.name(), unique, true))));
        ClientRows actual = withoutStatistics(withoutCatalog(ClientRows.read(
            rl.getMetaData().getIndexInfo(null, "public", r.name(), unique, true))));
        assertThat(expected.difference(actual, true)).as(r.name()).isNull();
        indexes += expected.rows().size();
      }
    }
    assertThat(indexes).isGreaterThan(5);
  }

  /** PostgreSQL's own tables' indexes, whose key columns RockLake reads from their recorded definitions. */
  @Test
  void getIndexInfoOfPostgresOwnTablesAgreesWithPostgres() throws SQLException {
    for (String table : List.of("pg_class", "pg_attribute", "pg_index", "pg_depend")) {
      ClientRows expected = withoutStatistics(withoutCatalog(ClientRows.read(
          pg.getMetaData().getIndexInfo(null, "pg_catalog", table, false, true))));
      ClientRows actual = withoutStatistics(withoutCatalog(ClientRows.read(
          rl.getMetaData().getIndexInfo(null, "pg_catalog", table, false, true))));
      assertThat(expected.rows()).as(table).isNotEmpty();
      assertThat(expected.difference(actual, true)).as(table).isNull();
    }
  }

  /** DuckLake declares no foreign keys: both lists are empty, with pgjdbc's columns, on both servers. */
  @Test
  void getImportedAndExportedKeysAgreeWithPostgres() throws SQLException {
    for (String table : List.of("ducklake_snapshot", "ducklake_data_file")) {
      for (boolean imported : new boolean[] {true, false}) {
        ClientRows expected = ClientRows.read(imported ? pg.getMetaData().getImportedKeys(null, "public", table)
            : pg.getMetaData().getExportedKeys(null, "public", table));
        ClientRows actual = ClientRows.read(imported ? rl.getMetaData().getImportedKeys(null, "public", table)
            : rl.getMetaData().getExportedKeys(null, "public", table));
        assertThat(actual.labels()).isEqualTo(expected.labels()).hasSize(14);
        assertThat(expected.difference(actual, true)).as(table).isNull();
      }
    }
  }

  @Test
  void getBestRowIdentifierAndVersionColumnsAgreeWithPostgres() throws SQLException {
    for (String table : List.of("ducklake_snapshot", "ducklake_column", "ducklake_metadata")) {
      ClientRows expected = ClientRows.read(pg.getMetaData().getBestRowIdentifier(null, "public", table,
          DatabaseMetaData.bestRowSession, true));
      ClientRows actual = ClientRows.read(rl.getMetaData().getBestRowIdentifier(null, "public", table,
          DatabaseMetaData.bestRowSession, true));
      assertThat(expected.difference(actual, true)).as(table).isNull();
      expected = ClientRows.read(pg.getMetaData().getVersionColumns(null, "public", table));
      actual = ClientRows.read(rl.getMetaData().getVersionColumns(null, "public", table));
      assertThat(expected.difference(actual, true)).as(table).isNull();
    }
  }

  /**
   * The types pgjdbc lists are those pg_type holds: RockLake's holds the types its relations' columns
   * use (PostgreSQL 15's own relations and the catalog's), a subset of PostgreSQL's. Each type it lists
   * is listed as PostgreSQL lists it, and every type a DuckLake column has is there.
   */
  @Test
  void getTypeInfoListsTheTypesItHoldsAsPostgresDoes() throws SQLException {
    ClientRows expected = ClientRows.read(pg.getMetaData().getTypeInfo());
    ClientRows actual = ClientRows.read(rl.getMetaData().getTypeInfo());
    assertThat(actual.labels()).isEqualTo(expected.labels());
    java.util.Set<String> listed = new java.util.HashSet<>();
    actual.rows().forEach(r -> listed.add(r.get(0)));
    assertThat(listed).contains(java.util.stream.Stream.of("int8", "int4", "int2", "varchar", "text", "bool",
        "timestamptz", "uuid", "numeric", "bigserial", "serial").map(t -> "s:'" + t + "'").toArray(String[]::new));
    List<List<String>> expectedListed = expected.rows().stream().filter(r -> listed.contains(r.get(0))).toList();
    assertThat(new ClientRows(expected.labels(), expected.types(), expectedListed).difference(actual, false)).isNull();
  }

  /** CARDINALITY (10) and PAGES (11) of getIndexInfo blanked. */
  private static ClientRows withoutStatistics(ClientRows r) {
    assertThat(r.labels().get(10)).isEqualTo("CARDINALITY");
    assertThat(r.labels().get(11)).isEqualTo("PAGES");
    List<List<String>> rows = new ArrayList<>();
    for (List<String> row : r.rows()) {
      List<String> copy = new ArrayList<>(row);
      copy.set(10, "(statistics)");
      copy.set(11, "(statistics)");
      rows.add(copy);
    }
    return new ClientRows(r.labels(), r.types(), rows);
  }

  private static List<String> schemas(Connection c) throws SQLException {
    List<String> schemas = new ArrayList<>();
    try (ResultSet rs = c.getMetaData().getSchemas()) {
      while (rs.next()) {
        schemas.add(rs.getString("TABLE_SCHEM"));
      }
    }
    return schemas;
  }

  private static final Map<ColumnType, Integer> JDBC_TYPES = Map.of(ColumnType.BIGINT, Types.BIGINT,
      ColumnType.TIMESTAMPTZ, Types.TIMESTAMP);

  /** The rows with the first column, TABLE_CAT (the database name), blanked. */
  private static ClientRows withoutCatalog(ClientRows r) {
    assertThat(r.labels().get(0)).isEqualTo("TABLE_CAT");
    List<List<String>> rows = new ArrayList<>();
    for (List<String> row : r.rows()) {
      List<String> copy = new ArrayList<>(row);
      copy.set(0, "(database)");
      rows.add(copy);
    }
    return new ClientRows(r.labels(), r.types(), rows);
  }
}
