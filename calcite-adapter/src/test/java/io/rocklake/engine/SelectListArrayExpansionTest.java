package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code information_schema._pg_expandarray(a)} in a select list yields one row per element of
 * {@code a}, the composite {@code (x, n)}: the element and its position from 1. Expected rows are
 * PostgreSQL 15's for the same statements (pg_class_relname_nsp_index, OID 2663, is on
 * {@code (relname, relnamespace)}, attributes 2 and 3).
 */
class SelectListArrayExpansionTest {
  @Test
  void eachElementIsARowWithItsPosition() {
    try (EngineFixture f = new EngineFixture()) {
      List<Object[]> rows = f.rows("SELECT i.indexrelid, (information_schema._pg_expandarray(i.indkey)).x AS x,"
          + " (information_schema._pg_expandarray(i.indkey)).n AS n FROM pg_catalog.pg_index i"
          + " WHERE i.indexrelid = 2663 ORDER BY n");
      assertThat(rows).extracting(r -> List.of(r[0], ((Number) r[1]).intValue(), ((Number) r[2]).intValue()))
          .containsExactly(List.of(2663L, 2, 1), List.of(2663L, 3, 2));
    }
  }

  @Test
  void anEnclosingQueryReadsTheBareCompositesField() {
    try (EngineFixture f = new EngineFixture()) {
      // pgjdbc's getPrimaryKeys: a bare _pg_expandarray AS keys, read outside as (q.keys).x
      List<Object[]> rows = f.rows("SELECT q.attname FROM (SELECT a.attname, a.attnum,"
          + " information_schema._pg_expandarray(i.indkey) AS keys FROM pg_catalog.pg_index i"
          + " JOIN pg_catalog.pg_attribute a ON a.attrelid = i.indrelid WHERE i.indexrelid = 2663) q"
          + " WHERE q.attnum = (q.keys).x ORDER BY 1");
      assertThat(rows).extracting(r -> r[0]).containsExactly("relname", "relnamespace");
    }
  }

  @Test
  void twoDifferentArraysInOneSelectListAreRefusedAsAnUnknownFunction() {
    try (EngineFixture f = new EngineFixture()) {
      // PostgreSQL runs them in lockstep; RockLake does not, and says so rather than answer otherwise.
      f.fails("SELECT (information_schema._pg_expandarray(i.indkey)).n,"
          + " (information_schema._pg_expandarray(i.indoption)).n FROM pg_catalog.pg_index i", "42883");
    }
  }
}
