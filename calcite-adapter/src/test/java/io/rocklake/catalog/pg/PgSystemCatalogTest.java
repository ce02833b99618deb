package io.rocklake.catalog.pg;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.ColumnType;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.calcite.CatalogSql;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.store.InMemoryObjectStore;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL 15's own relations as pg15-system-catalog.tsv describes them (the conformance module
 * checks the file against a live PostgreSQL 15): every OID one section names is described by
 * another, and pg_catalog lists them beside the catalog's relations.
 */
class PgSystemCatalogTest {
  private static Set<Long> oids(String section, String column) {
    PgSystemCatalog.Section s = PgSystemCatalog.get().section(section);
    Set<Long> out = new HashSet<>();
    for (String[] r : s.rows()) {
      out.add(Long.parseLong(r[s.column(column)]));
    }
    return out;
  }

  /** Every value of {@code column} in {@code section} is 0 (none) or one of {@code described}. */
  private static void refersTo(String section, String column, Set<Long> described) {
    Set<Long> dangling = new HashSet<>(oids(section, column));
    dangling.remove(0L);
    dangling.removeAll(described);
    assertThat(dangling).as("%s.%s naming nothing described", section, column).isEmpty();
  }

  @Test
  void everyObjectTheDescriptionNamesIsDescribed() {
    Set<Long> namespaces = oids("pg_namespace", "oid");
    Set<Long> relations = oids("pg_class", "oid");
    Set<Long> types = oids("pg_type", "oid");
    assertThat(namespaces).containsExactlyInAnyOrder(11L, 99L, PgSystemCatalog.namespaceOid("information_schema").get());
    refersTo("pg_class", "relnamespace", namespaces);
    refersTo("pg_class", "reltype", types);
    refersTo("pg_class", "reltoastrelid", relations);
    refersTo("pg_attribute", "attrelid", relations);
    refersTo("pg_attribute", "atttypid", types);
    refersTo("pg_type", "typnamespace", namespaces);
    refersTo("pg_type", "typrelid", relations);
    refersTo("pg_type", "typelem", types);
    refersTo("pg_type", "typarray", types);
    refersTo("pg_type", "typbasetype", types);
    refersTo("pg_constraint", "conrelid", relations);
    refersTo("pg_constraint", "conindid", relations);
    refersTo("pg_index", "indexrelid", relations);
    refersTo("pg_index", "indrelid", relations);
    for (String[] r : PgSystemCatalog.get().section("pg_indexes").rows()) {
      assertThat(PgSystemCatalog.relation(r[0], r[1])).as("table of %s", r[2]).isPresent();
      assertThat(PgSystemCatalog.relation(r[0], r[2])).as("index %s", r[2]).isPresent();
    }
  }

  @Test
  void eachRelationHasAsManyColumnsAsItsRelnattsSaysIndexesAside() {
    PgSystemCatalog.Section c = PgSystemCatalog.get().section("pg_class");
    PgSystemCatalog.Section a = PgSystemCatalog.get().section("pg_attribute");
    Map<String, Integer> columns = new HashMap<>();
    for (String[] r : a.rows()) {
      columns.merge(r[a.column("attrelid")], 1, Integer::sum);
    }
    for (String[] r : c.rows()) {
      int expected = r[c.column("relkind")].equals("i") ? 0 : Integer.parseInt(r[c.column("relnatts")]);
      assertThat(columns.getOrDefault(r[c.column("oid")], 0)).as("columns of %s", r[c.column("relname")])
          .isEqualTo(expected);
    }
  }

  @Test
  void everyTypeACatalogColumnCanHaveIsDescribedAsPostgresHasIt() {
    for (ColumnType t : ColumnType.values()) {
      assertThat(PgSystemCatalog.describesType(t.pgOid())).as(t.name()).isTrue();
      assertThat(PgSystemCatalog.formatType(t.pgOid())).as(t.name()).isPresent();
    }
    assertThat(PgSystemCatalog.traits(2950)).isEqualTo(new PgSystemCatalog.TypeTraits(false, "c", "p", 0));
    assertThat(PgSystemCatalog.traits(1700)).isEqualTo(new PgSystemCatalog.TypeTraits(false, "i", "m", 0));
    assertThat(PgSystemCatalog.traits(1043)).isEqualTo(new PgSystemCatalog.TypeTraits(false, "i", "x", 100));
    assertThat(PgSystemCatalog.formatType(1034)).contains("aclitem[]");
  }

