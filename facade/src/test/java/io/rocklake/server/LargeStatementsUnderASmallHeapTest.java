package io.rocklake.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.server.cli.ServeProcess;
import java.io.DataInputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The case, measured: fourteen clients each send a 60 MB query at once to a {@code rocklake
 * serve} process with a 1 GB heap. Each gets an answer or 53200/54000, the process never runs out
 * of memory, and it answers afterwards. Then fourteen 6 MB queries at once, which fit the budget one
 * or two at a time: those that do not fit get 53200, the others their answer.
 */
class LargeStatementsUnderASmallHeapTest {
  private static final int CLIENTS = 14;

  @TempDir Path dir;

  /** One client's exchange: startup, one query, the SQLSTATE of its error or "ok". */
  private static String ask(int port, byte[] sql) throws Exception {
    try (Socket s = new Socket("127.0.0.1", port)) {
      s.setSoTimeout(300_000);
      OutputStream out = s.getOutputStream();
      DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(s.getInputStream()));
      byte[] params = "user\0duck\0database\0rocklake\0\0".getBytes(StandardCharsets.UTF_8);
      out.write(ByteBuffer.allocate(8 + params.length).putInt(8 + params.length).putInt(196608).put(params).array());
      readUntilReady(in);
      out.write(ByteBuffer.allocate(5).put((byte) 'Q').putInt(4 + sql.length + 1).array());
      out.write(sql);
      out.write(0);
      out.flush();
      return readUntilReady(in);
    }
  }

  /** Reads to ReadyForQuery; the SQLSTATE of the first error, or "ok". */
  private static String readUntilReady(DataInputStream in) throws Exception {
    String outcome = "ok";
    while (true) {
      int type = in.read();
      if (type < 0) {
        return "closed";
      }
      byte[] body = new byte[in.readInt() - 4];
      in.readFully(body);
      if (type == 'E' && outcome.equals("ok")) {
        String fields = new String(body, StandardCharsets.UTF_8);
        int c = fields.indexOf("\0C");
        outcome = fields.substring(c + 2, c + 7);
      }
      if (type == 'Z') {
        return outcome;
      }
    }
  }

  private static byte[] literalQuery(int megabytes) {
    String x = "x".repeat(megabytes << 20);
    return ("SELECT length('" + x + "')").getBytes(StandardCharsets.UTF_8);
  }

  private static Map<String, Integer> askAtOnce(int port, byte[] sql) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
    try {
      List<Future<String>> answers = new ArrayList<>();
      for (int i = 0; i < CLIENTS; i++) {
        answers.add(pool.submit(() -> ask(port, sql)));
      }
      Map<String, Integer> counts = new TreeMap<>();
      for (Future<String> f : answers) {
        counts.merge(f.get(600, TimeUnit.SECONDS), 1, Integer::sum);
      }
      return counts;
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void fourteenSixtyMegabyteQueriesAtOnceUnderAOneGigabyteHeapAreAnsweredOrRefusedAndTheServerLives() throws Exception {
    try (ServeProcess server = ServeProcess.serve(List.of("-Xmx1g", "-XX:+UseSerialGC"), dir.resolve("catalog"))) {
      int port = server.port();

      long t0 = System.nanoTime();
      Map<String, Integer> large = askAtOnce(port, literalQuery(60));
      long largeMillis = (System.nanoTime() - t0) / 1_000_000;
      t0 = System.nanoTime();
      Map<String, Integer> medium = askAtOnce(port, literalQuery(6));
      long mediumMillis = (System.nanoTime() - t0) / 1_000_000;
      System.out.printf("14 x 60 MB at -Xmx1g: %s in %d ms; 14 x 6 MB: %s in %d ms%n", large, largeMillis, medium,
          mediumMillis);

      assertThat(large.keySet()).as("outcomes of 14 x 60 MB: " + large).isSubsetOf("ok", "53200", "54000");
      assertThat(medium.keySet()).as("outcomes of 14 x 6 MB: " + medium).isSubsetOf("ok", "53200");
      assertThat(medium.getOrDefault("ok", 0)).as("at least one 6 MB query fits: " + medium).isPositive();
      assertThat(ask(port, "SELECT 1".getBytes(StandardCharsets.UTF_8))).isEqualTo("ok");
      assertThat(server.process().isAlive()).as(server.transcript()).isTrue();
      assertThat(server.transcript()).doesNotContain("OutOfMemoryError");
    }
  }
}
