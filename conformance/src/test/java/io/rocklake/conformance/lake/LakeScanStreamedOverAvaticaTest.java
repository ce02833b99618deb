package io.rocklake.conformance.lake;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.avatica.AvaticaOptions;
import io.rocklake.pgwire.server.auth.AuthMethod;
import io.rocklake.server.CatalogLocation;
import io.rocklake.server.RockLakeServer;
import io.rocklake.server.ServerConfig;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Comparator;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A lake scan over the Avatica endpoint, with the stock remote driver, is streamed: the server reads
 * the lake's files as frames are fetched, holding one frame and the one file being read, and closes
 * that file as soon as the statement is let go early. A 1M-row lake (20 files of 50,000 rows) is read
 * whole and compared with DuckDB reading the same files. What the server holds open is seen from
 * outside, in this process's open file descriptors (the server runs in the test's JVM): a file of the
 * lake open while a result is half read means the rest was not read ahead into memory.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LakeScanStreamedOverAvaticaTest {
  private static final int FILES = 20;
  private static final long ROWS_PER_FILE = 50_000;
  private static final int FRAME = 5_000;
  private static final Duration STATEMENT_IDLE = Duration.ofSeconds(3);

  private Path root;
  private SyntheticLake lake;
  private RockLakeServer server;

  @BeforeAll
  void start() throws Exception {
    root = Files.createTempDirectory("streamed-lake-");
    lake = SyntheticLake.create(root, FILES, ROWS_PER_FILE);
    server = RockLakeServer.start(ServerConfig.local(CatalogLocation.parse(lake.catalog.toString()), 0)
        .withAvatica(AvaticaOptions.defaults(new InetSocketAddress("127.0.0.1", 0), 10).withFrameRows(FRAME)
            .withIdle(Duration.ofMinutes(5), STATEMENT_IDLE)));
  }

  @AfterAll
  void stop() throws IOException {
    server.close();
    try (Stream<Path> files = Files.walk(root)) {
      files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    }
  }

  private Connection lakeOverAvatica() throws SQLException {
    Properties p = new Properties();
    p.setProperty("database", "lake");
    p.setProperty("fetch_size", Integer.toString(FRAME));
    return DriverManager.getConnection(server.avatica().jdbcUrl(AuthMethod.TRUST), p);
  }

  /** How many of the lake's data files this process has open now. */
  private long openDataFiles() throws IOException {
    Path dataDir = lake.file(0).getParent().toRealPath();
    long n = 0;
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      for (Path fd : (Iterable<Path>) fds::iterator) {
        try {
          Path target = Files.readSymbolicLink(fd);
          if (target.startsWith(dataDir) && target.getFileName().toString().endsWith(".parquet")) {
            n++;
          }
        } catch (IOException gone) {
          // a descriptor closed while listing
        }
      }
    }
    return n;
  }

  /** Waits up to {@code seconds} for the lake's files to be closed; their count when it stops waiting. */
  private long openDataFilesAfterAtMost(int seconds) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
    long open = openDataFiles();
    while (open > 0 && System.nanoTime() < deadline) {
      Thread.sleep(50);
      open = openDataFiles();
    }
    return open;
  }

  /** DuckDB's count and checksums of the lake's files, read with its own Parquet reader. */
  private long[] duckDbChecksums() throws SQLException {
    try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:"); Statement s = duckdb.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*), sum(id), sum(CAST(v * 2 AS BIGINT)), sum(length(s)),"
            + " count(*) FILTER (WHERE s = 'row-' || id) FROM read_parquet('" + lake.file(0).getParent() + "/*.parquet')")) {
      rs.next();
      return new long[] {rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5)};
    }
  }

  @Test
  void aMillionRowScanIsReadInFramesWithOneFileOpenAtATimeAndMatchesDuckDb() throws Exception {
    long[] sums = new long[5];
    long mostFilesOpen = 0;
    try (Connection c = lakeOverAvatica(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT id, v, s FROM t")) {
      while (rs.next()) {
        long id = rs.getLong(1);
        String text = rs.getString(3);
        sums[0]++;
        sums[1] += id;
        sums[2] += (long) (rs.getDouble(2) * 2);
        sums[3] += text.length();
        sums[4] += text.equals("row-" + id) ? 1 : 0;
        if (sums[0] % 100_000 == 1) {
          mostFilesOpen = Math.max(mostFilesOpen, openDataFiles());
          assertThat(openDataFiles()).as("files open at row %d", sums[0]).isEqualTo(1);
        }
      }
    }
    assertThat(sums).containsExactly(duckDbChecksums());
    assertThat(sums[0]).isEqualTo(FILES * ROWS_PER_FILE);
    assertThat(mostFilesOpen).isEqualTo(1);
    assertThat(openDataFilesAfterAtMost(5)).isZero();
  }

  @Test
  void closingAResultSetAfterItsFirstFrameClosesTheScanOnTheServer() throws Exception {
    try (Connection c = lakeOverAvatica(); Statement s = c.createStatement()) {
      s.closeOnCompletion(); // the stock driver tells the server of a ResultSet's close by closing its statement
      ResultSet rs = s.executeQuery("SELECT id, v, s FROM t");
      assertThat(rs.next()).isTrue();
      assertThat(openDataFiles()).isEqualTo(1);
      rs.close();
      assertThat(openDataFilesAfterAtMost(5)).isZero();
      assertThat(s.isClosed()).isTrue();
    }
  }

  @Test
  void closingTheStatementOrTheConnectionMidResultClosesTheScan() throws Exception {
    try (Connection c = lakeOverAvatica()) {
      Statement s = c.createStatement();
      ResultSet rs = s.executeQuery("SELECT * FROM t");
      assertThat(rs.next()).isTrue();
      assertThat(openDataFiles()).isEqualTo(1);
      s.close();
      assertThat(openDataFilesAfterAtMost(5)).isZero();

      Statement other = c.createStatement();
      ResultSet half = other.executeQuery("SELECT * FROM t WHERE id >= 10");
      assertThat(half.next()).isTrue();
      assertThat(openDataFiles()).isEqualTo(1);
    }
    assertThat(openDataFilesAfterAtMost(5)).isZero();
  }

  @Test
  void runningAStatementAgainMidResultClosesItsPreviousScanAndReadsFromTheStart() throws Exception {
    try (Connection c = lakeOverAvatica(); Statement s = c.createStatement()) {
      ResultSet first = s.executeQuery("SELECT id FROM t");
      assertThat(first.next()).isTrue();
      for (int i = 0; i < 3; i++) {
        try (ResultSet again = s.executeQuery("SELECT id FROM t WHERE id >= 999990")) {
          assertThat(openDataFiles()).isLessThanOrEqualTo(1);
          int n = 0;
          while (again.next()) {
            assertThat(again.getLong(1)).isEqualTo(999_990 + n);
            n++;
          }
          assertThat(n).isEqualTo(10);
        }
      }
    }
    assertThat(openDataFilesAfterAtMost(5)).isZero();
  }

  @Test
  void aStatementIdleLongerThanItsTimeClosesItsScan() throws Exception {
    try (Connection c = lakeOverAvatica(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
        "SELECT id FROM t")) {
      assertThat(rs.next()).isTrue();
      assertThat(openDataFiles()).isEqualTo(1);
      assertThat(openDataFilesAfterAtMost((int) STATEMENT_IDLE.toSeconds() * 3)).isZero();
    }
  }
}
