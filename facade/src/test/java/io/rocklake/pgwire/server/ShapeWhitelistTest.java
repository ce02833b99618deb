package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.catalog.Catalog;
import io.rocklake.engine.ShapePolicy;
import io.rocklake.facade.CatalogQueryEngine;
import io.rocklake.engine.ShapeKey;
import io.rocklake.sql.fingerprint.Fingerprint;
import io.rocklake.sql.parser.SqlStatementParser;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A server started with a whitelist of write shapes (as production runs) refuses any other write
 * with 0A000 naming the shape's fingerprint hash and normalized SQL, and the refusal is an ordinary
 * statement error: the session keeps serving, and inside a transaction block it fails the block
 * (ReadyForQuery E) until ROLLBACK, like any PostgreSQL error.
 */
class ShapeWhitelistTest {
  private static final String ALLOWED = "INSERT INTO \"public\".ducklake_snapshot VALUES (7, NOW(), 0, 1, 0)";
  private static final String ALLOWED_OTHER_VALUES = "INSERT INTO \"public\".ducklake_snapshot VALUES (8, NOW(), 1, 2, 3)";
  private static final String UNKNOWN =
      "INSERT INTO \"public\".ducklake_metadata (key, value) VALUES ('fuzz', 'not on the list')";

  private Catalog catalog;
  private PgWireServer server;

  @BeforeEach
  void start() throws Exception {
    catalog = TestCatalogs.withDuckLakeTables(0);
    ShapePolicy policy = ShapePolicy.whitelist(Set.of(fingerprint(ALLOWED).hash()), false);
    server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), new CatalogQueryEngine(catalog, policy));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /** The statement's whitelist key, as the engine computes it. */
  private static Fingerprint fingerprint(String sql) throws Exception {
    return ShapeKey.of(new SqlStatementParser().parseStatement(sql));
  }

  private Connection connect(String mode) throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port()
        + "/rocklake?user=duck&preferQueryMode=" + mode);
  }

  private static long count(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void theSameShapeWithOtherValuesIsAcceptedAndAnotherShapeIsRefusedWithItsFingerprint() throws Exception {
    Fingerprint unknown = fingerprint(UNKNOWN);
    assertThat(fingerprint(ALLOWED_OTHER_VALUES).hash()).isEqualTo(fingerprint(ALLOWED).hash());
    try (Connection c = connect("simple"); Statement s = c.createStatement()) {
      assertThat(s.executeUpdate(ALLOWED_OTHER_VALUES)).isEqualTo(1);
      assertThatThrownBy(() -> s.executeUpdate(UNKNOWN)).isInstanceOfSatisfying(SQLException.class, e -> {
        assertThat(e.getSQLState()).isEqualTo("0A000");
        assertThat(e.getMessage()).contains(unknown.hash()).contains(unknown.normalizedSql());
      });
      try (ResultSet rs = s.executeQuery("SELECT 1")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getInt(1)).isEqualTo(1);
      }
      assertThat(count(s, "SELECT COUNT(*) FROM ducklake_metadata")).isZero();
      assertThat(count(s, "SELECT COUNT(*) FROM ducklake_snapshot")).isEqualTo(1);
    }
  }

  @Test
  void theExtendedProtocolRefusesTheShapeAtExecuteAndRecoversAtSync() throws Exception {
    Fingerprint unknown = fingerprint(UNKNOWN);
    try (Connection c = connect("extended")) {
      try (PreparedStatement p = c.prepareStatement(UNKNOWN)) {
        assertThatThrownBy(p::executeUpdate).isInstanceOfSatisfying(SQLException.class, e -> {
          assertThat(e.getSQLState()).isEqualTo("0A000");
          assertThat(e.getMessage()).contains(unknown.hash()).contains(unknown.normalizedSql());
        });
      }
      try (PreparedStatement p = c.prepareStatement("SELECT 1"); ResultSet rs = p.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getInt(1)).isEqualTo(1);
      }
    }
  }

  @Test
  void insideATransactionTheRefusalFailsTheBlockUntilRollback() throws Exception {
    Fingerprint unknown = fingerprint(UNKNOWN);
    try (WireClient w = WireClient.started(server.port(), 10_000)) {
      assertThat(exchange(w, "BEGIN")).isEqualTo(List.of("C:BEGIN", "Z:T").toString());
      assertThat(exchange(w, ALLOWED)).isEqualTo(List.of("C:INSERT 0 1", "Z:T").toString());
      w.query(UNKNOWN);
      List<WireClient.Message> refused = w.readUntilReady();
      assertThat(refused).hasSize(2);
      assertThat(refused.get(0).sqlState()).isEqualTo("0A000");
      assertThat(refused.get(0).fields().get('S')).isEqualTo("ERROR");
      assertThat(refused.get(0).text()).contains(unknown.hash()).contains(unknown.normalizedSql());
      assertThat(refused.get(1).status()).isEqualTo('E');

      w.query("SELECT 1");
      List<WireClient.Message> aborted = w.readUntilReady();
      assertThat(aborted.get(0).sqlState()).isEqualTo("25P02");
      assertThat(aborted.get(1).status()).isEqualTo('E');

      assertThat(exchange(w, "ROLLBACK")).isEqualTo(List.of("C:ROLLBACK", "Z:I").toString());
      assertThat(exchange(w, "SELECT 1")).isEqualTo(List.of("T", "C:SELECT 1", "Z:I").toString());
      assertThat(exchange(w, "SELECT COUNT(*) FROM ducklake_snapshot")).contains("C:SELECT 1", "Z:I");
    }
    try (Connection c = connect("simple"); Statement s = c.createStatement()) {
      assertThat(count(s, "SELECT COUNT(*) FROM ducklake_snapshot")).as("the rolled-back insert").isZero();
    }
  }

  @Test
  void aMultiStatementQueryStopsAtTheRefusedShape() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 10_000)) {
      w.query(ALLOWED + ";" + UNKNOWN + ";" + ALLOWED_OTHER_VALUES);
      List<WireClient.Message> ms = w.readUntilReady();
      assertThat(ms).extracting(WireClient.Message::type).containsExactly('C', 'E', 'Z');
      assertThat(ms.get(1).sqlState()).isEqualTo("0A000");
      assertThat(exchange(w, "SELECT 1")).isEqualTo(List.of("T", "C:SELECT 1", "Z:I").toString());
    }
  }

  /** Sends a simple query; renders the answer as type letters, with tags and statuses. */
  private static String exchange(WireClient w, String sql) throws Exception {
    w.query(sql);
    return w.readUntilReady().stream().map(m -> switch (m.type()) {
      case 'C' -> "C:" + new String(m.body(), 0, m.body().length - 1, java.nio.charset.StandardCharsets.UTF_8);
      case 'Z' -> "Z:" + m.status();
      case 'E' -> "E:" + m.sqlState();
      default -> String.valueOf(m.type());
    }).toList().toString();
  }
}
