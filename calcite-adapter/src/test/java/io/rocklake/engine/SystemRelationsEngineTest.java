package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * PostgreSQL's own relations, which pg_catalog lists but whose rows RockLake does not hold: reading
 * one is refused as not supported (0A000), naming it, rather than claimed not to exist; the catalog
 * functions know them by name and OID.
 */
class SystemRelationsEngineTest {
  @Test
  void readingAnUnservedSystemRelationIsRefusedByName() {
    try (EngineFixture f = new EngineFixture()) {
      f.fails("SELECT * FROM information_schema.triggers", "0A000",
          e -> assertThat(e.getMessage()).contains("\"information_schema.triggers\"").contains("does not serve"));
      f.fails("SELECT t.trigger_name FROM information_schema.triggers t JOIN pg_catalog.pg_class c ON true", "0A000");
      f.fails("SELECT aggfnoid FROM pg_aggregate", "0A000",
          e -> assertThat(e.getMessage()).contains("\"pg_catalog.pg_aggregate\""));
      f.fails("COPY (SELECT \"trigger_name\" FROM \"information_schema\".\"triggers\") TO STDOUT", "0A000");
      // What PostgreSQL does not have either still does not exist.
      f.fails("SELECT * FROM information_schema.no_such_view", "42P01");
      f.fails("SELECT * FROM triggers", "42P01");
      f.fails("SELECT * FROM pg_no_such_catalog", "42P01");
      // The ones RockLake derives are served.
      assertThat(f.rows("SELECT relname FROM pg_catalog.pg_class WHERE relname = 'triggers'")).hasSize(1);
    }
  }

  @Test
  void catalogFunctionsKnowPostgresRelations() {
    try (EngineFixture f = new EngineFixture()) {
      assertThat(f.value("SELECT 'pg_class'::regclass")).isEqualTo(1259L);
      assertThat(f.value("SELECT 'pg_catalog.pg_class_oid_index'::regclass")).isEqualTo(2662L);
      assertThat(f.value("SELECT to_regclass('pg_type')")).isEqualTo(1247L);
      long tables = (Long) f.value("SELECT oid FROM pg_catalog.pg_class c WHERE relname = 'tables'"
          + " AND relnamespace = (SELECT oid FROM pg_catalog.pg_namespace WHERE nspname = 'information_schema')");
      assertThat(f.value("SELECT 'information_schema.tables'::regclass")).isEqualTo(tables);
      assertThat(f.value("SELECT to_regclass('tables')")).as("information_schema is not on the search path").isNull();
      assertThat(f.value("SELECT pg_table_is_visible(1259)")).isEqualTo(true);
      assertThat(f.value("SELECT pg_table_is_visible(" + tables + ")")).isEqualTo(false);
      assertThat(f.value("SELECT format_type(1034, -1)")).isEqualTo("aclitem[]");
      assertThat(f.value("SELECT format_type(a.atttypid, a.atttypmod) FROM pg_catalog.pg_attribute a"
          + " WHERE a.attrelid = " + tables + " AND a.attname = 'table_name'"))
          .isEqualTo("information_schema.sql_identifier");
    }
  }
}