  @Test
  void fixedOidsArePostgres15s() {
    assertThat(PgSystemCatalog.relation("pg_catalog", "pg_class")).get()
        .isEqualTo(new PgSystemCatalog.Relation(1259, 11, "pg_class", "r"));
    assertThat(PgSystemCatalog.relation("pg_catalog", "pg_class_oid_index").map(PgSystemCatalog.Relation::oid))
        .contains(2662L);
    assertThat(PgSystemCatalog.relation("information_schema", "triggers").map(PgSystemCatalog.Relation::kind))
        .contains("v");
    assertThat(PgColumns.of("pg_class", "relname")).contains(new PgColumns.PgColumn(1259, (short) 2, 19));
    assertThat(PgColumns.of("pg_indexes", "indexdef").map(PgColumns.PgColumn::attnum)).contains((short) 5);
  }

  @Test
  void pgCatalogListsPostgresRelationsBesideTheCatalogsOwn() throws SQLException {
    Catalog catalog = Catalog.open(Db.open(new InMemoryObjectStore(), DbOptions.defaults().withBackgroundCompaction(false)));
    CatalogTransaction create = catalog.begin();
    DuckLakeRelations.createTables(create);
    create.commit();
    try (Connection c = CatalogSql.connect(catalog, catalog.begin())) {
      assertThat(rows(c, "SELECT n.nspname, c.relkind, COUNT(*) FROM pg_catalog.pg_class c"
          + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace GROUP BY n.nspname, c.relkind"
          + " ORDER BY n.nspname, c.relkind")).containsExactly(
          "information_schema r 4", "information_schema v 65", "pg_catalog i 122", "pg_catalog r 64",
          "pg_catalog v 75", "pg_toast i 40", "pg_toast t 40", "public i 5", "public r 28");
      // DuckDB's reflection join: information_schema.triggers' columns, typed by information_schema's domains.
      assertThat(rows(c, "SELECT a.attname, t.typname, tn.nspname FROM pg_catalog.pg_class c"
          + " JOIN pg_catalog.pg_namespace n ON c.relnamespace = n.oid"
          + " JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid JOIN pg_catalog.pg_type t ON a.atttypid = t.oid"
          + " JOIN pg_catalog.pg_namespace tn ON t.typnamespace = tn.oid"
          + " WHERE n.nspname = 'information_schema' AND c.relname = 'triggers' AND a.attnum IN (1, 4)"
          + " ORDER BY a.attnum")).containsExactly("trigger_catalog sql_identifier information_schema",
          "event_manipulation character_data information_schema");
      assertThat(rows(c, "SELECT c.relname, k.contype, k.conkey FROM pg_catalog.pg_constraint k"
          + " JOIN pg_catalog.pg_class c ON c.oid = k.conrelid WHERE k.conname = 'pg_class_oid_index'"))
          .containsExactly("pg_class p [1]");
      assertThat(rows(c, "SELECT nspname FROM pg_catalog.pg_namespace ORDER BY oid"))
          .containsExactly("pg_catalog", "pg_toast", "public", "information_schema");
    }
  }

  private static List<String> rows(Connection c, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
          Object v = rs.getObject(i);
          row.add(v instanceof java.sql.Array a ? java.util.Arrays.toString((Object[]) toObjects(a)) : String.valueOf(v));
        }
        out.add(String.join(" ", row));
      }
    }
    return out;
  }

  private static Object[] toObjects(java.sql.Array a) throws SQLException {
    Object array = a.getArray();
    if (array instanceof Object[] objects) {
      return objects;
    }
    int n = java.lang.reflect.Array.getLength(array);
    Object[] out = new Object[n];
    for (int i = 0; i < n; i++) {
      out[i] = java.lang.reflect.Array.get(array, i);
    }
    return out;
  }
}
