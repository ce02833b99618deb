package io.rocklake.conformance.clients;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.clients.ReplayedCatalogs.Pair;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * PostgreSQL's string functions, and timestamps computed to the microsecond, asked of PostgreSQL 15
 * and of RockLake through pgjdbc after the same DuckDB scenario: the same column label, type and
 * value, or the same SQLSTATE. Edge cases (negative counts, empty delimiters, NULLs, characters
 * outside the BMP, errors, timestamps within one millisecond and before 1970) are where
 * implementations differ, so most of the list is edges.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(ReplayedCatalogs.Resolver.class)
class PgFunctionsDifferentialTest {
  private Connection postgres;
  private Connection rocklake;

  @BeforeAll
  void connect(ReplayedCatalogs catalogs) throws SQLException {
    Pair p = catalogs.pair(IntrospectionQueries.DDL);
    postgres = ReplayedCatalogs.connect(p.postgres(), p.database());
    rocklake = ReplayedCatalogs.connect(p.rocklake(), p.database());
  }

  @AfterAll
  void disconnect() throws SQLException {
    postgres.close();
    rocklake.close();
  }

  static List<String> statements() {
    return List.of(
        "SELECT left('abcdef', 2)", "SELECT left('abcdef', -2)", "SELECT left('abc', 10)", "SELECT left('abc', -10)",
        "SELECT left('a😀b', 2)", "SELECT left(NULL, 2)", "SELECT left('abc', NULL)",
        "SELECT right('abcdef', 2)", "SELECT right('abcdef', -2)", "SELECT right('😀bc', 3)", "SELECT right('abc', 0)",
        "SELECT split_part('a,b,c', ',', 2)", "SELECT split_part('a,b,c', ',', -1)", "SELECT split_part('a,b,c', ',', 4)",
        "SELECT split_part('a,b,c', ',', -4)", "SELECT split_part('a,,c', ',', 2)", "SELECT split_part('abc', '', 1)",
        "SELECT split_part('abc', '', 2)", "SELECT split_part('a--b--c', '--', 3)", "SELECT split_part('a,b', ',', 0)",
        "SELECT strpos('abcb', 'b')", "SELECT strpos('abc', 'x')", "SELECT strpos('abc', '')", "SELECT strpos('😀ab', 'b')",
        "SELECT lpad('ab', 5)", "SELECT lpad('ab', 5, 'xy')", "SELECT lpad('abcdef', 3, 'x')", "SELECT lpad('ab', 5, '')",
        "SELECT lpad('ab', -1, 'x')", "SELECT rpad('ab', 5, 'xy')", "SELECT rpad('abcdef', 3)", "SELECT rpad('😀', 3, '·')",
        "SELECT repeat('ab', 3)", "SELECT repeat('ab', 0)", "SELECT repeat('ab', -2)", "SELECT repeat(NULL, 2)",
        "SELECT reverse('abc')", "SELECT reverse('a😀b')", "SELECT reverse('')",
        "SELECT btrim('  a b  ')", "SELECT btrim('xyaxy', 'xy')", "SELECT ltrim('  a  ')", "SELECT ltrim('xxaxx', 'x')",
        "SELECT rtrim('  a  ')", "SELECT rtrim('xxaxx', 'x')", "SELECT btrim('aaa', 'a')",
        "SELECT substr('abcdef', 2)", "SELECT substr('abcdef', 0)", "SELECT substr('abcdef', 2, 3)", "SELECT substr('abcdef', -1, 3)",
        "SELECT substr('abcdef', 5, 10)", "SELECT substr('abcdef', 8, 2)", "SELECT substr('a😀bc', 2, 2)", "SELECT substr('abc', 1, -1)",
        "SELECT starts_with('abc', 'ab')", "SELECT starts_with('abc', 'b')", "SELECT starts_with('abc', '')",
        "SELECT concat('a', 'b')", "SELECT concat('a', NULL, 'c')", "SELECT concat(NULL, NULL)", "SELECT concat('a', 'b', 'c', 'd', 'e', 'f')",
        "SELECT concat_ws(',', 'a', 'b')", "SELECT concat_ws(',', 'a', NULL, 'c')", "SELECT concat_ws(NULL, 'a', 'b')",
        "SELECT concat_ws('', 'a', 'b')", "SELECT concat_ws(',', NULL)",
        "SELECT md5('abc')", "SELECT md5('')", "SELECT md5('😀')", "SELECT md5(NULL)",
        "SELECT chr(65)", "SELECT chr(128512)", "SELECT chr(0)", "SELECT chr(-1)", "SELECT chr(1114112)", "SELECT chr(55296)",
        "SELECT to_hex(255)", "SELECT to_hex(-1)", "SELECT to_hex(0)", "SELECT to_hex(9223372036854775807)",
        "SELECT to_hex(-9223372036854775808)",
        "SELECT left(table_name, 3) AS l, strpos(table_name, 'r') AS p, md5(table_name) AS m FROM ducklake_table ORDER BY table_id",
        "SELECT concat_ws('.', schema_name, 'x'), split_part(path, '/', 1) FROM ducklake_schema ORDER BY schema_id",
        "SELECT lpad(CAST(table_id AS text), 4, '0'), reverse(table_name) FROM ducklake_table ORDER BY 1, 2",
        "SELECT upper(left(table_name, 1)) || substr(table_name, 2) FROM ducklake_table ORDER BY table_id",
        "SELECT now() IS NOT NULL", "SELECT now() > TIMESTAMP '2000-01-01 00:00:00'", "SELECT now() = CURRENT_TIMESTAMP",
        "SELECT count(*) FROM ducklake_snapshot WHERE snapshot_time <= now()",
        // Timestamps through plans, to the microsecond: three within one millisecond, one before 1970.
        "SELECT CAST(t AS text) FROM " + TIMES + " ORDER BY t",
        "SELECT CAST(t AS text) FROM " + TIMES + " ORDER BY t DESC",
        "SELECT CAST(max(t) AS text), CAST(min(t) AS text), count(DISTINCT t) FROM " + TIMES,
        "SELECT CAST(t + INTERVAL '1' DAY AS text), CAST(t - INTERVAL '1' MONTH AS text) FROM " + TIMES + " ORDER BY t",
        "SELECT count(*) FROM " + TIMES + " WHERE t > CAST('2024-02-29 12:34:56.789011+00' AS timestamptz)",
        "SELECT CAST(t AS text) FROM " + TIMES + " WHERE t = CAST('2024-02-29 12:34:56.789012+00' AS timestamptz)",
        "SELECT CAST(CAST(t AS date) AS text), CAST(EXTRACT(YEAR FROM t) AS integer) FROM " + TIMES + " ORDER BY t",
        "SELECT count(*) FROM " + TIMES + " JOIN " + TIMES.replace(" v(t)", " w(t)") + " ON v.t = w.t");
  }

