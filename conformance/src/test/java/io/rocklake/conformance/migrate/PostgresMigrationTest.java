package io.rocklake.conformance.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import io.rocklake.conformance.pg.ThrowawayPostgres;
import io.rocklake.conformance.replay.Endpoint;
import io.rocklake.conformance.replay.PostgresTarget;
import io.rocklake.conformance.replay.Replayer;
import io.rocklake.conformance.replay.ScenarioResult;
import io.rocklake.server.CatalogLocation;
import io.rocklake.server.RockLakeServer;
import io.rocklake.server.ServerConfig;
import io.rocklake.server.migrate.ExportCommand;
import io.rocklake.server.migrate.ImportCommand;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * {@code rocklake import} and {@code export} against the real thing: captured DuckDB sessions are
 * replayed into a throwaway PostgreSQL 15 (the catalog DuckDB built there), imported into a new
 * RockLake catalog, served by a RockLake server, and every catalog relation (every row, ordered) and
 * DuckDB's time-travel reads (each relation as it stood at every snapshot) are compared between the
 * two servers; then the RockLake catalog is exported into a second, empty database and that one is
 * compared with the first, definitions and rows, table by table.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresMigrationTest {
  private PostgresTarget postgres;
  private Endpoint pg;
  @TempDir Path temp;

  @BeforeAll
  void startPostgres() {
    postgres = new PostgresTarget(ThrowawayPostgres.Durability.RELAXED);
    pg = postgres.prepare("migration_scratch");
  }

  @AfterAll
  void stopPostgres() {
    if (postgres != null) {
      postgres.close();
    }
  }

  /** One command's exit code and what it printed. */
  record Run(int exit, String out, String err) {}

  static Run run(Object command, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(command);
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int exit = cl.execute(args);
    return new Run(exit, out.toString(), err.toString());
  }

  private String replay(String name) {
    Scenario scenario = Corpus.locate().scenario(name);
    pg = postgres.prepare(scenario.database());
    ScenarioResult result = new Replayer().replay(scenario, pg);
    assertThat(result.passed()).as("replay of " + name + " into PostgreSQL: "
        + result.divergence().map(d -> d.describe()).orElse("")).isTrue();
    return scenario.database();
  }

  private String url(String database) {
    return "postgresql://postgres@" + pg.host() + ":" + pg.port() + "/" + database;
  }

  static Connection connect(String host, int port, String database) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", "postgres");
    p.setProperty("sslmode", "disable");
    return DriverManager.getConnection("jdbc:postgresql://" + host + ":" + port + "/" + database, p);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"03_dml_timetravel", "04_inlining", "06_partition_addfiles", "08_types_views",
      "09_evolution_maintenance"})
  void importServesTheSameCatalogAndExportGivesItBack(String scenario) throws Exception {
    String database = replay(scenario);
    Path folder = temp.resolve(scenario);
    Run imported = run(new ImportCommand(Map.of()), "--from", url(database), "--catalog", folder.toString(),
        "--json", "--batch-rows", "100");
    assertThat(imported.exit()).as(imported.err()).isZero();
    assertThat(imported.out()).startsWith("{\"direction\":\"import\"").contains("\"table\":\"ducklake_snapshot\"");
    assertThat(imported.err()).contains("import: ducklake_data_file ");

    try (Connection expected = connect(pg.host(), pg.port(), database)) {
      List<String> tables = CatalogTables.names(expected);
      assertThat(tables).hasSizeGreaterThanOrEqualTo(28);
      if (scenario.equals("04_inlining") || scenario.equals("08_types_views")) {
        assertThat(tables).anyMatch(t -> t.startsWith("ducklake_inlined_data_") && !t.endsWith("_tables"));
      }
      long snapshots;
      try (RockLakeServer server = RockLakeServer.start(ServerConfig.local(CatalogLocation.parse(folder.toString()), 0));
          Connection actual = connect("127.0.0.1", server.port(), database)) {
        assertThat(CatalogTables.names(actual)).isEqualTo(tables);
        long rows = 0;
        for (String t : tables) {
          List<List<String>> want = CatalogTables.rows(expected, t, null);
          assertThat(CatalogTables.rows(actual, t, null)).as(t).isEqualTo(want);
          rows += want.size();
        }
        assertThat(rows).as("rows imported").isEqualTo(importedRows(imported.out()));
        snapshots = timeTravel(expected, actual, tables);
      }
      assertThat(snapshots).isGreaterThan(2);

      String copy = database + "_export";
      postgres.prepare(copy);
      Run exported = run(new ExportCommand(Map.of()), "--catalog", folder.toString(), "--to", url(copy));
      assertThat(exported.exit()).as(exported.err()).isZero();
      assertThat(exported.out()).contains("ducklake_snapshot").contains(" rows in ");
      try (Connection second = connect(pg.host(), pg.port(), copy)) {
        assertThat(CatalogTables.names(second)).isEqualTo(tables);
        assertThat(CatalogTables.definitions(second)).isEqualTo(CatalogTables.definitions(expected));
        for (String t : tables) {
          assertThat(CatalogTables.rows(second, t, null)).as(t).isEqualTo(CatalogTables.rows(expected, t, null));
        }
      }
    }
  }

  /** DuckDB's reads at every snapshot: the versioned relations filtered to what was live then. */
  private static long timeTravel(Connection expected, Connection actual, List<String> tables) throws SQLException {
    List<String> versioned = new ArrayList<>();
    for (String t : tables) {
      List<String> cols = CatalogTables.column(expected, "SELECT attname FROM pg_catalog.pg_attribute WHERE attrelid = '"
          + t + "'::regclass AND attname IN ('begin_snapshot', 'end_snapshot')");
      if (cols.size() == 2) {
        versioned.add(t);
      }
    }
    List<String> ids = CatalogTables.column(expected, "SELECT snapshot_id FROM ducklake_snapshot ORDER BY snapshot_id");
    for (String s : ids) {
      String live = "begin_snapshot <= " + s + " AND (end_snapshot IS NULL OR end_snapshot > " + s + ")";
      for (String t : versioned) {
        assertThat(CatalogTables.rows(actual, t, live)).as(t + " at snapshot " + s)
            .isEqualTo(CatalogTables.rows(expected, t, live));
      }
      String snapshotQuery = "SELECT snapshot_id, schema_version, next_catalog_id, next_file_id FROM ducklake_snapshot"
          + " WHERE snapshot_id = (SELECT MAX(snapshot_id) FROM ducklake_snapshot WHERE snapshot_id <= " + s + ")";
      assertThat(CatalogTables.query(actual, snapshotQuery)).isEqualTo(CatalogTables.query(expected, snapshotQuery));
      String files = "SELECT t.table_name, COUNT(f.data_file_id), SUM(f.record_count) FROM ducklake_table t"
          + " LEFT JOIN ducklake_data_file f ON f.table_id = t.table_id AND f.begin_snapshot <= " + s
          + " AND (f.end_snapshot IS NULL OR f.end_snapshot > " + s + ") WHERE t.begin_snapshot <= " + s
          + " AND (t.end_snapshot IS NULL OR t.end_snapshot > " + s + ") GROUP BY t.table_name ORDER BY t.table_name";
      assertThat(CatalogTables.query(actual, files)).as("live files at " + s)
          .isEqualTo(CatalogTables.query(expected, files));
    }
    return ids.size();
  }

  private static long importedRows(String json) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"total_rows\":(\\d+)").matcher(json);
    assertThat(m.find()).as(json).isTrue();
    return Long.parseLong(m.group(1));
  }

  @Test
  void importRefusesACatalogThatIsNotEmptyAndExportADatabaseThatIsNotEmpty() throws IOException {
    String database = replay("01_basic");
    Path folder = temp.resolve("refusal");
    assertThat(run(new ImportCommand(Map.of()), "--from", url(database), "--catalog", folder.toString()).exit())
        .isZero();
    Run again = run(new ImportCommand(Map.of()), "--from", url(database), "--catalog", folder.toString());
    assertThat(again.exit()).isEqualTo(1);
    assertThat(again.err()).contains("is not empty").contains("import only into a new catalog");
    assertThat(again.out()).isEmpty();

    Run export = run(new ExportCommand(Map.of()), "--catalog", folder.toString(), "--to", url(database));
    assertThat(export.exit()).isEqualTo(1);
    assertThat(export.err()).contains("schema \"public\"").contains("is not empty");
  }

  @Test
  void aBadUrlIsAUsageErrorAndAnUnreachableServerAFailure() throws IOException {
    Path folder = temp.resolve("bad-url");
    Run notPostgres = run(new ImportCommand(Map.of()), "--from", "mysql://u:secret@h/db", "--catalog",
        folder.toString());
    assertThat(notPostgres.exit()).isEqualTo(2);
    assertThat(notPostgres.err()).contains("not a PostgreSQL URL").doesNotContain("secret");
    Run noDatabase = run(new ImportCommand(Map.of()), "--from", "postgresql://u@127.0.0.1:5432", "--catalog",
        folder.toString());
    assertThat(noDatabase.exit()).isEqualTo(2);
    assertThat(noDatabase.err()).contains("names no database");
    Run missing = run(new ImportCommand(Map.of()), "--catalog", folder.toString());
    assertThat(missing.exit()).isEqualTo(2);
    assertThat(missing.err()).contains("--from");


    int closedPort;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      closedPort = s.getLocalPort();
    }
    Run unreachable = run(new ImportCommand(Map.of()), "--from", "postgresql://postgres@127.0.0.1:" + closedPort
        + "/db", "--catalog", folder.toString());
    assertThat(unreachable.exit()).isEqualTo(1);
    assertThat(unreachable.err()).contains("PostgreSQL").contains("127.0.0.1:" + closedPort);
    Run notDuckLake = run(new ImportCommand(Map.of()), "--from", url("migration_scratch"), "--catalog",
        temp.resolve("not-ducklake").toString());
    assertThat(notDuckLake.exit()).isEqualTo(1);
    assertThat(notDuckLake.err()).contains("holds no DuckLake catalog");
    assertThat(Files.exists(folder)).as("no catalog is created before PostgreSQL answered").isFalse();
    assertThat(Files.exists(temp.resolve("not-ducklake"))).as("nor for a database without DuckLake").isFalse();
  }
}
