package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What psql 15's {@code \d table} and {@code \l} ask beyond the pattern lookup, with PostgreSQL 15's
 * answers for a database holding the same table in each comment (psql -E printed the queries).
 */
class PsqlDescribeQueriesTest {
  @Test
  void anyOfAnArrayIsMembership() {
    try (EngineFixture f = new EngineFixture()) {
      // SELECT 2 = ANY(ARRAY[1, 2]), 3 = ANY(ARRAY[1, 2]), 'd' = any(ARRAY['d', 'f']) -> t f t
      assertThat(f.rows("SELECT 2 = ANY(ARRAY[1, 2]), 3 = ANY(ARRAY[1, 2]), 'd' = any(ARRAY['d', 'f'])").get(0))
          .containsExactly(true, false, true);
    }
  }

  @Test
  void arrayToStringJoinsTheElementsSkippingNulls() {
    try (EngineFixture f = new EngineFixture()) {
      // SELECT pg_catalog.array_to_string(ARRAY['a', NULL, 'b'], ', '), array_to_string(ARRAY['x'], E'\n') -> "a, b", "x"
      assertThat(f.rows("SELECT pg_catalog.array_to_string(ARRAY['a', NULL, 'b'], ', '),"
          + " array_to_string(ARRAY['x'], E'\\n')").get(0)).containsExactly("a, b", "x");
    }
  }

  @Test
  void encodingsAndPublishabilityAreAnsweredAsPostgresDoes() {
    try (EngineFixture f = new EngineFixture()) {
      f.run("CREATE TABLE t (a INTEGER PRIMARY KEY)");
      // SELECT pg_encoding_to_char(6), pg_encoding_to_char(0), pg_encoding_to_char(999) -> UTF8, SQL_ASCII, ''
      assertThat(f.rows("SELECT pg_catalog.pg_encoding_to_char(6), pg_encoding_to_char(0), pg_encoding_to_char(999)")
          .get(0)).containsExactly("UTF8", "SQL_ASCII", "");
      // SELECT pg_relation_is_publishable('t'::regclass), pg_relation_is_publishable('pg_class'::regclass),
      //   pg_relation_is_publishable(1) -> t f NULL
      assertThat(f.rows("SELECT pg_catalog.pg_relation_is_publishable('t'::regclass),"
          + " pg_relation_is_publishable('pg_class'::regclass), pg_relation_is_publishable(1)").get(0))
          .containsExactly(true, false, null);
    }
  }

  @Test
  void theRelationsATableCannotHaveInDuckLakeAreEmpty() {
    try (EngineFixture f = new EngineFixture()) {
      f.run("CREATE TABLE t (a INTEGER PRIMARY KEY)");
      for (String relation : List.of("pg_policy", "pg_statistic_ext", "pg_publication", "pg_publication_namespace",
          "pg_publication_rel", "pg_inherits")) {
        assertThat(f.rows("SELECT * FROM pg_catalog." + relation)).as(relation).isEmpty();
      }
      // psql's query of a table's policies: no rows.
      assertThat(f.rows("SELECT pol.polname, CASE WHEN pol.polroles = '{0}' THEN NULL ELSE"
          + " pg_catalog.array_to_string(array(select rolname from pg_catalog.pg_roles where oid = any (pol.polroles)"
          + " order by 1),',') END FROM pg_catalog.pg_policy pol WHERE pol.polrelid = '16384' ORDER BY 1")).isEmpty();
    }
  }

  @Test
  void theDatabaseIsAUtf8DatabaseInTheCLocale() {
    try (EngineFixture f = new EngineFixture()) {
      // psql's \l columns of a database created with initdb --encoding=UTF8 --locale=C:
      // postgres | UTF8 | C | C | NULL | libc | NULL
      assertThat(f.rows("SELECT pg_catalog.pg_get_userbyid(d.datdba), pg_catalog.pg_encoding_to_char(d.encoding),"
          + " d.datcollate, d.datctype, d.daticulocale,"
          + " CASE d.datlocprovider WHEN 'c' THEN 'libc' WHEN 'i' THEN 'icu' END,"
          + " pg_catalog.array_to_string(d.datacl, E'\\n') FROM pg_catalog.pg_database d").get(0))
          .containsExactly("postgres", "UTF8", "C", "C", null, "libc", null);
    }
  }

  @Test
  void collationsAreTheLibcOnesEveryPostgresHas() {
    try (EngineFixture f = new EngineFixture()) {
      // SELECT collname FROM pg_collation WHERE collprovider <> 'i' ORDER BY oid -> default C POSIX ucs_basic C.utf8
      assertThat(f.rows("SELECT collname FROM pg_catalog.pg_collation ORDER BY oid")).extracting(r -> r[0])
          .containsExactly("default", "C", "POSIX", "ucs_basic", "C.utf8");
    }
  }
}
