package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.Catalog;
import io.rocklake.facade.CatalogQueryEngine;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A client that asks for a large result and does not read it holds its session, as with a
 * PostgreSQL backend blocked in send(): the server keeps only a little of the answer in memory,
 * serves every other session meanwhile, and when the client goes, the session stops producing the
 * answer and ends.
 */
class SlowReaderTest {
  private static final int ROWS = 32;
  private static final int VALUE_BYTES = 1 << 20;

  private PgWireServer server;

  @BeforeEach
  void start() throws Exception {
    Catalog catalog = TestCatalogs.withDuckLakeTables(0);
    server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), new CatalogQueryEngine(catalog));
    String value = "x".repeat(VALUE_BYTES);
    try (Connection c = TestCatalogs.connect(server); Statement s = c.createStatement()) {
      for (int i = 0; i < ROWS; i++) {
        s.execute("INSERT INTO ducklake_metadata (key, value) VALUES ('k" + i + "', '" + value + "')");
      }
    }
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aResultTheClientDoesNotReadStaysOutOfTheServersMemory() throws Exception {
    long answerBytes = (long) ROWS * ROWS * ROWS * VALUE_BYTES; // 32 GiB
    RawClient slow = new RawClient(server.port());
    slow.send(RawClient.startupPacket(196608, Map.of("user", "duck", "database", "rocklake")));
    assertThat(slow.readUntilReady()).last().extracting(RawClient.Message::type).isEqualTo('Z');
    slow.send(RawClient.query("SELECT a.value FROM ducklake_metadata a, ducklake_metadata b, ducklake_metadata c"));

    long deadline = System.nanoTime() + 3_000_000_000L;
    long mostPending = 0;
    while (System.nanoTime() < deadline) {
      mostPending = Math.max(mostPending, server.pendingOutboundBytes());
      Thread.sleep(50);
    }
    assertThat(mostPending).as("bytes of a %d-byte answer waiting in the server", answerBytes)
        .isLessThan(8L << 20);

    try (Connection other = TestCatalogs.connect(server); Statement s = other.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*) FROM ducklake_metadata")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getLong(1)).as("another session is served meanwhile").isEqualTo(ROWS);
    }

    slow.close();
    long closeDeadline = System.nanoTime() + 10_000_000_000L;
    while (server.sessionCount() > 0 && System.nanoTime() < closeDeadline) {
      Thread.sleep(20);
    }
    assertThat(server.sessionCount()).as("the abandoned session is released").isZero();
    assertThat(server.pendingOutboundBytes()).isZero();
    while (server.liveSessionThreads() > 0 && System.nanoTime() < closeDeadline) {
      Thread.sleep(20);
    }
    assertThat(server.liveSessionThreads())
        .as("the session stopped producing the rest of its 32 GiB answer and its thread ended").isZero();
  }
}
