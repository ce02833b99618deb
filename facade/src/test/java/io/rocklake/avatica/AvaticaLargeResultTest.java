package io.rocklake.avatica;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.server.RockLakeServer;
import java.net.URL;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.apache.calcite.avatica.remote.AvaticaHttpClientImpl;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.RemoteProtobufService;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A result of 100,000 rows streams to the client in frames of the configured size. */
class AvaticaLargeResultTest {
  static final int ROWS = 100_000;
  static final int FRAME = 1_000;
  static final String SQL = "SELECT snapshot_id, snapshot_time, schema_version FROM ducklake_snapshot";
  @TempDir static Path dir;
  static RockLakeServer server;

  @BeforeAll
  static void start() throws Exception {
    server = RockLakeServer.start(AvaticaFixture.config(AvaticaFixture.catalog(dir, ROWS),
        AvaticaFixture.avatica().withFrameRows(FRAME)));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void aLargeResultArrivesInFramesNoLargerThanTheConfiguredSize() throws Exception {
    Service service = new RemoteProtobufService(new AvaticaHttpClientImpl(new URL("http://127.0.0.1:"
        + server.avatica().port())), new ProtobufTranslationImpl());
    String connection = "frames-test";
    service.apply(new Service.OpenConnectionRequest(connection, java.util.Map.of()));
    int statement = service.apply(new Service.CreateStatementRequest(connection)).statementId;
    Service.ResultSetResponse first = service.apply(new Service.PrepareAndExecuteRequest(connection, statement, SQL,
        -1, -1)).results.get(0);
    assertThat(first.firstFrame.rows).hasSize(FRAME);
    assertThat(first.firstFrame.done).isFalse();
    long rows = FRAME;
    int frames = 1;
    boolean done = false;
    while (!done) {
      Service.FetchResponse f = service.apply(new Service.FetchRequest(connection, statement, rows, 50_000));
      int n = 0;
      for (Object ignored : f.frame.rows) {
        n++;
      }
      assertThat(n).isLessThanOrEqualTo(FRAME);
      rows += n;
      frames++;
      done = f.frame.done;
    }
    assertThat(rows).isEqualTo(ROWS);
    assertThat(frames).isEqualTo(ROWS / FRAME);
    service.apply(new Service.CloseStatementRequest(connection, statement));
    service.apply(new Service.CloseConnectionRequest(connection));
  }

  /** Reads every row of {@link #SQL}; returns the sum of the ids, printing the rate. */
  private static long readAll(String driver, Connection c, int fetchSize) throws SQLException {
    long start = System.nanoTime();
    long sum = 0;
    int n = 0;
    try (Statement s = c.createStatement()) {
      s.setFetchSize(fetchSize);
      try (ResultSet rs = s.executeQuery(SQL)) {
        while (rs.next()) {
          sum += rs.getLong(1);
          rs.getString(2);
          rs.getLong(3);
          n++;
        }
      }
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf("%s, fetch size %d: %d rows in %.2f s = %.0f rows/s%n", driver, fetchSize, n, seconds, n / seconds);
    assertThat(n).isEqualTo(ROWS);
    return sum;
  }

  @Test
  void everyRowReachesTheStockDriverAsItReachesPgjdbcAndBothRatesArePrinted() throws Exception {
    long expected = (long) ROWS * (ROWS - 1) / 2; // ids 0..ROWS-1
    Properties bigFrames = new Properties();
    bigFrames.setProperty("fetch_size", "" + FRAME);
    try (Connection pg = AvaticaFixture.pgjdbc(server); Connection avatica = AvaticaFixture.avatica(server);
        Connection avaticaBig = AvaticaFixture.avatica(server, bigFrames)) {
      pg.setAutoCommit(false); // pgjdbc streams with a fetch size only inside a transaction
      for (int round = 0; round < 2; round++) { // the first round warms both paths up
        assertThat(readAll("pgjdbc", pg, FRAME)).isEqualTo(expected);
        assertThat(readAll("avatica", avatica, 100)).isEqualTo(expected);
        assertThat(readAll("avatica", avaticaBig, FRAME)).isEqualTo(expected);
      }
    }
  }
}
