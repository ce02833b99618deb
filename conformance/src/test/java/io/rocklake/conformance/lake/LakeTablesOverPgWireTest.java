package io.rocklake.conformance.lake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.arrowscan.DuckDb;
import io.rocklake.arrowscan.PlanColumn;
import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import io.rocklake.conformance.replay.Replayer;
import io.rocklake.conformance.replay.RockLakeTarget;
import io.rocklake.conformance.replay.ScenarioResult;
import io.rocklake.server.LakeDatabase;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The lake database on the PostgreSQL wire, as pgjdbc meets it: a captured DuckDB session replayed
 * into a fresh RockLake server whose lake database reads the corpus' copy of the lake's files, and
 * every answer compared with DuckDB's own — its export of the table at the snapshot, or DuckDB's
 * answer to the same question over that export.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LakeTablesOverPgWireTest {
  private static final String BASIC = "01_basic";
  private static final String TIME_TRAVEL = "03_dml_timetravel";
  private static final List<PlanColumn> EVENTS = List.of(column("id", "int64"), column("name", "varchar"),
      column("ts", "timestamp"));
  private static final List<PlanColumn> T = List.of(column("id", "int32"), column("v", "varchar"));
  private static final String TYPES = "08_types_views";
  /** The type matrix's columns arrow-scan reads, with their DuckLake types. */
  private static final List<PlanColumn> TY = List.of(column("k", "int32"), column("t8", "int8"), column("t16", "int16"),
      column("t64", "int64"), column("ut", "uint8"), column("us", "uint16"), column("ui", "uint32"),
      column("ub", "uint64"), column("r", "float32"), column("dbl", "float64"), column("d5", "decimal(5,2)"),
      column("d15", "decimal(15,4)"), column("d30", "decimal(30,5)"), column("bo", "boolean"), column("v", "varchar"),
      column("bl", "blob"), column("da", "date"), column("tsp", "timestamp"), column("tz", "timestamptz"),
      column("uu", "uuid"), column("ts_s", "timestamp"));

  private final Corpus corpus = Corpus.locate();
  private final DuckDbExports duckdb = new DuckDbExports();
  private final Map<String, RockLakeTarget> servers = new HashMap<>();

  private static PlanColumn column(String name, String type) {
    return new PlanColumn(0, name, type, null);
  }

  @AfterAll
  void close() {
    duckdb.close();
    servers.values().forEach(RockLakeTarget::close);
  }

  /** A pgjdbc connection to the lake database of a server that replayed the scenario. */
  private Connection lake(String scenario) throws SQLException {
    RockLakeTarget target = servers.computeIfAbsent(scenario, name -> {
      String data = corpus.dir().resolve("data").resolve(name).toAbsolutePath().toString();
      RockLakeTarget t = RockLakeTarget.configured(c -> c.withLake(new LakeDatabase("lake", Optional.of(data))));
      Scenario s = corpus.scenario(name);
      ScenarioResult result = new Replayer().replay(s, t.prepare(s.database()));
      assertThat(result.passed()).as("replay of %s", name).isTrue();
      return t;
    });
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + target.port() + "/lake", "analyst", "");
  }

  private Path export(String scenario, String file) {
    return corpus.dir().resolve("expected").resolve(scenario).resolve(file).toAbsolutePath();
  }

  /** Every row of a query, each value in DuckDb's canonical form for the column's DuckLake type. */
  private static List<List<Object>> rows(Connection c, String sql, List<PlanColumn> columns) throws SQLException {
    List<List<Object>> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      assertThat(rs.getMetaData().getColumnCount()).isEqualTo(columns.size());
      while (rs.next()) {
        List<Object> row = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
          row.add(canonical(rs, i + 1, columns.get(i).columnType()));
        }
        out.add(row);
      }
    }
    return out;
  }

  private static Object canonical(ResultSet rs, int i, String lakeType) throws SQLException {
    if (rs.getObject(i) == null) {
      return null;
    }
    switch (lakeType) {
      case "date":
        return BigInteger.valueOf(rs.getObject(i, LocalDate.class).toEpochDay());
      case "timestamp":
        return BigInteger.valueOf(ChronoUnit.MICROS.between(LocalDateTime.of(1970, 1, 1, 0, 0),
            rs.getObject(i, LocalDateTime.class)));
      case "timestamptz":
        return BigInteger.valueOf(ChronoUnit.MICROS.between(OffsetDateTime.of(1970, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC),
            rs.getObject(i, OffsetDateTime.class)));
      case "blob":
        return DuckDb.canonical(rs.getBytes(i));
      case "uuid":
        return rs.getString(i);
      default:
        Object o = rs.getObject(i);
        if (lakeType.matches("u?int\\d+") && o instanceof BigDecimal d) {
          return d.toBigIntegerExact();
        }
        return DuckDb.canonical(o);
    }
  }

  // ---- the catalog's relations, read-only in schema ducklake_catalog

  /** The key DuckDB recorded for 07_readonly_encrypted's one data file (its INSERT INTO ducklake_data_file in the capture). */
  private static final String CAPTURED_KEY = "XGakwRsOVrHqqhAimvbO/g==";

  @Test
  void theLakeDatabaseShowsTheCatalogsFilesWithEveryEncryptionKeyNullAndTheCatalogDatabaseKeepsThem()
      throws SQLException {
    String encrypted = "07_readonly_encrypted";
    try (Connection c = lake(encrypted); Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT data_file_id, path, encryption_key FROM ducklake_catalog.ducklake_data_file")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getLong(1)).isZero();
        assertThat(rs.getString(2)).isEqualTo("ducklake-01a227ce-b406-7b81-85cd-a447c1dc514d.parquet");
        assertThat(rs.getString(3)).isNull();
        assertThat(rs.next()).isFalse();
      }
      // A filter on the key sees what the reader sees: NULL, never the key itself.
      try (ResultSet rs = s.executeQuery("SELECT count(*) FROM ducklake_catalog.ducklake_data_file"
          + " WHERE encryption_key IS NULL AND data_file_id = 0")) {
        rs.next();
        assertThat(rs.getLong(1)).isEqualTo(1);
      }
      try (ResultSet rs = s.executeQuery("SELECT count(*) FROM ducklake_catalog.ducklake_data_file"
          + " WHERE encryption_key = '" + CAPTURED_KEY + "'")) {
        rs.next();
        assertThat(rs.getLong(1)).isZero();
      }
      try (ResultSet rs = s.executeQuery("SELECT count(*) FROM ducklake_catalog.ducklake_delete_file"
          + " WHERE encryption_key IS NOT NULL")) {
        rs.next();
        assertThat(rs.getLong(1)).isZero();
      }
    }
    RockLakeTarget target = servers.get(encrypted);
    String catalogDb = corpus.scenario(encrypted).database();
    try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + target.port() + "/" + catalogDb,
        "analyst", ""); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT encryption_key FROM ducklake_data_file WHERE data_file_id = 0")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1)).isEqualTo(CAPTURED_KEY);
    }
  }

  // ---- reading a table: every row, as DuckDB exported it

  @Test
  void aTableAtTheLatestSnapshotHasExactlyTheRowsDuckDbExported() throws SQLException {
    try (Connection c = lake(BASIC)) {
      assertThat(rows(c, "SELECT * FROM events", EVENTS))
          .hasSize(1999).containsExactlyInAnyOrderElementsOf(duckdb.rows(export(BASIC, "events.csv"), EVENTS));
    }
  }

  @Test
  void aQualifiedTableWithAProjectionAndAFilterAnswersAsDuckDbDoes() throws SQLException {
    List<PlanColumn> nameAndId = List.of(column("name", "varchar"), column("id", "int64"));
    try (Connection c = lake(BASIC)) {
      assertThat(rows(c, "SELECT name, id FROM main.events WHERE id BETWEEN 10 AND 500 AND name LIKE 'bulk-1%'",
          nameAndId)).containsExactlyInAnyOrderElementsOf(duckdb.answer(export(BASIC, "events.csv"),
              "SELECT name, CAST(id AS BIGINT) FROM export WHERE CAST(id AS BIGINT) BETWEEN 10 AND 500 AND name LIKE 'bulk-1%'"));
    }
  }

  @Test
  void aggregatesOrderByAndLimitOverALakeTableAnswerAsDuckDbDoes() throws SQLException {
    List<PlanColumn> grouped = List.of(column("day", "date"), column("n", "int64"), column("top", "int64"));
    try (Connection c = lake(BASIC)) {
      assertThat(rows(c, "SELECT CAST(ts AS DATE) AS day, count(*) AS n, max(id) AS top FROM events"
          + " GROUP BY CAST(ts AS DATE) ORDER BY day LIMIT 2", grouped))
          .containsExactlyElementsOf(duckdb.answer(export(BASIC, "events.csv"),
              "SELECT CAST(date_diff('day', DATE '1970-01-01', CAST(CAST(ts AS TIMESTAMP) AS DATE)) AS BIGINT),"
                  + " count(*), max(CAST(id AS BIGINT)) FROM export GROUP BY 1 ORDER BY 1 LIMIT 2"));
    }
  }

  @Test
  void aLakeTableJoinsTheCatalogsOwnRelationsBesideIt() throws SQLException {
    try (Connection c = lake(BASIC); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT t.table_name, count(*) FROM events e"
            + " JOIN ducklake_catalog.ducklake_table t ON t.table_name = 'events' GROUP BY t.table_name")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1)).isEqualTo("events");
      assertThat(rs.getLong(2)).isEqualTo(1999);
    }
  }

  @Test
  void everyReadTypeReachesTheClientExactlyUnsignedWholeAndTimestampsToTheMicrosecond() throws SQLException {
    String columns = String.join(", ", TY.stream().map(PlanColumn::name).toList());
    try (Connection c = lake(TYPES)) {
      List<List<Object>> expected = duckdb.rows(export(TYPES, "ty.parquet"), TY);
      assertThat(expected).anySatisfy(row -> assertThat(row.get(17)).isEqualTo(
          BigInteger.valueOf(ChronoUnit.MICROS.between(LocalDateTime.of(1970, 1, 1, 0, 0),
              LocalDateTime.of(2024, 2, 29, 12, 34, 56, 789_012_000)))));
      assertThat(rows(c, "SELECT " + columns + " FROM ty", TY)).hasSize(53).containsExactlyInAnyOrderElementsOf(expected);
    }
  }

  /** The same through plans Calcite runs: a sort, MIN and MAX, filters on literals, a join on a timestamp. */
  @Test
  void plansCalciteRunsKeepEveryTimestampsMicroseconds() throws SQLException {
    String columns = String.join(", ", TY.stream().map(PlanColumn::name).toList());
    Path ty = export(TYPES, "ty.parquet");
    List<PlanColumn> keys = List.of(column("k", "int32"));
    try (Connection c = lake(TYPES)) {
      assertThat(rows(c, "SELECT " + columns + " FROM ty ORDER BY k", TY)).hasSize(53)
          .containsExactlyInAnyOrderElementsOf(duckdb.rows(ty, TY));
      assertThat(rows(c, "SELECT min(tsp), max(tsp), max(tz) FROM ty",
          List.of(column("lo", "timestamp"), column("hi", "timestamp"), column("z", "timestamptz"))))
          .containsExactlyElementsOf(duckdb.answer(ty, "SELECT " + DuckDb.canonicalExpression("min(tsp)", "timestamp")
              + ", " + DuckDb.canonicalExpression("max(tsp)", "timestamp") + ", "
              + DuckDb.canonicalExpression("max(tz)", "timestamptz") + " FROM export"));
      for (String literal : List.of("'2024-02-29 12:34:56.789012'", "'2024-02-29 12:34:56.789'")) {
        String where = " WHERE tsp = TIMESTAMP " + literal + " ORDER BY k";
        assertThat(rows(c, "SELECT k FROM ty" + where, keys)).as(literal)
            .containsExactlyElementsOf(duckdb.answer(ty, "SELECT k FROM export" + where));
      }
      assertThat(rows(c, "SELECT k FROM ty WHERE tsp = TIMESTAMP '2024-02-29 12:34:56.789012' ORDER BY k", keys))
          .isNotEmpty();
      // Printed: a timestamp without an offset, as DuckDB prints it; a timestamptz at UTC.
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT CAST(tsp AS VARCHAR), CAST(tz AS VARCHAR)"
          + " FROM ty WHERE tsp = TIMESTAMP '2024-02-29 12:34:56.789012' ORDER BY k")) {
        List<List<Object>> printed = duckdb.answer(ty, "SELECT CAST(tsp AS VARCHAR) FROM export"
            + " WHERE tsp = TIMESTAMP '2024-02-29 12:34:56.789012' ORDER BY k");
        assertThat(printed).isNotEmpty();
        for (List<Object> expected : printed) {
          assertThat(rs.next()).isTrue();
          assertThat(rs.getString(1)).isEqualTo(expected.get(0)).isEqualTo("2024-02-29 12:34:56.789012");
          assertThat(rs.getString(2)).matches(v -> v == null || v.endsWith("+00"), "a timestamptz at UTC");
        }
        assertThat(rs.next()).isFalse();
      }
      String joined = " FROM ty a JOIN ty b ON a.tz = b.tz AND a.tsp = b.tsp ORDER BY a.k";
      assertThat(rows(c, "SELECT a.k" + joined, keys))
          .containsExactlyElementsOf(duckdb.answer(ty, "SELECT a.k FROM export a JOIN export b ON a.tz = b.tz AND a.tsp = b.tsp ORDER BY a.k"));
    }
  }

  @Test
  void int128TimeAndIntervalReachTheClientAsDuckDbReadsThem() throws SQLException {
    try (Connection c = lake(TYPES); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT hi, ti, iv FROM ty WHERE k = 1")) {
      assertThat(rs.next()).isTrue();
      // DuckDB stores HUGEINT in Parquet as a DOUBLE: -9223372036854775809 reads back as -2^63.
      assertThat(rs.getBigDecimal(1)).isEqualByComparingTo(new BigDecimal(duckdb.answer(export(TYPES, "ty.parquet"),
          "SELECT CAST(CAST(hi AS HUGEINT) AS VARCHAR) FROM export WHERE k = 1").get(0).get(0).toString()));
      assertThat(rs.getString(2)).isEqualTo("12:34:56.789");
      // Parquet's INTERVAL keeps milliseconds: DuckDB reads 04:05:06.007 back exactly; PostgreSQL's text of it.
      assertThat(rs.getString(3)).isEqualTo("1 year 2 mons 3 days 04:05:06.007");
    }
  }

  @Test
  void pgjdbcDescribesEachPresentedType() throws SQLException {
    try (Connection c = lake(TYPES); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT t8, ut, us, ui, ub, d30, tsp, tz, uu, bl FROM ty LIMIT 1")) {
      java.sql.ResultSetMetaData md = rs.getMetaData();
      List<String> types = new ArrayList<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        types.add(md.getColumnTypeName(i) + (md.getColumnTypeName(i).equals("numeric")
            ? "(" + md.getPrecision(i) + "," + md.getScale(i) + ")" : ""));
      }
      assertThat(types).containsExactly("int2", "int2", "int4", "int8", "numeric(20,0)", "numeric(30,5)", "timestamp",
          "timestamptz", "uuid", "bytea");
    }
  }

  @Test
  void nestedColumnsReachTheClientAsTextExactlyAsDuckDbPrintsThem() throws SQLException {
    List<List<Object>> expected = duckdb.answer(export(TYPES, "ty.parquet"),
        "SELECT k, CAST(li AS VARCHAR), CAST(sr AS VARCHAR), CAST(mp AS VARCHAR) FROM export ORDER BY k");
    assertThat(expected).hasSize(53).anySatisfy(row -> assertThat(row).containsExactly(BigInteger.ONE, "[1, 2, NULL]",
        "{'p': 1, 'q': [a, NULL]}", "{1=one, 2=NULL}"));
    try (Connection c = lake(TYPES)) {
      // A direct scan, then a plan Calcite runs (ORDER BY): the same text either way.
      assertThat(textRows(c, "SELECT k, li, sr, mp FROM ty")).containsExactlyInAnyOrderElementsOf(expected);
      assertThat(textRows(c, "SELECT k, li, sr, mp FROM ty ORDER BY k")).containsExactlyElementsOf(expected);
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT li, sr, mp FROM ty LIMIT 1")) {
        java.sql.ResultSetMetaData md = rs.getMetaData();
        assertThat(List.of(md.getColumnTypeName(1), md.getColumnTypeName(2), md.getColumnTypeName(3)))
            .containsExactly("text", "text", "text");
      }
    }
  }

  /** The rows of {@code k} (as an integer) and text columns. */
  private static List<List<Object>> textRows(Connection c, String sql) throws SQLException {
    List<List<Object>> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        List<Object> row = new ArrayList<>();
        row.add(BigInteger.valueOf(rs.getLong(1)));
        for (int i = 2; i <= rs.getMetaData().getColumnCount(); i++) {
          row.add(rs.getString(i));
        }
        out.add(row);
      }
    }
    return out;
  }

  @Test
  void aPortalReadInFetchSizedPortionsGetsEveryRowOnce() throws SQLException {
    try (Connection c = lake(BASIC)) {
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        s.setFetchSize(100);
        List<List<Object>> read = new ArrayList<>();
        try (ResultSet rs = s.executeQuery("SELECT * FROM events WHERE id >= 2")) {
          while (rs.next()) {
            read.add(List.of(canonical(rs, 1, "int64"), canonical(rs, 2, "varchar"), canonical(rs, 3, "timestamp")));
          }
        }
        assertThat(read).hasSize(1998).containsExactlyInAnyOrderElementsOf(duckdb.answer(export(BASIC, "events.csv"),
            "SELECT CAST(id AS BIGINT), name, epoch_us(CAST(ts AS TIMESTAMP)) FROM export WHERE CAST(id AS BIGINT) >= 2"));
      }
      c.commit();
    }
  }

  // ---- time travel: the latest by default, a session setting, a per-table name

  @Test
  void theSessionSettingPinsEveryTableToASnapshot() throws SQLException {
    try (Connection c = lake(TIME_TRAVEL); Statement s = c.createStatement()) {
      assertThat(rows(c, "SELECT * FROM t", T)).hasSize(1490)
          .containsExactlyInAnyOrderElementsOf(duckdb.rows(export(TIME_TRAVEL, "t.csv"), T));
      s.execute("SET rocklake.snapshot_id = 2");
      assertThat(rows(c, "SELECT * FROM t", T)).hasSize(1000)
          .containsExactlyInAnyOrderElementsOf(duckdb.rows(export(TIME_TRAVEL, "t@v2.csv"), T));
      s.execute("RESET rocklake.snapshot_id");
      assertThat(rows(c, "SELECT * FROM t", T)).hasSize(1490);
    }
  }

  @Test
  void aTableNamedWithAtSnapshotIsReadAtThatSnapshotBesideTheLatest() throws SQLException {
    try (Connection c = lake(TIME_TRAVEL)) {
      assertThat(rows(c, "SELECT * FROM \"t@2\"", T))
          .containsExactlyInAnyOrderElementsOf(duckdb.rows(export(TIME_TRAVEL, "t@v2.csv"), T));
      List<PlanColumn> counts = List.of(column("at2", "int64"), column("latest", "int64"));
      assertThat(rows(c, "SELECT (SELECT count(*) FROM main.\"t@2\") AS at2, (SELECT count(*) FROM t) AS latest", counts))
          .containsExactly(List.of(BigInteger.valueOf(1000), BigInteger.valueOf(1490)));
    }
  }

  // ---- bad input: precise errors, and the session goes on

  @Test
  void aSnapshotTheLakeDoesNotHaveIs22023AndTheSessionGoesOn() throws SQLException {
    try (Connection c = lake(TIME_TRAVEL); Statement s = c.createStatement()) {
      s.execute("SET rocklake.snapshot_id = 99");
      assertThatThrownBy(() -> s.executeQuery("SELECT count(*) FROM t")).isInstanceOfSatisfying(SQLException.class,
          e -> assertThat(e.getSQLState()).isEqualTo("22023"))
          .hasMessageContaining("DuckLake snapshot 99 does not exist");
      assertThatThrownBy(() -> s.execute("SET rocklake.snapshot_id = 'yesterday'"))
          .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("22023"))
          .hasMessageContaining("invalid value for parameter \"rocklake.snapshot_id\": \"yesterday\"");
      s.execute("SET rocklake.snapshot_id = 6");
      assertThat(rows(c, "SELECT * FROM t", T)).hasSize(1490);
    }
  }

  @Test
  void aSnapshotBetweenTwoDeletionsMergedIntoOneDeleteFileReadsAsDuckDbExportedIt() throws SQLException {
    try (Connection c = lake(TIME_TRAVEL)) {
      assertThat(rows(c, "SELECT * FROM \"t@4\"", T)).hasSize(1500)
          .containsExactlyInAnyOrderElementsOf(duckdb.rows(export(TIME_TRAVEL, "t@v4.csv"), T));
    }
  }

  @Test
  void aTableThePlanCannotExpressIsRefusedWhole() throws SQLException {
    try (Connection c = lake("07_readonly_encrypted"); Statement s = c.createStatement()) {
      assertThatThrownBy(() -> s.executeQuery("SELECT * FROM secret")).isInstanceOfSatisfying(SQLException.class,
          e -> assertThat(e.getSQLState()).isEqualTo("0A000"))
          .hasMessageContaining("DuckLake table \"main.secret\"").hasMessageContaining("is encrypted");
      try (ResultSet rs = s.executeQuery("SELECT 1")) {
        assertThat(rs.next()).isTrue();
      }
    }
  }

  @Test
  void writesAreRefusedWith25006SayingDuckDbWritesTheLake() throws SQLException {
    try (Connection c = lake(TIME_TRAVEL); Statement s = c.createStatement()) {
      for (String write : List.of("INSERT INTO t VALUES (1, 'x')", "DELETE FROM t",
          "CREATE TABLE u (a INTEGER)", "DROP TABLE t")) {
        assertThatThrownBy(() -> s.execute(write)).as(write).isInstanceOfSatisfying(SQLException.class,
            e -> assertThat(e.getSQLState()).isEqualTo("25006"))
            .hasMessageContaining("database \"lake\" is read-only").hasMessageContaining("DuckDB writes the lake");
      }
      assertThat(rows(c, "SELECT * FROM t", T)).hasSize(1490);
    }
  }

  @Test
  void anUnknownTableIs42P01() throws SQLException {
    try (Connection c = lake(TIME_TRAVEL); Statement s = c.createStatement()) {
      assertThatThrownBy(() -> s.executeQuery("SELECT * FROM nope")).isInstanceOfSatisfying(SQLException.class,
          e -> assertThat(e.getSQLState()).isEqualTo("42P01"));
    }
  }

  // ---- describing the lake: what pgjdbc's DatabaseMetaData, and so DBeaver and Spark, see

  @Test
  void pgjdbcMetadataListsTheLakesTablesAndColumnTypes() throws SQLException {
    try (Connection c = lake(BASIC)) {
      DatabaseMetaData md = c.getMetaData();
      List<String> tables = new ArrayList<>();
      try (ResultSet rs = md.getTables(null, "main", "%", new String[] {"TABLE"})) {
        while (rs.next()) {
          tables.add(rs.getString("TABLE_SCHEM") + "." + rs.getString("TABLE_NAME"));
        }
      }
      assertThat(tables).containsExactly("main.events");
      List<String> columns = new ArrayList<>();
      try (ResultSet rs = md.getColumns(null, "main", "events", "%")) {
        while (rs.next()) {
          columns.add(rs.getString("COLUMN_NAME") + " " + rs.getString("TYPE_NAME") + " " + rs.getInt("DATA_TYPE"));
        }
      }
      assertThat(columns).containsExactly("id int8 " + java.sql.Types.BIGINT, "name varchar " + java.sql.Types.VARCHAR,
          "ts timestamp " + java.sql.Types.TIMESTAMP);
    }
  }

  /**
   * The calls a BI tool's navigator makes on connect and on opening a table through pgjdbc: each
   * answers, and what it lists is the lake's. A lake table has no keys and no indexes: those calls
   * answer no rows, with the columns JDBC's DatabaseMetaData specifies for each.
   */
  @Test
  void aBiToolsMetadataWalkOverPgjdbcAnswersEveryCall() throws SQLException {
    try (Connection c = lake(TIME_TRAVEL)) {
      DatabaseMetaData md = c.getMetaData();
      assertThat(md.getDatabaseProductName()).isEqualTo("PostgreSQL");
      assertThat(values(md.getCatalogs(), "TABLE_CAT")).contains("lake");
      assertThat(values(md.getSchemas(), "TABLE_SCHEM")).contains("main", "ducklake_catalog");
      assertThat(values(md.getTableTypes(), "TABLE_TYPE")).contains("TABLE");
      assertThat(values(md.getTables(null, null, "%", new String[] {"TABLE"}), "TABLE_NAME"))
          .contains("t", "ducklake_snapshot");
      assertThat(values(md.getColumns(null, "main", "t", null), "COLUMN_NAME")).containsExactly("id", "v");
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT * FROM t LIMIT 200")) {
        int n = 0;
        while (rs.next()) {
          n++;
        }
        assertThat(n).isEqualTo(200);
      }
      assertNoRows(md.getPrimaryKeys(null, "main", "t"), "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME",
          "KEY_SEQ", "PK_NAME");
      // Of every schema's, only the catalog's relations beside the lake and PostgreSQL's own have keys.
      assertThat(values(md.getPrimaryKeys(null, null, null), "TABLE_SCHEM"))
          .contains("ducklake_catalog", "pg_catalog").containsOnly("ducklake_catalog", "pg_catalog");
      assertThat(values(md.getPrimaryKeys(null, "ducklake_catalog", "ducklake_snapshot"), "COLUMN_NAME"))
          .containsExactly("snapshot_id");
      assertNoRows(md.getPrimaryKeys(null, "main", null), "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME",
          "KEY_SEQ", "PK_NAME");
      String[] keyColumns = {"PKTABLE_CAT", "PKTABLE_SCHEM", "PKTABLE_NAME", "PKCOLUMN_NAME", "FKTABLE_CAT",
          "FKTABLE_SCHEM", "FKTABLE_NAME", "FKCOLUMN_NAME", "KEY_SEQ", "UPDATE_RULE", "DELETE_RULE", "FK_NAME",
          "PK_NAME", "DEFERRABILITY"};
      assertNoRows(md.getImportedKeys(null, "main", "t"), keyColumns);
      assertNoRows(md.getExportedKeys(null, "main", "t"), keyColumns);
      assertNoRows(md.getIndexInfo(null, "main", "t", false, true), "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME",
          "NON_UNIQUE", "INDEX_QUALIFIER", "INDEX_NAME", "TYPE", "ORDINAL_POSITION", "COLUMN_NAME", "ASC_OR_DESC",
          "CARDINALITY", "PAGES", "FILTER_CONDITION", "REMARKS");
      // No key, so no best row identifier; the version column is pgjdbc's own constant, ctid.
      assertNoRows(md.getBestRowIdentifier(null, "main", "t", DatabaseMetaData.bestRowSession, true), "SCOPE",
          "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME", "COLUMN_SIZE", "BUFFER_LENGTH", "DECIMAL_DIGITS", "PSEUDO_COLUMN");
      assertThat(values(md.getTypeInfo(), "TYPE_NAME")).contains("int4", "int8", "varchar", "text", "bool",
          "timestamp", "timestamptz", "numeric", "date", "uuid", "bytea", "float8");
    }
  }

  /** The result has exactly these columns, in order, and no rows. */
  private static void assertNoRows(ResultSet rs, String... columns) throws SQLException {
    try (rs) {
      java.sql.ResultSetMetaData md = rs.getMetaData();
      List<String> labels = new ArrayList<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        labels.add(md.getColumnLabel(i));
      }
      assertThat(labels).containsExactly(columns);
      assertThat(rs.next()).isFalse();
    }
  }

  private static List<String> values(ResultSet rs, String column) throws SQLException {
    List<String> out = new ArrayList<>();
    try (rs) {
      while (rs.next()) {
        out.add(rs.getString(column));
      }
    }
    return out;
  }
}
