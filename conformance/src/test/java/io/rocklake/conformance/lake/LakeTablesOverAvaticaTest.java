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
}
