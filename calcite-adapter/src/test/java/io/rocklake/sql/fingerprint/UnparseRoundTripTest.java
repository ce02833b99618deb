package io.rocklake.sql.fingerprint;

import static io.rocklake.sql.parser.Sql.parse;
import static org.assertj.core.api.Assertions.assertThat;

import org.apache.calcite.sql.SqlNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every node the grammar adds unparses to SQL that parses back to the same shape: parse, render,
 * parse again, and the fingerprints and renderings agree.
 */
class UnparseRoundTripTest {

  @ParameterizedTest
  @ValueSource(strings = {
      "COPY (SELECT \"key\", \"value\" FROM \"public\".\"ducklake_metadata\" ) TO STDOUT (FORMAT \"binary\")",
      "COPY (SELECT NULL FROM \"public\".\"ducklake_metadata\"  LIMIT 1) TO STDOUT (FORMAT \"binary\")",
      "COPY (SELECT a FROM t UNION ALL SELECT b FROM u) TO STDOUT (FORMAT binary)",
      "COPY \"public\".\"ducklake_metadata\" (\"key\", \"value\") FROM STDIN (FORMAT BINARY)",
      "COPY \"s\".\"t\" FROM STDIN (FORMAT TEXT, NULL '\b')",
      "COPY t FROM STDIN WITH (FORMAT csv, HEADER, DELIMITER ',')",
      "UPDATE t AS x SET a = v.a, b = DEFAULT FROM v, w WHERE x.id = v.id AND w.k = 1",
      "WITH new_values(tid, cid, m) AS (VALUES (1, 1, 'a'),(1, 2, NULL)) UPDATE \"public\".s "
          + "SET min_value = m, flag = CAST(NULL AS BOOLEAN) FROM new_values "
          + "WHERE table_id = tid AND column_id = cid",
      "DISCARD ALL",
      "DISCARD TEMP",
      "BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY",
      "BEGIN",
      "START TRANSACTION ISOLATION LEVEL SERIALIZABLE, READ WRITE, NOT DEFERRABLE",
      "COMMIT",
      "ROLLBACK AND CHAIN",
      "SET search_path TO public, 'x'",
      "SET LOCAL statement_timeout = 0",
      "SET SESSION TIME ZONE 'UTC'",
      "SET application_name = DEFAULT",
      "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL READ UNCOMMITTED",
      "SET TRANSACTION READ ONLY, NOT DEFERRABLE",
      "SELECT nspname FROM pg_namespace WHERE nspname !~ '^pg_' AND nspname ~* 'x' AND a != 1",
      "SHOW server_version",
      "SHOW ALL",
      "RESET ALL",
      "RESET search_path",
      "CREATE SCHEMA  IF NOT EXISTS\"lake\"",
      "CREATE TABLE \"public\".\"ducklake_snapshot\"(\"snapshot_id\" BIGINT PRIMARY KEY, "
          + "\"snapshot_time\" TIMESTAMP WITH TIME ZONE, \"schema_version\" BIGINT)",
      "CREATE LOCAL TEMPORARY TABLE IF NOT EXISTS tmp(a BIGINT NOT NULL DEFAULT 0, b BYTEA, "
          + "c DOUBLE PRECISION, d DECIMAL(18,3), CONSTRAINT pk PRIMARY KEY (a), UNIQUE (b)) "
          + "ON COMMIT DROP",
      "CREATE TEMP TABLE t(a UUID) ON COMMIT PRESERVE ROWS",
      "DROP Table  IF EXISTS \"public\".\"ducklake_inlined_data_1_1\"CASCADE",
      "DROP TABLE t",
      "ALTER TABLE IF EXISTS \"public\".t ADD COLUMN IF NOT EXISTS c VARCHAR DEFAULT 'x'",
      "ALTER TABLE t DROP COLUMN IF EXISTS c CASCADE",
      "ALTER TABLE t RENAME COLUMN c TO d",
      "ALTER TABLE t RENAME TO u",
      "SELECT ctid FROM t WHERE ctid = '(0,1)'::tid",
      "DELETE FROM \"public\".ducklake_snapshot WHERE ctid IN ('(0,3)','(0,4)')",
      "SELECT \"key\" FROM m WHERE \"key\" = 'x' COLLATE \"C\" AND scope_id = -1",
      "SELECT a FROM t WHERE a = $1 AND b = $2",
      "SELECT version(), (SELECT COUNT(*) FROM pg_settings WHERE name LIKE 'rds%')",
      "SELECT to_regclass('duckdb_secrets')",
      "SELECT n.oid, t.typname AS type FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace "
          + "LEFT JOIN pg_description d ON d.objoid = t.oid WHERE t.typtype IN ('c','r')AND NOT "
          + "t.typisdefined UNION ALL SELECT 0, NULL ORDER BY 1",
      "INSERT INTO \"public\".ducklake_snapshot VALUES (1, NOW(), 1, 2, 0), (2, NOW(), 2, 3, 0)",
      "COPY (SELECT \"c\"::VARCHAR, \"l\"::VARCHAR[], NULL, ctid FROM \"s\".\"t\" WHERE ctid "
          + "BETWEEN '(0,0)'::tid AND '(4,0)'::tid AND (\"b\" = '\\x0aff'::BYTEA OR \"d\" IS NOT NULL) "
          + "AND \"e\" IN ('a', 'b') AND FALSE LIMIT 10 OFFSET 20) TO STDOUT (FORMAT \"binary\");",
      "CREATE LOCAL TEMPORARY TABLE \"update_data_0f1e-22\"(\"value\" VARCHAR, "
          + "__page_id_string VARCHAR) ON COMMIT DROP",
      "UPDATE \"public\".\"ducklake_metadata\" SET \"value\" = \"update_data_0f1e-22\".\"value\" "
          + "FROM \"update_data_0f1e-22\" WHERE \"ducklake_metadata\".ctid=__page_id_string::TID",
      "SELECT EXISTS (SELECT 1 FROM information_schema.tables WHERE table_schema = CASE WHEN "
          + "strpos('a.b', '.') > 0 THEN split_part('a.b', '.', 1) ELSE 'public' END)",
      "SELECT pg_database_size(current_database()), pg_my_temp_schema()",
  })
  void renderingParsesBackToTheSameShape(String sql) {
    final SqlNode original = parse(sql);
    final String rendered = CanonicalSql.render(original);

    final SqlNode reparsed = parse(rendered);

    assertThat(CanonicalSql.render(reparsed)).as("rendering is stable").isEqualTo(rendered);
    assertThat(Fingerprint.of(reparsed)).isEqualTo(Fingerprint.of(original));
    assertThat(rendered).as("one line").doesNotContain("\n");
  }
}
