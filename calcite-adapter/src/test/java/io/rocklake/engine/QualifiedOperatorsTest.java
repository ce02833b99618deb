package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * psql writes its pattern filters with operators and collations named by schema:
 * {@code c.relname OPERATOR(pg_catalog.~) '^(t)$' COLLATE pg_catalog.default}. They mean what the
 * bare operator and collation mean (PostgreSQL 15's answers in each comment).
 */
class QualifiedOperatorsTest {
  @Test
  void aQualifiedOperatorIsTheOperatorItself() {
    try (EngineFixture f = new EngineFixture()) {
      // SELECT 'abc' OPERATOR(pg_catalog.~) '^a', 'abc' OPERATOR(pg_catalog.!~) '^a', 'ABC' OPERATOR(pg_catalog.~*) 'b',
      //   2 OPERATOR(pg_catalog.<) 3, 2 OPERATOR(pg_catalog.=) 3 -> t f t t f
      assertThat(f.rows("SELECT 'abc' OPERATOR(pg_catalog.~) '^a', 'abc' OPERATOR(pg_catalog.!~) '^a',"
          + " 'ABC' OPERATOR(pg_catalog.~*) 'b', 2 OPERATOR(pg_catalog.<) 3, 2 OPERATOR(pg_catalog.=) 3").get(0))
          .containsExactly(true, false, true, true, false);
    }
  }

  @Test
  void psqlsPatternFilterFindsTheTableByItsAnchoredName() {
    try (EngineFixture f = new EngineFixture()) {
      f.run("CREATE TABLE t (a INTEGER PRIMARY KEY)");
      f.run("CREATE TABLE tt (a INTEGER)");
      List<Object[]> rows = f.rows("SELECT c.relname FROM pg_catalog.pg_class c"
          + " LEFT JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
          + " WHERE c.relname OPERATOR(pg_catalog.~) '^(t)$' COLLATE pg_catalog.default"
          + " AND pg_catalog.pg_table_is_visible(c.oid) ORDER BY 1");
      assertThat(rows).extracting(r -> r[0]).containsExactly("t");
    }
  }

  @Test
  void onlyPgCatalogQualifiesAnOperatorOrACollation() {
    try (EngineFixture f = new EngineFixture()) {
      // PostgreSQL: 42883 operator does not exist: public.~; RockLake refuses it as a syntax error.
      f.fails("SELECT 'a' OPERATOR(public.~) 'a'", "42601");
      f.fails("SELECT 'a' COLLATE public.default", "42601");
      // operator stays a name
      assertThat(f.value("SELECT 1 AS operator")).isEqualTo(1);
    }
  }
}
