package io.rocklake.conformance.lake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.arrowscan.PlanColumn;
import io.rocklake.avatica.AvaticaOptions;
import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import io.rocklake.conformance.replay.Replayer;
import io.rocklake.conformance.replay.RockLakeTarget;
import io.rocklake.pgwire.server.auth.AuthMethod;
import io.rocklake.server.LakeDatabase;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The lake database over the Avatica endpoint, with the stock Avatica remote driver: a replayed capture's
 * table read at the latest snapshot and at a pinned one, compared with DuckDB's exports.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LakeTablesOverAvaticaTest {
  private static final String TIME_TRAVEL = "03_dml_timetravel";
  private static final List<PlanColumn> T = List.of(new PlanColumn(0, "id", "int32", null),
      new PlanColumn(0, "v", "varchar", null));

  private final Corpus corpus = Corpus.locate();
  private final DuckDbExports duckdb = new DuckDbExports();
  private RockLakeTarget target;

  @BeforeAll
  void replay() {
    String data = corpus.dir().resolve("data").resolve(TIME_TRAVEL).toAbsolutePath().toString();
    target = RockLakeTarget.configured(c -> c.withLake(new LakeDatabase("lake", Optional.of(data)))
        .withAvatica(AvaticaOptions.defaults(new InetSocketAddress("127.0.0.1", 0), 10)));
    Scenario s = corpus.scenario(TIME_TRAVEL);
    assertThat(new Replayer().replay(s, target.prepare(s.database())).passed()).isTrue();
  }

  @AfterAll
  void close() {
    duckdb.close();
    target.close();
  }

  private Connection lake() throws SQLException {
    Properties p = new Properties();
    p.setProperty("database", "lake");
    return DriverManager.getConnection(target.server().avatica().jdbcUrl(AuthMethod.TRUST), p);
  }

  private static List<List<Object>> rows(Connection c, String sql) throws SQLException {
    List<List<Object>> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(List.of(BigInteger.valueOf(rs.getInt(1)), rs.getString(2)));
      }
    }
    return out;
  }

  @Test
  void aLakeTableReadsAsDuckDbExportedItAtTheLatestAndAtAPinnedSnapshot() throws Exception {
    try (Connection c = lake(); Statement s = c.createStatement()) {
      assertThat(rows(c, "SELECT id, v FROM t")).hasSize(1490)
          .containsExactlyInAnyOrderElementsOf(duckdb.rows(corpus.dir().resolve("expected").resolve(TIME_TRAVEL)
              .resolve("t.csv").toAbsolutePath(), T));
      s.execute("SET rocklake.snapshot_id = 2");
      assertThat(rows(c, "SELECT id, v FROM t")).hasSize(1000)
          .containsExactlyInAnyOrderElementsOf(duckdb.rows(corpus.dir().resolve("expected").resolve(TIME_TRAVEL)
              .resolve("t@v2.csv").toAbsolutePath(), T));
    }
  }

  @Test
  void theNavigatorSeesTheLakesTablesAndAWriteIs25006() throws Exception {
    try (Connection c = lake(); Statement s = c.createStatement()) {
      List<String> tables = new ArrayList<>();
      try (ResultSet rs = c.getMetaData().getTables(null, "main", "%", null)) {
        while (rs.next()) {
          tables.add(rs.getString("TABLE_NAME"));
        }
      }
      assertThat(tables).contains("t");
      assertThatThrownBy(() -> s.execute("DELETE FROM t")).isInstanceOfSatisfying(SQLException.class,
          e -> assertThat(e.getSQLState()).isEqualTo("25006"));
      assertThat(rows(c, "SELECT id, v FROM t WHERE id < 10")).isNotEmpty();
    }
  }

  /**
   * A DBeaver- or Superset-style metadata walk with the stock Avatica driver: catalogs, schemas, tables,
   * columns and types. What it lists is the lake's — DuckDB's {@code CREATE TABLE t (id INTEGER, v
   * VARCHAR)}: nullable columns, an integer of 10 digits (radix 10) and an unbounded varchar — and each
   * column is described as pgjdbc describes it over the PostgreSQL endpoint of the same server.
   */
  @Test
  void aBiToolsMetadataWalkOverAvaticaListsTheLakesTablesWithTheirTypesAndNullability() throws Exception {
    try (Connection c = lake();
        Connection pg = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + target.port() + "/lake",
            "analyst", "")) {
      java.sql.DatabaseMetaData md = c.getMetaData();
      assertThat(values(md.getCatalogs(), "TABLE_CAT")).containsExactly("lake");
      assertThat(values(md.getSchemas(), "TABLE_SCHEM")).contains("main", "ducklake_catalog", "pg_catalog");
      assertThat(values(md.getTables(null, "main", "%", new String[] {"TABLE"}), "TABLE_NAME")).containsExactly("t");
      List<String> avatica = columns(md.getColumns(null, "main", "t", "%"));
      assertThat(avatica).containsExactly(
          "id|" + java.sql.Types.INTEGER + "|int4|10|0|10|" + java.sql.DatabaseMetaData.columnNullable + "|YES|1",
          "v|" + java.sql.Types.VARCHAR + "|varchar|2147483647|0|10|" + java.sql.DatabaseMetaData.columnNullable
              + "|YES|2");
      assertThat(avatica).isEqualTo(columns(pg.getMetaData().getColumns(null, "main", "t", "%")));
      List<String> types = values(md.getTypeInfo(), "TYPE_NAME");
      assertThat(types).contains("int4", "int8", "varchar", "text", "bool", "numeric", "timestamp", "timestamptz",
          "date", "uuid", "bytea", "float8");
    }
  }

  /** Name, JDBC type, type name, size, digits, radix, nullability (both forms), position. */
  private static List<String> columns(ResultSet rs) throws SQLException {
    List<String> out = new ArrayList<>();
    try (rs) {
      while (rs.next()) {
        out.add(String.join("|", rs.getString("COLUMN_NAME"), rs.getString("DATA_TYPE"), rs.getString("TYPE_NAME"),
            rs.getString("COLUMN_SIZE"), String.valueOf(rs.getInt("DECIMAL_DIGITS")), rs.getString("NUM_PREC_RADIX"),
            rs.getString("NULLABLE"), rs.getString("IS_NULLABLE"), rs.getString("ORDINAL_POSITION")));
      }
    }
    return out;
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
