package io.rocklake.pgwire.server;

import static io.rocklake.pgwire.server.WireClient.concat;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.facade.CatalogQueryEngine;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Text that is not UTF-8 is refused wherever it enters, as PostgreSQL 15 refuses it: ERROR 22021
 * with PostgreSQL's message naming the bytes, nothing stored, and the session goes on. Every
 * expected message below is what a PostgreSQL 15 server answered to the same bytes.
 */
class InvalidUtf8Test {
  private static PgWireServer server;

  @BeforeAll
  static void start() throws Exception {
    server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0),
        new CatalogQueryEngine(TestCatalogs.withDuckLakeTables(0)));
    try (WireClient w = WireClient.started(server.port(), 30_000)) {
      assertThat(answer(w, bytes("CREATE TABLE notes (id BIGINT, body VARCHAR)"))).isEqualTo("C ZI");
    }
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static byte[] bytes(String ascii, int... tail) {
    byte[] a = ascii.getBytes(StandardCharsets.UTF_8);
    byte[] b = java.util.Arrays.copyOf(a, a.length + tail.length);
    for (int i = 0; i < tail.length; i++) {
      b[a.length + i] = (byte) tail[i];
    }
    return b;
  }

  private static byte[] nul(byte[] s) {
    return concat(s, new byte[] {0});
  }

  /** One simple query's answer: message types, with SQLSTATE and message after each 'E'. */
  private static String answer(WireClient w, byte[] sql) throws Exception {
    w.sendTyped('Q', nul(sql));
    return render(w.readUntilReady());
  }

  private static String render(List<WireClient.Message> ms) {
    return ms.stream().map(m -> m.type() == 'E' ? "E" + m.sqlState() + " " + m.text()
        : m.type() == 'Z' ? "Z" + m.status() : String.valueOf(m.type())).collect(Collectors.joining(" | "))
        .replace(" | ", " ").trim();
  }

  private static String bodies(WireClient w) throws Exception {
    w.query("SELECT body FROM notes ORDER BY id");
    return w.readUntilReady(true).stream().filter(m -> m.type() == 'D').map(WireClient::firstValue)
        .collect(Collectors.joining(","));
  }

  @Test
  void aQueryThatIsNotUtf8IsRefusedWith22021NamingTheBytesAsPostgresDoes() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 30_000)) {
      String ff = "E22021 invalid byte sequence for encoding \"UTF8\": 0xff ZI";
      assertThat(answer(w, bytes("SELECT '", 0xff, '\''))).isEqualTo(ff);
      assertThat(answer(w, bytes("SELECT 'a", 0xc3, '\'')))
          .isEqualTo("E22021 invalid byte sequence for encoding \"UTF8\": 0xc3 0x27 ZI");
      assertThat(answer(w, bytes("SELECT '", 0xe2, 0x82, '\'')))
          .isEqualTo("E22021 invalid byte sequence for encoding \"UTF8\": 0xe2 0x82 0x27 ZI");
      assertThat(answer(w, bytes("SELECT '", 0xed, 0xa0, 0x80, '\''))) // a UTF-16 surrogate
          .isEqualTo("E22021 invalid byte sequence for encoding \"UTF8\": 0xed 0xa0 0x80 ZI");
      assertThat(answer(w, bytes("SELECT '", 0xc0, 0x80, '\''))) // an overlong NUL
          .isEqualTo("E22021 invalid byte sequence for encoding \"UTF8\": 0xc0 0x80 ZI");
      assertThat(answer(w, bytes("INSERT INTO notes VALUES (1, '", 0xff, '\'', ')'))).isEqualTo(ff);
      assertThat(answer(w, bytes("SELECT 'caf", 0xc3, 0xa9, '\''))).isEqualTo("T C ZI"); // valid: é
      assertThat(bodies(w)).isEmpty();
    }
  }

  @Test
  void aQueryThatIsNotUtf8InsideATransactionBlockFailsTheBlockAsPostgresDoes() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 30_000)) {
      assertThat(answer(w, bytes("BEGIN"))).isEqualTo("C ZT");
      assertThat(answer(w, bytes("SELECT '", 0xff, '\''))).endsWith("ZE");
      assertThat(answer(w, bytes("ROLLBACK"))).isEqualTo("C ZI");
      assertThat(answer(w, bytes("SELECT 1"))).isEqualTo("T C ZI");
    }
  }

  private static byte[] parse(byte[] sql, int... oids) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.write(0);
    b.writeBytes(nul(sql));
    b.writeBytes(ByteBuffer.allocate(2).putShort((short) oids.length).array());
    for (int oid : oids) {
      b.writeBytes(ByteBuffer.allocate(4).putInt(oid).array());
    }
    return WireClient.typed('P', b.toByteArray());
  }

  private static byte[] bind(short format, byte[] value) {
    ByteBuffer b = ByteBuffer.allocate(1 + 1 + 2 + 2 + 2 + 4 + value.length + 2); // nothing after the last field
    b.put((byte) 0).put((byte) 0).putShort((short) 1).putShort(format).putShort((short) 1)
        .putInt(value.length).put(value).putShort((short) 0);
    return WireClient.typed('B', b.array());
  }

  private static String extended(WireClient w, byte[]... messages) throws Exception {
    w.send(concat(messages));
    w.send(concat(WireClient.typed('E', new byte[] {0, 0, 0, 0, 0}), WireClient.typed('S', new byte[0])));
    return render(w.readUntilReady());
  }

  @Test
  void aParseOrABindParameterThatIsNotUtf8IsRefusedWith22021AndTheSessionGoesOn() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 30_000)) {
      String ff = "E22021 invalid byte sequence for encoding \"UTF8\": 0xff ZI";
      assertThat(extended(w, parse(bytes("SELECT '", 0xff, '\'')))).isEqualTo(ff);
      String insert = "INSERT INTO notes VALUES (2, $1)";
      assertThat(extended(w, parse(bytes(insert)), bind((short) 0, bytes("a", 0xff))))
          .isEqualTo("1 " + ff);
      assertThat(extended(w, parse(bytes(insert), 25), bind((short) 1, bytes("a", 0xff)))) // binary text
          .isEqualTo("1 " + ff);
      assertThat(extended(w, parse(bytes(insert), 1043), bind((short) 1, bytes("b", 0)))) // a NUL in varchar
          .isEqualTo("1 E22021 invalid byte sequence for encoding \"UTF8\": 0x00 ZI");
      assertThat(bodies(w)).isEmpty();
      assertThat(extended(w, parse(bytes(insert)), bind((short) 0, bytes("caf", 0xc3, 0xa9)))).isEqualTo("1 2 C ZI");
      assertThat(bodies(w)).isEqualTo("café");
      assertThat(answer(w, bytes("DELETE FROM notes"))).isEqualTo("C ZI");
    }
  }

  /** Runs COPY notes FROM STDIN with this data in one CopyData, then CopyDone. */
  private static String copyIn(WireClient w, byte[] data) throws Exception {
    w.query("COPY notes FROM STDIN");
    WireClient.Message response = w.read();
    assertThat(response.type()).isEqualTo('G');
    w.send(concat(WireClient.typed('d', data), WireClient.typed('c', new byte[0])));
    return render(w.readUntilReady());
  }

  @Test
  void copyTextDataThatIsNotUtf8IsRefusedWith22021AndNothingOfTheCopyIsStored() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 30_000)) {
      String ff = "E22021 invalid byte sequence for encoding \"UTF8\": 0xff ZI";
      assertThat(copyIn(w, bytes("1\tok\n2\tb", 0xff, 'a', 'd', '\n'))).isEqualTo(ff);
      // As in PostgreSQL an escape stands for a byte, and the bytes must be UTF-8 again.
      assertThat(copyIn(w, bytes("1\tok\n2\tb\\xffad\n"))).isEqualTo(ff);
      assertThat(bodies(w)).isEmpty();
      assertThat(copyIn(w, bytes("3\tcaf\\xc3\\xa9\n4\tna", 0xc3, 0xaf, 'v', 'e', '\n')))
          .isEqualTo("C ZI");
      assertThat(bodies(w)).isEqualTo("café,naïve");
      assertThat(answer(w, bytes("DELETE FROM notes"))).isEqualTo("C ZI");
    }
  }

  @Test
  void aStartupUserNameThatIsNotUtf8IsRefusedBeforeTheSessionStarts() throws Exception {
    try (WireClient w = WireClient.connect(server.port(), 30_000)) {
      byte[] packet = WireClient.startupPacket(Map.of("user", "duck", "database", "rocklake"));
      int at = new String(packet, StandardCharsets.ISO_8859_1).indexOf("duck");
      packet[at + 1] = (byte) 0xff;
      w.send(packet);
      WireClient.Message m = w.read();
      assertThat(m.type()).isEqualTo('E');
      assertThat(m.fields().get('S')).isEqualTo("FATAL");
      assertThat(m.sqlState()).isEqualTo("22021");
      assertThat(m.text()).isEqualTo("invalid byte sequence for encoding \"UTF8\": 0xff");
      assertThat(w.closesWithin()).isTrue();
    }
    try (WireClient w = WireClient.started(server.port(), 30_000)) {
      assertThat(answer(w, bytes("SELECT 1"))).isEqualTo("T C ZI");
    }
  }
}
