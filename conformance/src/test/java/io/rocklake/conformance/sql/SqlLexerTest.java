package io.rocklake.conformance.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.pgwire.types.PgType;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlLexerTest {
  @Test
  void splitsAtSemicolonsOutsideLiteralsAndIdentifiers() {
    List<String> parts = Statements.split(
        "BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ;\n\nINSERT INTO t VALUES ('a;b', \"x;y\");;\n -- c;\nSELECT 1");
    assertThat(parts).containsExactly("BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ",
        "INSERT INTO t VALUES ('a;b', \"x;y\")", "-- c;\nSELECT 1");
  }

  @Test
  void followsStandardConformingStrings() {
    List<Token> t = SqlLexer.tokenize("'\\x41' E'a\\'b' 'it''s' $$d;$$");
    assertThat(t).extracting(Token::text).containsExactly("\\x41", "a'b", "it's", "d;");
  }

  @Test
  void toleratesTheQuirksDuckDbSends() {
    assertThat(SqlLexer.tokenize("IN ('public')AND relname='x'")).extracting(Token::text)
        .containsExactly("IN", "(", "public", ")", "AND", "relname", "=", "x");
    assertThat(SqlLexer.tokenize("CREATE SCHEMA  IF NOT EXISTS\"meta\"")).extracting(Token::kind).last()
        .isEqualTo(Token.Kind.QUOTED_IDENTIFIER);
  }

  @Test
  void findsTopLevelOrderByOnly() {
    assertThat(new StatementFacts("SELECT a FROM t ORDER BY a").isOrdered()).isTrue();
    assertThat(new StatementFacts("SELECT a FROM (SELECT a FROM t ORDER BY a) s").isOrdered()).isFalse();
    assertThat(new StatementFacts("COPY (SELECT a FROM t ORDER BY a) TO STDOUT").isOrdered()).isTrue();
    assertThat(new StatementFacts("COPY (SELECT \"order\" FROM t) TO STDOUT").isOrdered()).isFalse();
    assertThat(new StatementFacts("SELECT 'ORDER BY' FROM t").isOrdered()).isFalse();
  }

  @Test
  void readsCopySelectLists() {
    CopyOut c = CopyOut.parse("COPY (SELECT \"snapshot_id\", NULL, ctid, \"x\"::VARCHAR FROM \"public\".\"t\" "
        + "WHERE \"a\" = '1') TO STDOUT (FORMAT \"binary\");").orElseThrow();
    assertThat(c.table()).contains(new QualifiedName("public", "t"));
    assertThat(c.items()).extracting(CopyOut.Item::kind).containsExactly(CopyOut.Item.Kind.COLUMN,
        CopyOut.Item.Kind.NULL, CopyOut.Item.Kind.COLUMN, CopyOut.Item.Kind.COLUMN);
    assertThat(c.items().get(3).castType()).isEqualTo("VARCHAR");
    CopyOut sub = CopyOut.parse("COPY (SELECT \"a\" FROM (SELECT a FROM x) AS __unnamed_subquery ) TO STDOUT").orElseThrow();
    assertThat(sub.table()).isEmpty();
    assertThat(CopyOut.parse("COPY \"public\".\"t\" FROM STDIN (FORMAT BINARY)")).isEmpty();
  }

  @Test
  void learnsColumnTypesFromDdl() {
    TableSchemas s = new TableSchemas();
    s.observe("CREATE TABLE \"public\".\"ducklake_snapshot\"(\"snapshot_id\" BIGINT PRIMARY KEY, "
        + "\"snapshot_time\" TIMESTAMP WITH TIME ZONE, \"d\" DECIMAL(18,3) NOT NULL)");
    s.observe("CREATE TABLE IF NOT EXISTS \"public\".ducklake_inlined_data_1_1(row_id BIGINT, label BYTEA)");
    QualifiedName snap = new QualifiedName("public", "ducklake_snapshot");
    assertThat(s.columnType(snap, "snapshot_time")).contains(PgType.TIMESTAMPTZ);
    assertThat(s.columnType(snap, "d")).contains(PgType.NUMERIC);
    assertThat(s.columnType(new QualifiedName(null, "ducklake_inlined_data_1_1"), "label")).contains(PgType.BYTEA);
    s.observe("ALTER TABLE \"public\".\"ducklake_snapshot\" RENAME COLUMN \"d\" TO \"e\"");
    assertThat(s.columnType(snap, "e")).contains(PgType.NUMERIC);
    s.observe("DROP Table  IF EXISTS \"public\".\"ducklake_snapshot\"CASCADE");
    assertThat(s.knowsTable(snap)).isFalse();
  }
}
