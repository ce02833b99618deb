package io.rocklake.sql.statement;

import static io.rocklake.sql.parser.Sql.parse;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Reads, writes and control statements, as the whitelist rules need them told apart. */
class StatementClassifierTest {

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT 1",
      "SELECT a FROM t ORDER BY a LIMIT 1",
      "SELECT a FROM t UNION ALL SELECT b FROM u",
      "VALUES (1)",
      "WITH a(x) AS (VALUES (1)) SELECT x FROM a",
      "COPY (SELECT \"key\" FROM \"public\".\"ducklake_metadata\") TO STDOUT (FORMAT \"binary\")",
  })
  void reads(String sql) {
    assertThat(StatementClassifier.classify(parse(sql))).isEqualTo(StatementCategory.READ);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "INSERT INTO t VALUES (1)",
      "UPDATE t SET a = 1",
      "UPDATE t SET a = v.a FROM v",
      "WITH v(a) AS (VALUES (1)) UPDATE t SET x = a FROM v",
      "DELETE FROM t WHERE ctid IN ('(0,1)')",
      "COPY t FROM STDIN (FORMAT BINARY)",
      "CREATE TABLE t(a BIGINT)",
      "CREATE LOCAL TEMPORARY TABLE t(a BIGINT) ON COMMIT DROP",
      "CREATE SCHEMA IF NOT EXISTS s",
      "DROP TABLE IF EXISTS t",
      "ALTER TABLE t ADD COLUMN c INTEGER",
  })
  void writes(String sql) {
    assertThat(StatementClassifier.classify(parse(sql))).isEqualTo(StatementCategory.WRITE);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ",
      "COMMIT",
      "ROLLBACK",
      "DISCARD ALL",
      "SET search_path TO public",
      "SHOW server_version",
      "RESET ALL",
      "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL READ COMMITTED",
      "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE",
  })
  void sessionAndTransactionControl(String sql) {
    assertThat(StatementClassifier.classify(parse(sql))).isEqualTo(StatementCategory.CONTROL);
  }
}
