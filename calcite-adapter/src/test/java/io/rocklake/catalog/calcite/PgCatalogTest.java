package io.rocklake.catalog.calcite;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.ColumnType;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.store.InMemoryObjectStore;
import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** pg_catalog is derived from the registry: stable OIDs, run-time relations included, arrays as PostgreSQL's. */
class PgCatalogTest {
  private final InMemoryObjectStore store = new InMemoryObjectStore();

  private static void createDuckLakeTables(Catalog catalog) {
    CatalogTransaction tx = catalog.begin();
    DuckLakeRelations.createTables(tx);
    tx.commit();
  }

  private static List<String> column(Connection c, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  @Test
  void oidsAreStableAcrossReopeningAndRunTimeRelationsAppearOnceCommitted() throws SQLException {
    String oidOfSnapshot = "SELECT oid FROM pg_catalog.pg_class WHERE relname = 'ducklake_snapshot'";
    String inlined = "SELECT a.attname || ':' || t.typname || ':' || CAST(a.atttypmod AS VARCHAR)"
        + " FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_class c ON a.attrelid = c.oid"
        + " JOIN pg_catalog.pg_type t ON a.atttypid = t.oid WHERE c.relname = 'ducklake_inlined_data_1_1'"
        + " ORDER BY a.attnum";
    List<String> firstOid;
    try (Db db = Db.open(store, DbOptions.defaults().withBackgroundCompaction(false))) {
      Catalog catalog = Catalog.open(db);
      try (Connection c = CatalogSql.connect(catalog, catalog.begin())) {
        assertThat(column(c, oidOfSnapshot)).as("not created yet").isEmpty();
      }
      createDuckLakeTables(catalog);
      try (Connection c = CatalogSql.connect(catalog, catalog.begin())) {
        firstOid = column(c, oidOfSnapshot);
        assertThat(column(c, inlined)).isEmpty();
      }
      CatalogTransaction tx = catalog.begin();
      tx.createRelation("public", "ducklake_inlined_data_1_1", List.of(ColumnDef.of("row_id", ColumnType.BIGINT),
          new ColumnDef("amount", ColumnType.DECIMAL, false, "(10,2)")), RelationDef.Kind.DYNAMIC, false);
      try (Connection c = CatalogSql.connect(catalog, tx)) {
        assertThat(column(c, inlined)).as("visible to its own transaction").hasSize(2);
      }
      tx.commit();
    }
    try (Db db = Db.open(store, DbOptions.defaults().withBackgroundCompaction(false))) {
      Catalog catalog = Catalog.open(db);
      try (Connection c = CatalogSql.connect(catalog, catalog.begin())) {
        assertThat(column(c, oidOfSnapshot)).isEqualTo(firstOid).hasSize(1);
        // numeric(10,2) has PostgreSQL's typmod ((10 << 16) | 2) + 4
        assertThat(column(c, inlined)).containsExactly("row_id:int8:-1", "amount:numeric:655366");
      }
    }
  }

  @Test
  void aTempTableIsListedInItsOwnTransactionUnderPgTemp() throws SQLException {
    Catalog catalog = Catalog.open(Db.open(store, DbOptions.defaults().withBackgroundCompaction(false)));
    CatalogTransaction tx = catalog.begin();
    tx.createRelation("pg_temp", "update_data_1", List.of(ColumnDef.of("v", ColumnType.VARCHAR)),
        RelationDef.Kind.TEMPORARY, false);
    try (Connection c = CatalogSql.connect(catalog, tx)) {
      assertThat(column(c, "SELECT n.nspname FROM pg_catalog.pg_class r JOIN pg_catalog.pg_namespace n"
          + " ON r.relnamespace = n.oid WHERE r.relname = 'update_data_1'")).containsExactly("pg_temp");
    }
  }

  @Test
  void primaryKeyColumnsAreAnInt2ArrayOfAttributeNumbers() throws SQLException {
    Catalog catalog = Catalog.open(Db.open(store, DbOptions.defaults().withBackgroundCompaction(false)));
    createDuckLakeTables(catalog);
    try (Connection c = CatalogSql.connect(catalog, catalog.begin()); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT conname, conkey FROM pg_catalog.pg_constraint"
             + " WHERE conname = 'ducklake_data_file_pkey'")) {
      assertThat(rs.next()).isTrue();
      Array key = rs.getArray(2);
      assertThat((short[]) key.getArray()).containsExactly((short) 1);
      assertThat(rs.next()).isFalse();
    }
  }
}
