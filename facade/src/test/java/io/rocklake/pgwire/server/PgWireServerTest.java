package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.catalog.Catalog;
import io.rocklake.facade.CatalogQueryEngine;
import java.io.DataInputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The wire server with real clients (pgjdbc in simple-query mode, psql): startup, catalog queries
 * through Calcite, transaction status, errors that leave the session usable, and malformed framing
 * that closes only the offending connection.
 */
class PgWireServerTest {
  private Catalog catalog;
  private PgWireServer server;

  @BeforeEach
  void start() throws Exception {
    catalog = TestCatalogs.withDuckLakeTables(3);
    server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), new CatalogQueryEngine(catalog, io.rocklake.engine.ShapePolicy.duckLake(false)));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private Connection connect() throws SQLException {
    return TestCatalogs.connect(server);
  }

  private static List<String> column(Statement s, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  @Test
  void pgjdbcConnectsAndQueriesTheCatalog() throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      assertThat(column(s, "SELECT 1")).containsExactly("1");
      assertThat(column(s, "SELECT snapshot_id FROM ducklake_snapshot WHERE snapshot_id >= 1 ORDER BY snapshot_id"))
          .containsExactly("1", "2");
      assertThat(column(s, "SELECT relname FROM pg_catalog.pg_class WHERE relname = 'ducklake_snapshot_pkey'"))
          .containsExactly("ducklake_snapshot_pkey");
      assertThat(c.getMetaData().getDatabaseProductVersion()).startsWith("15.0");
    }
  }

  @Test
  void anErrorLeavesTheSessionUsableAndAFailedTransactionNeedsRollback() throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      assertThatThrownBy(() -> column(s, "SELECT * FROM no_such_table")).isInstanceOf(SQLException.class)
          .hasMessageContaining("no_such_table");
      assertThat(column(s, "SELECT COUNT(*) FROM ducklake_snapshot")).containsExactly("3");
      c.setAutoCommit(false);
      assertThat(column(s, "SELECT COUNT(*) FROM ducklake_snapshot")).containsExactly("3");
      assertThatThrownBy(() -> column(s, "SELEC 1")).isInstanceOf(SQLException.class)
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("42601"));
      assertThatThrownBy(() -> column(s, "SELECT 1")).isInstanceOf(SQLException.class)
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("25P02"));
      c.rollback();
      assertThat(column(s, "SELECT 2")).containsExactly("2");
    }
  }

  @Test
  void anUnsupportedWriteIsRefusedWithItsShape() throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      assertThatThrownBy(() -> s.execute("DELETE FROM ducklake_snapshot WHERE snapshot_id IN (1, 2)"))
          .isInstanceOfSatisfying(SQLException.class, e -> {
            assertThat(e.getSQLState()).isEqualTo("0A000");
            assertThat(e.getMessage()).contains("DELETE").contains("IN (?)");
          });
      assertThat(column(s, "SELECT COUNT(*) FROM ducklake_snapshot")).containsExactly("3");
    }
  }

  @Test
  void malformedFramingClosesOnlyThatConnection() throws Exception {
    try (Connection healthy = connect(); Statement s = healthy.createStatement()) {
      assertThat(readFatal(new byte[] {0, 0, 0, 8, 0, 3, 0, 0}, new byte[] {'Q', 0, 0, 0, 2}))
          .contains("08P01");
      assertThat(readFatal(new byte[] {0, 0, 0, 8, 0, 3, 0, 0}, new byte[] {'Q', 0x7F, 0, 0, 0}))
          .contains("54000");
      assertThat(readFatal(new byte[] {0, 0, 0, 3})).contains("08P01");
      assertThat(column(s, "SELECT 3")).containsExactly("3");
    }
  }

  @Test
  void psqlRunsAQuery() throws Exception {
    Process p = new ProcessBuilder("psql", "-h", "127.0.0.1", "-p", String.valueOf(server.port()), "-U", "duck",
        "-d", "rocklake", "-X", "-A", "-t", "-c", "SELECT MAX(snapshot_id) FROM ducklake_snapshot")
        .redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    assertThat(p.waitFor()).as(output).isZero();
    assertThat(output).isEqualTo("2");
  }

  /** Sends a startup (if given as the first part) and then raw bytes; returns the error text received. */
  private String readFatal(byte[]... parts) throws Exception {
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      DataInputStream in = new DataInputStream(socket.getInputStream());
      if (parts.length > 1) {
        byte[] startup = startup();
        out.write(startup);
        out.flush();
        while (true) {
          int type = in.read();
          byte[] body = new byte[in.readInt() - 4];
          in.readFully(body);
          if (type == 'Z') {
            break;
          }
        }
      }
      out.write(parts[parts.length - 1]);
      out.flush();
      int type = in.read();
      assertThat((char) type).isEqualTo('E');
      byte[] body = new byte[in.readInt() - 4];
      in.readFully(body);
      assertThat(in.read()).as("the server closes the connection").isEqualTo(-1);
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  private static byte[] startup() {
    byte[] params = "user\0duck\0database\0rocklake\0\0".getBytes(StandardCharsets.UTF_8);
    return ByteBuffer.allocate(8 + params.length).putInt(8 + params.length).putInt(196608).put(params).array();
  }
}
