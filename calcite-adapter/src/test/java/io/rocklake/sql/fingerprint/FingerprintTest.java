package io.rocklake.sql.fingerprint;

import static io.rocklake.sql.parser.Sql.parse;
import static org.assertj.core.api.Assertions.assertThat;

import org.apache.calcite.sql.SqlNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What a fingerprint ignores (values) and what it keeps (everything else). */
class FingerprintTest {

  private static Fingerprint fingerprint(String sql) {
    return Fingerprint.of(parse(sql));
  }

  @ParameterizedTest(name = "{0}  ~  {1}")
  @CsvSource(delimiter = '|', textBlock = """
      UPDATE t SET a = 1 WHERE id = 2                        | UPDATE t SET a = 'x' WHERE id = 99
      SELECT a FROM t WHERE b = NULL                         | SELECT a FROM t WHERE b = 42
      SELECT a FROM t WHERE b = -1                           | SELECT a FROM t WHERE b = 7
      SELECT a FROM t WHERE b = TRUE                         | SELECT a FROM t WHERE b = 2.5e3
      DELETE FROM t WHERE ctid IN ('(0,1)')                  | DELETE FROM t WHERE ctid IN ('(0,1)','(0,2)','(9,9)')
      INSERT INTO t VALUES (1, 'a')                          | INSERT INTO t VALUES (1, 'a'),(2, NULL),(3, 'c')
      WITH v(a) AS (VALUES (1)) UPDATE t SET x = a FROM v    | WITH v(a) AS (VALUES (1),(2)) UPDATE t SET x = a FROM v
      COPY (SELECT a FROM t WHERE b <= '2') TO STDOUT (FORMAT "binary") | COPY (SELECT a FROM t WHERE b <= '17') TO STDOUT (FORMAT binary)
      SELECT a FROM t LIMIT 1                                | SELECT a FROM t LIMIT 100
      select  A from T where B='x'                           | SELECT a FROM t WHERE b = 'y'
      SELECT a FROM t WHERE d = DATE '2026-01-01'            | SELECT a FROM t WHERE d = DATE '1999-12-31'
      SELECT a FROM t WHERE b = $1                           | SELECT a FROM t WHERE b = 5
      """)
  void valuesInListLengthsAndRowCountsDoNotChangeTheFingerprint(String left, String right) {
    assertThat(fingerprint(left)).isEqualTo(fingerprint(right));
  }

  @ParameterizedTest(name = "{0}  !~  {1}")
  @CsvSource(delimiter = '|', textBlock = """
      UPDATE t SET a = 1 WHERE id = 2                        | UPDATE u SET a = 1 WHERE id = 2
      UPDATE t SET a = 1 WHERE id = 2                        | UPDATE t SET b = 1 WHERE id = 2
      SELECT a FROM t WHERE b < 1                            | SELECT a FROM t WHERE b <= 1
      SELECT a FROM t WHERE b IS NULL                        | SELECT a FROM t WHERE b = NULL
      SELECT a FROM t                                        | SELECT a FROM t WHERE b = 1
      SELECT a FROM t WHERE b IN (1, 2)                      | SELECT a FROM t WHERE b NOT IN (1, 2)
      INSERT INTO t VALUES (1, 2)                            | INSERT INTO t VALUES (1, 2, 3)
      SELECT "A" FROM t                                      | SELECT A FROM t
      COPY t FROM STDIN (FORMAT BINARY)                      | COPY t FROM STDIN (FORMAT TEXT)
      COPY t FROM STDIN (FORMAT BINARY)                      | COPY t (a) FROM STDIN (FORMAT BINARY)
      DROP TABLE IF EXISTS t CASCADE                         | DROP TABLE IF EXISTS t
      CREATE TABLE t(a BIGINT)                               | CREATE TEMPORARY TABLE t(a BIGINT)
      CREATE TABLE t(a BIGINT)                               | CREATE TABLE t(a INTEGER)
      BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ      | BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY
      SELECT a FROM t WHERE k = 'x' COLLATE "C"              | SELECT a FROM t WHERE k = 'x'
      SELECT CAST(a AS VARCHAR) FROM t                       | SELECT CAST(a AS BIGINT) FROM t
      SELECT a, b FROM t ORDER BY 1                          | SELECT a, b FROM t ORDER BY 2
      SELECT a, b FROM t ORDER BY 1 DESC LIMIT 5             | SELECT a, b FROM t ORDER BY 2 DESC LIMIT 5
      SELECT a, COUNT(*) FROM t GROUP BY 1                   | SELECT a, COUNT(*) FROM t GROUP BY 2
      """)
  void structuralChangesChangeTheFingerprint(String left, String right) {
    assertThat(fingerprint(left)).isNotEqualTo(fingerprint(right));
    assertThat(fingerprint(left).hash()).isNotEqualTo(fingerprint(right).hash());
  }

