package io.rocklake.pgwire.server;

import static io.rocklake.pgwire.server.WireClient.concat;
import static io.rocklake.pgwire.server.WireClient.render;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.catalog.Catalog;
import io.rocklake.facade.CatalogQueryEngine;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One test per bug the fuzz tests ({@link RandomSqlFuzzTest}, {@link ProtocolFuzzTest}) found, so
 * each stays fixed whatever the fuzzers' seeds: each of these inputs used to close the connection
 * with FATAL XX000, answer an internal error, or take minutes.
 */
class BadInputTest {
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

  /** The answer to one simple query: message types, with SQLSTATEs after each 'E'. */
  private static String answer(WireClient w, String sql) throws Exception {
    w.query(sql);
    return render(w.readUntilReady());
  }

  @Test
  void deepNestingIsRefusedWith54001AndTheSessionGoesOn() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 30_000)) {
      // Each used to overflow the stack: FATAL XX000 (parser) or a dropped connection (planner).
      // Parentheses are no AST node: whether the parser's recursion fits the stack depends on how
      // far the JIT has compiled it; either way an answer, never a crash.
      assertThat(answer(w, "SELECT " + "(".repeat(5_000) + "1" + ")".repeat(5_000))).isIn("E54001 ZI", "T C ZI");
      assertThat(answer(w, "SELECT " + "1 + ".repeat(3_000) + "1")).isEqualTo("E54001 ZI");
      assertThat(answer(w, "SELECT " + "NOT ".repeat(500) + "true")).isEqualTo("E54001 ZI");
      assertThat(answer(w, "SELECT " + "(SELECT ".repeat(200) + "1" + ")".repeat(200))).isEqualTo("E54001 ZI");
      assertThat(answer(w, "BEGIN")).isEqualTo("C ZT");
      assertThat(answer(w, "SELECT " + "abs(".repeat(300) + "1" + ")".repeat(300))).isEqualTo("E54001 ZE");
      assertThat(answer(w, "ROLLBACK")).isEqualTo("C ZI");
      assertThat(answer(w, "SELECT " + "abs(".repeat(20) + "1" + ")".repeat(20))).isEqualTo("T C ZI");
    }
  }

  @Test
  void copyOptionsThatAreNumbersOrUnknownFormatsGetPostgresErrors() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 30_000)) {
      // A number as FORMAT's or NULL's argument was an AssertionError: XX000 "cannot cast 18".
      // (The client does not list CopyData messages.)
      assertThat(answer(w, "COPY (SELECT snapshot_id FROM ducklake_snapshot) TO STDOUT (FORMAT 18)")).isEqualTo("E22023 ZI");
      assertThat(answer(w, "COPY (SELECT snapshot_id FROM ducklake_snapshot) TO STDOUT (FORMAT parquet)")).isEqualTo("E22023 ZI");
      assertThat(answer(w, "COPY (SELECT snapshot_id FROM ducklake_snapshot) TO STDOUT (FORMAT csv)")).isEqualTo("E0A000 ZI");
      assertThat(answer(w, "COPY (SELECT snapshot_id FROM ducklake_snapshot) TO STDOUT (FORMAT text, NULL 5)")).isEqualTo("H c C ZI");
      assertThat(answer(w, "COPY (SELECT snapshot_id FROM ducklake_snapshot) TO STDOUT (FORMAT \"binary\")")).isEqualTo("H c C ZI");
    }
  }

  @Test
  void aSelectListOverPostgresLimitIs54011() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 30_000)) {
      String list = IntStream.range(0, 2_000).mapToObj(String::valueOf).collect(Collectors.joining(", "));
      assertThat(answer(w, "SELECT " + list)).isEqualTo("E54011 ZI");
    }
  }

  @Test
  void resultsOfAnyShapeAreSentNotCrashedOn() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 30_000)) {
      // Arrays of arrays and of non-integer elements were typed int2[]: FATAL XX000 ClassCastException.
      assertThat(answer(w, "SELECT ARRAY[ARRAY[1]], ARRAY[1.5], ARRAY['a']")).isEqualTo("T C ZI");
      // One VALUES row of 100 columns asked the planner for a composite collation: AssertionError.
      String list = IntStream.range(0, 100).mapToObj(String::valueOf).collect(Collectors.joining(", "));
      assertThat(answer(w, "SELECT " + list)).isEqualTo("T C ZI");
    }
  }

  @Test
  void statementsWhoseCanonicalFormDidNotParseBackGetOrdinaryAnswers() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 30_000)) {
      // Each was XX000 "Canonical rendering does not parse back" or a ClassCastException in the fingerprint.
      assertThat(answer(w, "COPY (SELECT snapshot_id FROM ducklake_snapshot) TO STDOUT (\"binary\")"))
          .isEqualTo("H c C ZI");
      assertThat(answer(w, "SELECT 'a' 'b'")).doesNotContain("XX000").endsWith("ZI");
      assertThat(answer(w, "SELECT 1 FROM ducklake_snapshot WHERE snapshot_id = 'x'.oid")).doesNotContain("XX000")
          .endsWith("ZI");
    }
  }

  @Test
  void aMegabyteLiteralTakesSecondsNotMinutes() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 60_000)) {
      long t0 = System.nanoTime();
      assertThat(answer(w, "SELECT length('" + "x".repeat(4 << 20) + "')")).doesNotContain("XX000");
      long millis = (System.nanoTime() - t0) / 1_000_000;
      // The parser's buffer grew 2 KB at a time: a 4 MiB literal took minutes (1 MiB: 20 s).
      assertThat(millis).isLessThan(20_000);
    }
  }

  private static byte[] bind(int[] formats, int params, int[] resultFormats) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.write(0); // portal ""
    b.write(0); // statement ""
    ByteBuffer n = ByteBuffer.allocate(2 + 2 * formats.length + 2 + 6 * params + 2 + 2 * resultFormats.length);
    n.putShort((short) formats.length);
    for (int f : formats) {
      n.putShort((short) f);
    }
    n.putShort((short) params);
    for (int i = 0; i < params; i++) {
      n.putInt(2).put((byte) '4').put((byte) '2');
    }
    n.putShort((short) resultFormats.length);
    for (int f : resultFormats) {
      n.putShort((short) f);
    }
    b.writeBytes(n.array());
    return WireClient.typed('B', b.toByteArray());
  }

  private static byte[] parse(String sql) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.write(0);
    b.writeBytes(WireClient.cstring(sql));
    b.write(0);
    b.write(0);
    return WireClient.typed('P', b.toByteArray());
  }

  private static byte[] execute() {
    return WireClient.typed('E', new byte[] {0, 0, 0, 0, 0});
  }

  private static String extended(WireClient w, byte[]... messages) throws Exception {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (byte[] m : messages) {
      b.writeBytes(m);
    }
    b.writeBytes(WireClient.typed('S', new byte[0]));
    w.send(b.toByteArray());
    return render(w.readUntilReady());
  }

  @Test
  void bindMessagesThatBreakTheRulesAreErrorsNotACrash() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 30_000)) {
      String three = "SELECT snapshot_id, schema_version, next_file_id FROM ducklake_snapshot";
      // Two parameter formats for three parameters, two result formats for three columns: both
      // indexed past the array, FATAL XX000 ArrayIndexOutOfBoundsException.
      assertThat(extended(w, parse(three), bind(new int[] {0, 1}, 3, new int[0]), execute()))
          .isEqualTo("1 E08P01 ZI");
      assertThat(extended(w, parse(three), bind(new int[0], 0, new int[] {0, 1}), execute()))
          .isEqualTo("1 2 E08P01 ZI");
      // Format code 7 was taken for binary (parameters) or text (results, with RowDescription saying 7).
      assertThat(extended(w, parse(three), bind(new int[] {7}, 0, new int[0]), execute())).isEqualTo("1 E22023 ZI");
      assertThat(extended(w, parse(three), bind(new int[0], 0, new int[] {7}), execute())).isEqualTo("1 E22023 ZI");
      assertThat(extended(w, parse(three), bind(new int[0], 0, new int[] {0, 0, 0}), execute()))
          .isEqualTo("1 2 C ZI");
    }
  }

  @Test
  void nothingIsAnsweredAfterAFatalError() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 10_000)) {
      // An unknown message type, then Sync and a Query in the same packet: the Sync used to be
      // answered with ReadyForQuery after the FATAL, the Query run while the connection closed.
      w.send(concat(WireClient.typed('F', new byte[4]), WireClient.typed('S', new byte[0]),
          WireClient.typed('Q', WireClient.cstring("SELECT 1"))));
      WireClient.Message fatal = w.read();
      assertThat(fatal.type()).isEqualTo('E');
      assertThat(fatal.fields().get('S')).isEqualTo("FATAL");
      assertThat(fatal.sqlState()).isEqualTo("08P01");
      assertThatThrownBy(w::read).as("nothing after the FATAL").isInstanceOf(WireClient.ClosedException.class);
    }
    try (WireClient w = WireClient.started(server.port(), 10_000)) {
      // An impossible length, then more of the same: one FATAL, not one per retry of the decoder.
      w.send(concat(new byte[] {'Q', 0, 0, 0, 1}, new byte[] {'Q', 0, 0, 0, 1}));
      assertThat(w.read().sqlState()).isEqualTo("08P01");
      assertThatThrownBy(w::read).as("nothing after the FATAL").isInstanceOf(WireClient.ClosedException.class);
    }
  }

  @Test
  void syncDuringCopyFromStdinIsIgnoredAsInPostgres() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 10_000)) {
      w.query("COPY \"public\".\"ducklake_metadata\" (\"key\", \"value\") FROM STDIN (FORMAT TEXT)");
      assertThat(w.read().type()).isEqualTo('G');
      w.send(concat(WireClient.typed('S', new byte[0]), WireClient.typed('d', "k\tv\n".getBytes()),
          WireClient.typed('S', new byte[0]), WireClient.typed('c', new byte[0])));
      // No ReadyForQuery for the Syncs mid-copy: the COPY completes, then one ReadyForQuery.
      assertThat(render(w.readUntilReady())).isEqualTo("C ZI");
      assertThat(answer(w, "SELECT key FROM ducklake_metadata")).isEqualTo("T C ZI");
    }
  }
}
