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
