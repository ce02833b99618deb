package io.rocklake.pgwire.server;

import static io.rocklake.pgwire.server.WireClient.concat;
import static io.rocklake.pgwire.server.WireClient.render;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.catalog.Catalog;
import io.rocklake.facade.CatalogQueryEngine;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A well-framed message whose payload does not hold its type's fields is FATAL 08P01 naming the
 * message and the defect wherever the session reads it, and ignored where PostgreSQL does not read
 * it (after an extended-query error until Sync; copy messages outside a COPY).
 */
class MalformedMessagesTest {
  private static PgWireServer server;

  @BeforeAll
  static void start() throws Exception {
    Catalog catalog = TestCatalogs.withDuckLakeTables(0);
    server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), new CatalogQueryEngine(catalog));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static byte[] sync() {
    return WireClient.typed('S', new byte[0]);
  }

  private static byte[] parse(String sql) {
    return WireClient.typed('P', concat(new byte[] {0}, WireClient.cstring(sql), new byte[] {0, 0}));
  }

  /** The one FATAL answer, and nothing after it. */
  private static String fatal(WireClient w) throws Exception {
    WireClient.Message m = w.read();
    assertThat(m.type()).isEqualTo('E');
    assertThat(m.fields().get('S')).isEqualTo("FATAL");
    assertThatThrownBy(w::read).as("nothing after the FATAL").isInstanceOf(WireClient.ClosedException.class);
    return m.sqlState() + " " + m.fields().get('M');
  }

  @Test
  void aCloseOfAKindOtherThanStatementOrPortalIsFatal08P01() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 10_000)) {
      w.send(concat(WireClient.typed('C', concat(new byte[] {'X'}, WireClient.cstring("s1"))), sync()));
      assertThat(fatal(w)).isEqualTo("08P01 invalid CLOSE message subtype 88");
    }
  }

  @Test
  void aBindParameterLengthBelowMinusOneIsFatal08P01NotANull() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 10_000)) {
      byte[] bind = WireClient.typed('B', concat(new byte[] {0, 0}, ByteBuffer.allocate(10).putShort((short) 0)
          .putShort((short) 1).putInt(-5).putShort((short) 0).array()));
      w.send(concat(parse("SELECT $1"), bind, sync()));
      assertThat(w.read().type()).isEqualTo('1');
      assertThat(fatal(w)).isEqualTo("08P01 invalid Bind message: parameter 1 of 1 has length -5 (-1 is NULL)");
    }
  }

  @Test
  void bytesAfterAMessagesLastFieldAreFatal08P01() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 10_000)) {
      w.send(concat(WireClient.typed('E', new byte[] {0, 0, 0, 0, 0, 9}), sync()));
      assertThat(fatal(w)).isEqualTo("08P01 invalid Execute message: 1 bytes follow its last field");
    }
  }

  @Test
  void aTruncatedMessageIsFatal08P01NamingTheFieldItEndsIn() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 10_000)) {
      w.send(concat(WireClient.typed('P', concat(new byte[] {0}, WireClient.cstring("SELECT 1"), new byte[] {0})), sync()));
      assertThat(fatal(w)).isEqualTo("08P01 invalid Parse message: it ends inside its parameter type count");
    }
  }

  @Test
  void aMalformedMessageAfterAnExtendedErrorIsSkippedUntilSyncAsPostgresNeverReadsIt() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 10_000)) {
      w.send(concat(parse("SELEC 1"), WireClient.typed('E', new byte[] {0, 0}), sync()));
      assertThat(render(w.readUntilReady())).isEqualTo("E42601 ZI");
      w.query("SELECT 1");
      assertThat(render(w.readUntilReady())).isEqualTo("T C ZI");
    }
  }

  @Test
  void aMalformedCopyFailOutsideACopyIsIgnoredAsPostgresNeverReadsIt() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 10_000)) {
      w.send(concat(WireClient.typed('f', new byte[] {'n', 'o'}), sync()));
      assertThat(render(w.readUntilReady())).isEqualTo("ZI");
    }
  }

  @Test
  void aMalformedCopyFailDuringCopyFromStdinIsFatal08P01() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 10_000)) {
      w.query("COPY \"public\".\"ducklake_metadata\" (\"key\", \"value\") FROM STDIN (FORMAT TEXT)");
      assertThat(w.read().type()).isEqualTo('G');
      w.send(WireClient.typed('f', new byte[] {'n', 'o'}));
      assertThat(fatal(w)).isEqualTo("08P01 invalid CopyFail message: its reason is not NUL-terminated");
    }
  }
}
