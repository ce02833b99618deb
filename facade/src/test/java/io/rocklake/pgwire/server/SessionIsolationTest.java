package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.Catalog;
import io.rocklake.facade.CatalogQueryEngine;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Sessions do not wait for each other: a statement that takes seconds (planning a deeply nested
 * expression) delays only its own session, never another session's statements or a new client's
 * startup, as with PostgreSQL's process per connection. And a client that pipelines far more
 * input than its session has processed yet gets every answer, in order.
 */
class SessionIsolationTest {
  private PgWireServer server;

  @BeforeEach
  void start() throws Exception {
    Catalog catalog = TestCatalogs.empty();
    server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), new CatalogQueryEngine(catalog));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /** Four statements that each take Calcite seconds to plan: arrays nested 95 deep. */
  private static String slowQuery() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 4; i++) {
      sb.append("SELECT ").append("ARRAY[".repeat(95)).append(i).append("]".repeat(95)).append(';');
    }
    return sb.toString();
  }

  @Test
  void aSlowStatementDelaysNeitherOtherSessionsNorNewClients() throws Exception {
    try (WireClient warm = WireClient.started(server.port(), 30_000)) {
      warm.query("SELECT 1");
      warm.readUntilReady(); // compiles SELECT 1 once, so the probes below only measure waiting
    }
    WireClient slow = WireClient.started(server.port(), 120_000);
    long slowStart = System.nanoTime();
    slow.query(slowQuery());
    CompletableFuture<Long> slowDone = CompletableFuture.supplyAsync(() -> {
      try {
        slow.readUntilReady();
        return (System.nanoTime() - slowStart) / 1_000_000;
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    Thread.sleep(200);
    List<Long> probes = new ArrayList<>();
    // More clients than the server has I/O threads, so one of them shares the slow session's.
    for (int i = 0; i < 2 * Runtime.getRuntime().availableProcessors() + 2; i++) {
      long t0 = System.nanoTime();
      try (WireClient c = WireClient.started(server.port(), 30_000)) {
        c.query("SELECT 1");
        assertThat(c.readUntilReady()).extracting(WireClient.Message::type).containsExactly('T', 'C', 'Z');
      }
      probes.add((System.nanoTime() - t0) / 1_000_000);
    }
    boolean slowStillRunning = !slowDone.isDone();
    long slowMillis = slowDone.get(120, TimeUnit.SECONDS);
    slow.close();
    System.out.printf("isolation: slow query %d ms; fresh sessions answered SELECT 1 in %s ms%n", slowMillis, probes);
    assertThat(slowStillRunning).as("the slow query outlasted the probes (else this test proves nothing)").isTrue();
    assertThat(probes).as("startup + SELECT 1 latency of each fresh session, in ms").allMatch(ms -> ms < 2_500);
  }

  @Test
  void pipelinedInputBeyondWhatTheSessionHasProcessedIsAnsweredInOrder() throws Exception {
    int n = 3_000;
    String pad = "x".repeat(4_000);
    ByteArrayOutputStream burst = new ByteArrayOutputStream();
    for (int i = 0; i < n; i++) {
      burst.writeBytes(WireClient.typed('Q', WireClient.cstring(
          "SET application_name = '" + i + "'; SHOW application_name; -- " + pad)));
    }
    try (WireClient c = WireClient.started(server.port(), 30_000)) {
      CompletableFuture<Void> sent = CompletableFuture.runAsync(() -> {
        try {
          c.send(burst.toByteArray()); // 12 MB at once, while the session works through it
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      for (int i = 0; i < n; i++) {
        List<WireClient.Message> ms = c.readUntilReady(true);
        assertThat(ms).extracting(WireClient.Message::type).containsExactly('C', 'T', 'D', 'C', 'Z');
        assertThat(WireClient.firstValue(ms.get(2))).isEqualTo(String.valueOf(i));
      }
      sent.get(30, TimeUnit.SECONDS);
      c.query("SHOW application_name");
      c.readUntilReady();
    }
  }
}
