package io.rocklake.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.sql.fingerprint.Fingerprint;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;

/**
 * Whatever text arrives, the parser either returns statements or throws a positioned
 * SqlParseException (SQLSTATE 42601) — never another exception, never an Error.
 */
class MalformedSqlPropertyTest {
  private final SqlStatementParser parser = new SqlStatementParser();

  /** Statements of the shapes DuckDB sends, to be mutated. */
  private static final List<String> SEEDS = List.of(
      "COPY (SELECT \"key\", \"value\" FROM \"public\".\"ducklake_metadata\" ) TO STDOUT (FORMAT \"binary\");",
      "COPY \"public\".\"ducklake_metadata\" (\"key\", \"value\") FROM STDIN (FORMAT BINARY)",
      "COPY \"s\".\"t\" FROM STDIN (FORMAT TEXT, NULL '\b')",
      "WITH dropped_cols(tid, cid) AS (\nVALUES (2, 3)\n)\nUPDATE \"public\".ducklake_column\n"
          + "SET end_snapshot = 5\nFROM dropped_cols\nWHERE table_id=tid AND column_id=cid;",
      "BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY;\n\nSELECT oid, nspname\n"
          + "FROM pg_namespace\n\nORDER BY oid;",
      "DROP Table  IF EXISTS \"public\".\"ducklake_inlined_data_1_1\"CASCADE",
      "CREATE SCHEMA  IF NOT EXISTS\"lake\"",
      "CREATE LOCAL TEMPORARY TABLE t(a BIGINT PRIMARY KEY, b VARCHAR NOT NULL) ON COMMIT DROP",
      "DELETE FROM \"public\".ducklake_snapshot WHERE ctid IN ('(0,3)','(0,4)')",
      "SELECT ctid, '(0,1)'::tid FROM t WHERE k = 'x' COLLATE \"C\" AND v IN ('a')AND w = $1",
      "SELECT version(), (SELECT COUNT(*) FROM pg_settings WHERE name LIKE 'rds%')",
      "INSERT INTO \"public\".ducklake_snapshot VALUES (1, NOW(), 1, 2, 0),(2, NOW(), -3, NULL, 0)",
      "ALTER TABLE t RENAME COLUMN a TO b; DISCARD ALL; SET LOCAL x TO 1; SHOW y; RESET ALL");

  @Property(tries = 2000)
  void randomTextNeverThrowsAnythingButAPositionedParseError(
      @ForAll("sqlishText") String sql) {
    assertParsesOrFailsWithPosition(sql);
  }

  @Property(tries = 3000)
  void mutatedDuckDbStatementsNeverThrowAnythingButAPositionedParseError(
      @ForAll("mutatedStatements") String sql) {
    assertParsesOrFailsWithPosition(sql);
  }

  @Property(tries = 300)
  void literalValuesAndListLengthsNeverChangeTheFingerprint(
      @ForAll("snapshotIds") long snapshot, @ForAll("tableIds") List<Integer> tables,
      @ForAll("names") String name) {
    final String template = "UPDATE \"public\".ducklake_table SET end_snapshot = %d, "
        + "table_name = '%s' WHERE end_snapshot IS NULL AND table_id IN (%s)";
    final String sql = String.format(template, snapshot, name.replace("'", "''"),
        String.join(", ", tables.stream().map(String::valueOf).toList()));

    assertThat(Fingerprint.of(Sql.parse(sql)))
        .isEqualTo(Fingerprint.of(Sql.parse(String.format(template, 0L, "x", "1"))));
  }

  private void assertParsesOrFailsWithPosition(String sql) {
    try {
      final List<SqlNode> statements = parser.parseStatements(sql);
      assertThat(statements).doesNotContainNull();
    } catch (SqlParseException e) {
      assertThat(e.getPos()).as("position of the error in %s", sql).isNotNull();
      assertThat(SyntaxErrorPosition.characterOffset(sql, e)).isBetween(1, sql.length() + 1);
    }
  }

  @Provide
  Arbitrary<String> sqlishText() {
    final Arbitrary<String> tokens = Arbitraries.of(
        "SELECT", "FROM", "WHERE", "COPY", "TO", "STDOUT", "STDIN", "(", ")", ",", ";", "'", "\"",
        "::", "$1", "$", "UPDATE", "SET", "WITH", "AS", "VALUES", "IN", "AND", "NULL", "\b",
        "BEGIN", "DISCARD", "ALL", "CREATE", "TABLE", "IF", "NOT", "EXISTS", "DROP", "CASCADE",
        "ctid", "tid", "COLLATE", "\"C\"", "1", "-", "'x'", "key", "value", "t", ".", "*", "=",
        "\n", "\t", " ", "--", "/*", "*/", "E'", "U&'", "[", "]", "{", "}", "?", "\\", "ä", "\u0000");
    return tokens.list().ofMaxSize(25).map(list -> String.join(" ", list))
        .injectDuplicates(0.0);
  }

  @Provide
  Arbitrary<String> mutatedStatements() {
    final Arbitrary<String> seed = Arbitraries.of(SEEDS);
    final Arbitrary<Integer> position = Arbitraries.integers().between(0, 400);
    final Arbitrary<Integer> length = Arbitraries.integers().between(0, 12);
    final Arbitrary<Character> character = Arbitraries.chars().ascii()
        .with('\b', '\u00e9', '\uffff', '"', '\'', ';', '(', ')', '$', ':');
    final Arbitrary<Integer> kind = Arbitraries.integers().between(0, 3);
    return Combinators.combine(seed, position, length, character, kind)
        .as(MalformedSqlPropertyTest::mutate);
  }

  /** Deletes a span, inserts a character, replaces a character, or truncates. */
  private static String mutate(String seed, int position, int length, char c, int kind) {
    final int at = Math.min(position, seed.length());
    return switch (kind) {
      case 0 -> seed.substring(0, at) + seed.substring(Math.min(seed.length(), at + length));
      case 1 -> seed.substring(0, at) + c + seed.substring(at);
      case 2 -> at < seed.length()
          ? seed.substring(0, at) + c + seed.substring(at + 1) : seed + c;
      default -> seed.substring(0, at);
    };
  }

  @Provide
  Arbitrary<Long> snapshotIds() {
    return Arbitraries.longs().between(0, Long.MAX_VALUE);
  }

  @Provide
  Arbitrary<List<Integer>> tableIds() {
    return Arbitraries.integers().between(0, Integer.MAX_VALUE).list().ofMinSize(1).ofMaxSize(30);
  }

  @Provide
  Arbitrary<String> names() {
    return Arbitraries.strings().withCharRange(' ', '~').withChars('\b', '\u00e9').ofMaxLength(20);
  }
}
