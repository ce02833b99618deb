package io.rocklake.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sockets that connect and say nothing, the cheapest attack there is, against {@code rocklake serve}
 * in a process of its own: they must neither cost a thread each nor, by exhausting the process's
 * file descriptors, stop it from ever accepting again.
 */
class IdleConnectionFloodTest {
  private static final int FD_LIMIT = 1024;

  @TempDir Path dir;

  @Test
  void idleSocketsPastTheFileDescriptorLimitLeaveTheServerAcceptingOnceTheyClose() throws Exception {
    // 1,000 sessions allow 2,000 connections in startup, so it is the descriptors that run out.
    try (ServeProcess server = ServeProcess.serve(List.of("prlimit", "--nofile=" + FD_LIMIT), Map.of(),
        dir.resolve("catalog"), "--max-sessions", "1000")) {
      assertThat(server.transcript()).contains("rocklake: warning: --max-sessions 1000 lets clients hold 3000 "
          + "connections (1000 sessions and 2000 in their startup), but this process may open only 1024 files");
      int idle = FD_LIMIT + 76;
      List<Socket> sockets = openIdle(server.port(), idle);
      int peakFds = awaitSteady(server::openFileDescriptors);
      assertThat(peakFds).as("the server ran out of descriptors").isGreaterThanOrEqualTo(FD_LIMIT - 2);
      for (Socket s : sockets) {
        s.close();
      }
      long started = System.nanoTime();
      assertThat(selectOne(server.port())).isEqualTo(1);
      long millis = (System.nanoTime() - started) / 1_000_000;
      assertThat(server.process().isAlive()).isTrue();
      System.out.printf("fd limit %d: %d idle sockets, server peaked at %d descriptors; after they closed a new "
          + "session answered in %d ms%n", FD_LIMIT, idle, peakFds, millis);
    }
  }

  @Test
  void twoThousandIdleSocketsBeforeStartupCostNoThreadEach() throws Exception {
    try (ServeProcess server = ServeProcess.serve(List.of(), Map.of(), dir.resolve("catalog"),
        "--max-sessions", "1500")) {
      assertThat(selectOne(server.port())).isEqualTo(1);
      int fdsBefore = server.openFileDescriptors();
      int threadsBefore = server.threads();
      List<Socket> sockets = openIdle(server.port(), 2000);
      try {
        int fds = awaitSteady(server::openFileDescriptors);
        // (give or take the descriptor of the first session, closed meanwhile)
        assertThat(fds - fdsBefore).as("the server accepted them all").isGreaterThanOrEqualTo(1995);
        int threads = server.threads();
        System.out.printf("2,000 idle sockets: threads %d before, %d with them open%n", threadsBefore, threads);
        assertThat(threads - threadsBefore).as("threads added by 2,000 idle sockets").isLessThan(20);
        assertThat(selectOne(server.port())).isEqualTo(1);
      } finally {
        for (Socket s : sockets) {
          s.close();
        }
      }
    }
  }

  private static List<Socket> openIdle(int port, int n) throws IOException {
    List<Socket> sockets = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Socket s = new Socket();
      s.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
      sockets.add(s);
    }
    return sockets;
  }

  private interface Probe {
    int read() throws IOException;
  }

  /** A count that has stopped changing for half a second (within 30 s). */
  private static int awaitSteady(Probe probe) throws Exception {
    long deadline = System.nanoTime() + 30_000_000_000L;
    int last = probe.read();
    long steadySince = System.nanoTime();
    while (System.nanoTime() < deadline && System.nanoTime() - steadySince < 500_000_000L) {
      Thread.sleep(50);
      int now = probe.read();
      if (now != last) {
        last = now;
        steadySince = System.nanoTime();
      }
    }
    return last;
  }

  private static int selectOne(int port) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port
        + "/rocklake?user=duck&preferQueryMode=simple&sslmode=disable&loginTimeout=20&socketTimeout=20");
        Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
      rs.next();
      return rs.getInt(1);
    }
  }
}