  @Test
  void theNormalizedStatementShowsPlaceholdersAndCollapsedLists() {
    final Fingerprint fingerprint = fingerprint(
        "DELETE FROM \"public\".ducklake_snapshot WHERE ctid IN ('(0,3)','(0,4)') AND id > 7");

    assertThat(fingerprint.normalizedSql()).isEqualTo(
        "DELETE FROM \"public\".\"ducklake_snapshot\" WHERE \"ctid\" IN (?) AND \"id\" > ?");
  }

  @Test
  void multiRowValuesKeepsOneRow() {
    assertThat(fingerprint("INSERT INTO t VALUES (1, 'a'), (2, 'b')").normalizedSql())
        .isEqualTo("INSERT INTO \"t\" VALUES ROW(?, ?)");
  }

  @Test
  void theHashIsTheFirstSixteenHexDigitsOfTheNormalizedStatementsSha256() {
    final Fingerprint fingerprint = fingerprint("SELECT 1");

    assertThat(fingerprint.normalizedSql()).isEqualTo("SELECT ?");
    // sha256("SELECT ?") computed independently
    assertThat(fingerprint.hash()).matches("[0-9a-f]{16}");
    assertThat(fingerprint.hash()).isEqualTo(sha256Prefix("SELECT ?"));
  }

  @Test
  void computingAFingerprintLeavesTheStatementUntouched() {
    final SqlNode statement = parse("UPDATE t SET a = 1 WHERE id IN (1, 2, 3)");
    final String before = CanonicalSql.render(statement);

    Fingerprint.of(statement);

    assertThat(CanonicalSql.render(statement)).isEqualTo(before);
  }

  @Test
  void structuralLiteralsOfJoinsAndWithItemsAreKept() {
    final Fingerprint fingerprint = fingerprint(
        "WITH RECURSIVE r(n) AS (VALUES (1)) SELECT * FROM r NATURAL JOIN s");

    assertThat(fingerprint.normalizedSql()).contains("RECURSIVE").contains("NATURAL");
  }

  @Test
  void theFlagsOfAWindowAreStructure() {
    // pgjdbc's getColumns sends row_number() OVER (...): a window's ROWS flag is a literal operand.
    assertThat(fingerprint("SELECT row_number() OVER (PARTITION BY a ORDER BY b) FROM t WHERE c = 5")
        .normalizedSql()).isEqualTo(
            "SELECT ROW_NUMBER() OVER (PARTITION BY \"a\" ORDER BY \"b\") FROM \"t\" WHERE \"c\" = ?");
  }

  private static String sha256Prefix(String text) {
    try {
      final byte[] digest = java.security.MessageDigest.getInstance("SHA-256")
          .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      final StringBuilder hex = new StringBuilder();
      for (int i = 0; i < 8; i++) {
        hex.append(String.format("%02x", digest[i]));
      }
      return hex.toString();
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }
}
