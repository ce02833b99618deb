package io.rocklake.conformance.clients;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.clients.IntrospectionQueries.Query;
import io.rocklake.conformance.clients.ReplayedCatalogs.Pair;
import io.rocklake.conformance.pg.ThrowawayPostgres;
import io.rocklake.conformance.replay.Endpoint;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * psql (PostgreSQL 15's, simple query protocol, text format) prints the same thing for RockLake as
 * for PostgreSQL: {@code psql -X -A -t -F '|' -c <query>}, output compared character for character —
 * so numbers, booleans, NULLs and strings are rendered by the server exactly as PostgreSQL renders
 * them. The queries are ones of {@link IntrospectionQueries} without server-chosen timestamps.
 */
@ExtendWith(ReplayedCatalogs.Resolver.class)
class PsqlTest {
  private static final List<String> QUERIES = List.of(
      "tables with their schema",
      "live columns of live tables (table ⋈ column ⋈ schema)",
      "column count per table at every snapshot a table changed",
      "live and ended rows per table (SUM of CASE)",
      "averages to PostgreSQL's numeric scale",
      "average file sizes (numeric scale depends on the values)",
      "tables that ever had a NOT NULL column (EXISTS)",
      "COALESCE and NULLIF",
      "string functions on table names",
      "metadata settings",
      "snapshot times never go back",
      "types of the columns of ducklake_data_file from pg_catalog",
      "files per partition value");

  static Stream<Arguments> queries() {
    return QUERIES.stream().map(name -> IntrospectionQueries.ALL.stream().filter(q -> q.name().equals(name))
        .findFirst().orElseThrow(() -> new IllegalArgumentException("no query named " + name)))
        .map(q -> Arguments.of(q.scenario() != null ? q.scenario() : IntrospectionQueries.DDL, q));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("queries")
  void psqlPrintsWhatItPrintsForPostgres(String scenario, Query q, ReplayedCatalogs catalogs) throws Exception {
    assertThat(q.params()).isEmpty();
    Pair p = catalogs.pair(scenario);
    Output expected = psql(p.postgres(), p.database(), q.sql());
    Output actual = psql(p.rocklake(), p.database(), q.sql());
    assertThat(expected.exitCode()).as("psql against PostgreSQL: %s", expected.stderr()).isZero();
    assertThat(expected.stdout()).isNotBlank();
    assertThat(actual.stderr()).isEqualTo(expected.stderr());
    assertThat(actual.stdout()).as(q.sql()).isEqualTo(expected.stdout());
    assertThat(actual.exitCode()).isEqualTo(expected.exitCode());
  }

  /** psql's {@code \dt}: its own pg_catalog query (pg_class, pg_namespace, pg_am, pg_table_is_visible). */
  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void psqlListsTheTablesAsForPostgres(String scenario, ReplayedCatalogs catalogs) throws Exception {
    Pair p = catalogs.pair(scenario);
    Output expected = psql(p.postgres(), p.database(), "\\dt");
    Output actual = psql(p.rocklake(), p.database(), "\\dt");
    assertThat(expected.exitCode()).as("psql against PostgreSQL: %s", expected.stderr()).isZero();
    assertThat(expected.stdout()).contains("public|ducklake_snapshot|table|postgres");
    assertThat(actual.stderr()).isEqualTo(expected.stderr());
    assertThat(actual.stdout()).isEqualTo(expected.stdout());
  }

  /**
   * psql's {@code \dS} (every relation on the search path, PostgreSQL's own included) and {@code \diS}
   * (their indexes, with the table each belongs to).
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"\\dS", "\\diS"})
  void psqlListsPostgresOwnRelationsAsForPostgres(String command, ReplayedCatalogs catalogs) throws Exception {
    Pair p = catalogs.pair(IntrospectionQueries.DDL);
    Output expected = psql(p.postgres(), p.database(), command);
    Output actual = psql(p.rocklake(), p.database(), command);
    assertThat(expected.exitCode()).as("psql against PostgreSQL: %s", expected.stderr()).isZero();
    assertThat(expected.stdout()).contains("pg_catalog|pg_class");
    assertThat(actual.stderr()).isEqualTo(expected.stderr());
    assertThat(actual.stdout()).isEqualTo(expected.stdout());
  }

  /**
   * psql's pattern filters: a name, a wildcard and a schema-qualified pattern become
   * {@code relname OPERATOR(pg_catalog.~) '^(...)$' COLLATE pg_catalog.default}; a pattern that
   * matches nothing prints psql's own message.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"\\dt ducklake_snapshot", "\\dt ducklake_s*", "\\dt public.ducklake_*", "\\dt no_such_table",
      "\\dtS pg_catalog.pg_cl*", "\\di ducklake_*"})
  void psqlFiltersByPatternAsForPostgres(String command, ReplayedCatalogs catalogs) throws Exception {
    printsAsForPostgres(command, catalogs);
  }

  /**
   * psql's {@code \\d table}: after the pattern lookup, the table's pg_class row, its columns (with
   * pg_attrdef and pg_collation), its indexes and constraints, and then pg_policy, pg_statistic_ext,
   * the publications (pg_publication, pg_publication_namespace, pg_publication_rel,
   * pg_relation_is_publishable) and pg_inherits — every one of them must answer as PostgreSQL's for
   * psql to print the columns at all.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"\\d ducklake_snapshot", "\\d ducklake_data_file", "\\d public.ducklake_table",
      "\\d ducklake_metadata", "\\d no_such_table"})
  void psqlDescribesATableAsForPostgres(String command, ReplayedCatalogs catalogs) throws Exception {
    printsAsForPostgres(command, catalogs);
  }

  /**
   * psql's {@code \\d+ table}: besides what {@code \\d} reads, {@code reloptions} (a text[] joined with
   * the TOAST table's through {@code pg_catalog.unnest} in FROM) and each column's storage,
   * compression, statistics target and comment.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"\\d+ ducklake_snapshot", "\\d+ ducklake_data_file", "\\d+ public.ducklake_table",
      "\\d+ no_such_table"})
  void psqlDescribesATableVerboselyAsForPostgres(String command, ReplayedCatalogs catalogs) throws Exception {
    printsAsForPostgres(command, catalogs);
  }

  /**
   * psql's {@code \\dn} and {@code \\dn+}: PostgreSQL 15's {@code public} schema belongs to
   * {@code pg_database_owner}, with its privileges and its comment.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"\\dn", "\\dn+", "\\dn public", "\\dnS+ pg_catalog"})
  void psqlListsTheSchemasAsForPostgres(String command, ReplayedCatalogs catalogs) throws Exception {
    printsAsForPostgres(command, catalogs);
  }

  /**
   * psql's {@code \\dt+}: persistence, access method and comment as PostgreSQL prints them; the size is
   * PostgreSQL's heap size, which RockLake cannot have, so of that column only the shape is compared
   * (a number of bytes or of kB as {@code pg_size_pretty} prints it).
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"\\dt+", "\\dt+ ducklake_s*"})
  void psqlListsTheTablesVerboselyAsForPostgres(String command, ReplayedCatalogs catalogs) throws Exception {
    Pair p = catalogs.pair(IntrospectionQueries.DDL);
    Output expected = psql(p.postgres(), p.database(), command);
    Output actual = psql(p.rocklake(), p.database(), command);
    assertThat(expected.exitCode()).as("psql against PostgreSQL: %s", expected.stderr()).isZero();
    assertThat(expected.stdout()).contains("public|ducklake_snapshot|table|postgres|permanent|heap|");
    assertThat(actual.stderr()).isEqualTo(expected.stderr());
    assertThat(sizeMasked(actual.stdout())).isEqualTo(sizeMasked(expected.stdout()));
    assertThat(actual.exitCode()).isEqualTo(expected.exitCode());
  }

  /**
   * {@code pg_size_pretty}, which prints \\dt+'s sizes: bytes, kB, MB, GB, TB and PB at and around each
   * unit's limit, negative sizes included, as PostgreSQL 15 rounds them.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(longs = {0, 8192, 10239, 10240, 20479, 20480, 1048575, 10485759, 10485760, 21474836479L,
      1099511627776L, 22517998136852479L, 9223372036854775807L, -10240, -20480})
  void sizesArePrettyAsForPostgres(long bytes, ReplayedCatalogs catalogs) throws Exception {
    printsAsForPostgres("SELECT pg_catalog.pg_size_pretty(" + bytes + "::bigint)", catalogs);
  }

  /** Each row's seventh field (\\dt+'s Size), checked to be pg_size_pretty's and replaced by {@code <size>}. */
  private static String sizeMasked(String rows) {
    StringBuilder out = new StringBuilder();
    for (String row : rows.split("\n", -1)) {
      String[] fields = row.split("\\|", -1);
      if (fields.length == 8) {
        assertThat(fields[6]).matches("\\d+ (bytes|kB|MB|GB|TB)");
        fields[6] = "<size>";
      }
      out.append(String.join("|", fields)).append('\n');
    }
    return out.toString();
  }

  /** psql's output of {@code command} over the DDL scenario's catalog: RockLake's is PostgreSQL's, byte for byte. */
  private static void printsAsForPostgres(String command, ReplayedCatalogs catalogs) throws Exception {
    Pair p = catalogs.pair(IntrospectionQueries.DDL);
    Output expected = psql(p.postgres(), p.database(), command);
    Output actual = psql(p.rocklake(), p.database(), command);
    assertThat(expected.stdout() + expected.stderr()).isNotBlank();
    assertThat(actual.stderr()).isEqualTo(expected.stderr());
    assertThat(actual.stdout()).isEqualTo(expected.stdout());
    assertThat(actual.exitCode()).isEqualTo(expected.exitCode());
  }

  /**
   * psql's {@code \\l} of the database: owner, encoding, locale (a C-locale database: RockLake compares
   * text by code point), locale provider and privileges as PostgreSQL prints them. The name is not
   * compared: the catalog database calls itself {@code rocklake} whatever name a client connects with.
   */
  @org.junit.jupiter.api.Test
  void psqlListsTheDatabaseAsForPostgres(ReplayedCatalogs catalogs) throws Exception {
    Pair p = catalogs.pair(IntrospectionQueries.DDL);
    Output expected = psql(p.postgres(), p.database(), "\\l " + p.database());
    Output actual = psql(p.rocklake(), p.database(), "\\l rocklake");
    assertThat(expected.exitCode()).as("psql against PostgreSQL: %s", expected.stderr()).isZero();
    assertThat(expected.stdout()).startsWith(p.database() + "|");
    assertThat(actual.stderr()).isEqualTo(expected.stderr());
    assertThat(actual.stdout()).startsWith("rocklake|");
    assertThat(actual.stdout().substring("rocklake".length()))
        .isEqualTo(expected.stdout().substring(p.database().length()));
  }

  static Stream<String> scenarios() {
    return ReplayedCatalogs.SCENARIOS.stream();
  }

  record Output(int exitCode, String stdout, String stderr) {}

  /** psql -X -A -t -F '|' -c sql as user postgres: unaligned rows, fields split by '|'. */
  static Output psql(Endpoint server, String database, String sql) throws IOException, InterruptedException {
    Path psql = ThrowawayPostgres.binDir().resolve("psql");
    Path out = Files.createTempFile("psql-out-", ".txt");
    Path err = Files.createTempFile("psql-err-", ".txt");
    try {
      ProcessBuilder pb = new ProcessBuilder(psql.toString(), "-X", "-A", "-t", "-F", "|", "-v", "ON_ERROR_STOP=1",
          "-h", server.host(), "-p", String.valueOf(server.port()), "-U", "postgres", "-d", database, "-c", sql)
          .redirectOutput(out.toFile()).redirectError(err.toFile());
      pb.environment().put("PGCONNECT_TIMEOUT", "10");
      pb.environment().put("PGSSLMODE", "disable");
      Process process = pb.start();
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException("psql did not finish within 60 s: " + sql);
      }
      return new Output(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }
}