  private static final String TIMES = "(VALUES (CAST('2024-02-29 12:34:56.789012+00' AS timestamptz)),"
      + " (CAST('2024-02-29 12:34:56.789011+00' AS timestamptz)), (CAST('2024-02-29 12:34:56.789999+00' AS timestamptz)),"
      + " (CAST('1969-12-31 23:59:59.999999+00' AS timestamptz)), (NULL)) AS v(t)";

  @ParameterizedTest(name = "{0}")
  @MethodSource("statements")
  void rockLakeAnswersAsPostgresDoes(String sql) throws SQLException {
    Outcome expected = run(postgres, sql);
    Outcome actual = run(rocklake, sql);
    if (expected.sqlState() != null) {
      assertThat(actual.sqlState()).as("SQLSTATE of %s (PostgreSQL: %s)", sql, expected.message())
          .isEqualTo(expected.sqlState());
      assertThat(actual.message()).as("message of %s", sql).isEqualTo(expected.message());
      return;
    }
    assertThat(actual.sqlState()).as("%s failed on RockLake: %s", sql, actual.message()).isNull();
    assertThat(expected.rows().difference(actual.rows(), true)).as(sql).isNull();
  }

  private record Outcome(ClientRows rows, String sqlState, String message) {}

  private static Outcome run(Connection c, String sql) throws SQLException {
    c.setAutoCommit(true);
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return new Outcome(ClientRows.read(rs), null, null);
    } catch (SQLException e) {
      if (e.getSQLState() == null || e.getSQLState().startsWith("08")) {
        throw e;
      }
      String message = e instanceof org.postgresql.util.PSQLException p && p.getServerErrorMessage() != null
          ? p.getServerErrorMessage().getMessage() : e.getMessage();
      return new Outcome(null, e.getSQLState(), message);
    }
  }
}
