package io.rocklake.pgwire.server;

import static io.rocklake.pgwire.server.WireClient.render;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.engine.EngineSession;
import io.rocklake.engine.StatementMemory;
import io.rocklake.facade.CatalogQueryEngine;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Large statement texts are reserved from the server's statement memory before they are buffered:
 * one larger than the whole budget is 54000, one that does not fit beside those in flight 53200,
 * the refused text is skipped unread, and the session, its protocol state and the budget recover.
 */
class StatementMemoryTest {
  private static final long MB = 1 << 20;
  /** Room for one 2 MB text (128 MB at 64 bytes per byte), not for two, nor for one of 4 MB. */
  private static final StatementMemory MEMORY = new StatementMemory(200 * MB);
  private static PgWireServer server;

  @BeforeAll
  static void start() throws Exception {
    CatalogQueryEngine engine = new CatalogQueryEngine(TestCatalogs.withDuckLakeTables(0));
    server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), new QueryEngine() {
      @Override public EngineSession open(Map<String, String> startupParameters) {
        return engine.open(startupParameters);
      }

      @Override public StatementMemory statementMemory() {
        return MEMORY;
      }
    });
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** {@code SELECT length('xxx…')} of about this many bytes. */
  private static String literalQuery(long bytes) {
    return "SELECT length('" + "x".repeat((int) bytes - 20) + "')";
  }

  private static WireClient.Message error(List<WireClient.Message> ms) {
    return ms.stream().filter(m -> m.type() == 'E').findFirst().orElseThrow(() -> new AssertionError("no error in " + ms));
  }

  /**
   * The session gives a reservation back right after it wrote the answer, so the client may read the
   * answer a moment before: waits (up to 10 s) for the budget to be free again.
   */
  private static void awaitNothingReserved() throws InterruptedException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (MEMORY.usedBytes() != 0 && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertThat(MEMORY.usedBytes()).isZero();
  }

  @Test
  void aTextLargerThanTheWholeBudgetIs54000SkippedUnreadAndTheSessionGoesOn() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 60_000)) {
      w.query(literalQuery(4 * MB));
      List<WireClient.Message> ms = w.readUntilReady();
      assertThat(render(ms)).isEqualTo("E54000 ZI");
      assertThat(error(ms).text()).isEqualTo("statement too large: a text of 4 MB needs about 256 MB of memory to parse"
          + " and plan; the server has 200 MB of statement memory");
      w.query("SELECT 1");
      assertThat(render(w.readUntilReady())).isEqualTo("T C ZI");
      awaitNothingReserved();
    }
  }

  @Test
  void aTextThatDoesNotFitBesideOneInFlightIs53200AndFitsOnceThatOneIsDone() throws Exception {
    byte[] first = WireClient.typed('Q', WireClient.cstring(literalQuery(2 * MB)));
    try (WireClient a = WireClient.started(server.port(), 60_000); WireClient b = WireClient.started(server.port(), 60_000)) {
      // a's header and half its text are in: its 128 MB are reserved while the rest is on its way.
      a.send(java.util.Arrays.copyOf(first, first.length / 2));
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (MEMORY.usedBytes() == 0 && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertThat(MEMORY.usedBytes()).isEqualTo(64 * (first.length - 5L)); // 64 bytes per byte of its payload

      b.query(literalQuery(2 * MB));
      List<WireClient.Message> refused = b.readUntilReady();
      assertThat(render(refused)).isEqualTo("E53200 ZI");
      assertThat(error(refused).text()).isEqualTo("out of memory: the statement needs about 128 MB; the server has"
          + " 200 MB of statement memory and 128 MB in use");

      a.send(java.util.Arrays.copyOfRange(first, first.length / 2, first.length));
      assertThat(render(a.readUntilReady())).isEqualTo("T C ZI");
      awaitNothingReserved();
      b.query(literalQuery(2 * MB));
      assertThat(render(b.readUntilReady())).isEqualTo("T C ZI");
      awaitNothingReserved();
    }
  }

  @Test
  void aRefusedParseFailsTheExtendedExchangeUntilSyncAndATransactionBlock() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 60_000)) {
      w.query("BEGIN");
      assertThat(render(w.readUntilReady())).isEqualTo("C ZT");
      ByteArrayOutputStream parse = new ByteArrayOutputStream();
      parse.write(0);
      parse.writeBytes(WireClient.cstring(literalQuery(4 * MB)));
      parse.writeBytes(ByteBuffer.allocate(2).putShort((short) 0).array());
      ByteArrayOutputStream batch = new ByteArrayOutputStream();
      batch.writeBytes(WireClient.typed('P', parse.toByteArray()));
      batch.writeBytes(WireClient.typed('B', new byte[] {0, 0, 0, 0, 0, 0, 0, 0}));
      batch.writeBytes(WireClient.typed('E', new byte[] {0, 0, 0, 0, 0}));
      batch.writeBytes(WireClient.typed('S', new byte[0]));
      w.send(batch.toByteArray());
      assertThat(render(w.readUntilReady())).isEqualTo("E54000 ZE");
      w.query("ROLLBACK");
      assertThat(render(w.readUntilReady())).isEqualTo("C ZI");
      w.query("SELECT 'small statements are never counted'");
      assertThat(render(w.readUntilReady())).isEqualTo("T C ZI");
      awaitNothingReserved();
    }
  }

  @Test
  void aLargeQuerySentInsteadOfThePasswordIsRefusedAndGivesItsReservationBack() throws Exception {
    CatalogQueryEngine engine = new CatalogQueryEngine(TestCatalogs.withDuckLakeTables(0));
    io.rocklake.pgwire.server.auth.Authentication auth = io.rocklake.pgwire.server.auth.Authentication.of(
        io.rocklake.pgwire.server.auth.AuthMethod.SCRAM_SHA_256, io.rocklake.pgwire.server.auth.Credentials.single("duck", "quack"));
    PgWireServer guarded = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), new QueryEngine() {
      @Override public EngineSession open(Map<String, String> startupParameters) {
        return engine.open(startupParameters);
      }

      @Override public StatementMemory statementMemory() {
        return MEMORY;
      }
    }, WireOptions.defaults().withAuthentication(auth));
    try {
      for (long size : new long[] {2 * MB, 4 * MB}) { // reserved, then refused unread
        try (WireClient w = WireClient.connect(guarded.port(), 60_000)) {
          w.send(WireClient.startupPacket(Map.of("user", "duck", "database", "rocklake")));
          assertThat(w.read().type()).isEqualTo('R'); // the SASL request (a cleartext one is never sent over plaintext)
          w.query(literalQuery(size));
          WireClient.Message m = w.read();
          assertThat(m.type()).isEqualTo('E');
          assertThat(m.fields().get('S')).isEqualTo("FATAL");
          assertThat(m.sqlState()).isEqualTo("08P01");
          assertThat(w.closesWithin()).isTrue();
        }
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (MEMORY.usedBytes() != 0 && System.nanoTime() < deadline) {
          Thread.sleep(10);
        }
        assertThat(MEMORY.usedBytes()).as("after a %d MB query before authentication", size / MB).isZero();
      }
    } finally {
      guarded.close();
    }
  }

  @Test
  void aConnectionClosedWhileALargeTextArrivesGivesItsReservationBack() throws Exception {
    byte[] query = WireClient.typed('Q', WireClient.cstring(literalQuery(2 * MB)));
    try (WireClient w = WireClient.started(server.port(), 60_000)) {
      w.send(java.util.Arrays.copyOf(query, query.length / 3));
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (MEMORY.usedBytes() == 0 && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertThat(MEMORY.usedBytes()).isEqualTo(64 * (query.length - 5L));
    }
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (MEMORY.usedBytes() != 0 && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    awaitNothingReserved();
  }

  /**
   * During COPY FROM STDIN every message but the copy messages, Sync and Flush ends the COPY with
   * 08P01, as in PostgreSQL; a Query refused for its size is such a message (before, it was answered
   * with its own 54000, the COPY abandoned silently).
   */
  @Test
  void aQueryRefusedForItsSizeDuringCopyFromStdinEndsTheCopyWith08P01() throws Exception {
    try (WireClient w = WireClient.started(server.port(), 60_000)) {
      w.query("COPY \"public\".\"ducklake_metadata\" (\"key\", \"value\") FROM STDIN (FORMAT TEXT)");
      assertThat(w.read().type()).isEqualTo('G');
      w.send(WireClient.typed('d', "refused_copy\tv\n".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
      w.query(literalQuery(4 * MB));
      List<WireClient.Message> ms = w.readUntilReady();
      assertThat(render(ms)).isEqualTo("E08P01 ZI");
      assertThat(error(ms).text()).isEqualTo("unexpected message type 'Q' during COPY from stdin");
      w.query("SELECT count(*) FROM ducklake_metadata WHERE key = 'refused_copy'");
      List<WireClient.Message> count = w.readUntilReady(true);
      assertThat(render(count)).isEqualTo("T D C ZI");
      assertThat(WireClient.firstValue(count.get(1))).as("nothing of the COPY is stored").isEqualTo("0");
    }
    awaitNothingReserved();
  }
}
