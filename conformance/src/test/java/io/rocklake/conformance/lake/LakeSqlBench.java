package io.rocklake.conformance.lake;

import io.rocklake.conformance.pg.ThrowawayPostgres;
import io.rocklake.server.CatalogLocation;
import io.rocklake.server.RockLakeServer;
import io.rocklake.server.ServerConfig;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * The lake database end to end, against PostgreSQL 15 holding the same rows, in one run (not a test;
 * docs/benchmarks.md, "Lake tables over pgjdbc"):
 *
 * <ul>
 *   <li>{@code SELECT *} of a 1M-row table (100 files, id BIGINT, v DOUBLE, s VARCHAR) read by pgjdbc
 *       with a fetch size, rows/s for RockLake and PostgreSQL;
 *   <li>a filter that only one file's statistics admit (RockLake prunes 99 of 100 files; PostgreSQL,
 *       with no index, reads its whole table);
 *   <li>the peak heap of the JVM while a 10M-row table streams through it.
 * </ul>
 *
 * Run: {@code ./mvnw -B -o -pl conformance -am test-compile exec:exec@lake-sql-bench}.
 */
public final class LakeSqlBench {
  private static final int ROUNDS = Integer.getInteger("lake.sql.bench.rounds", 5);

  public static void main(String[] args) throws Exception {
    Path root = Files.createTempDirectory("lake-sql-bench-");
    System.out.println("building a 1M-row lake (100 files) and a 10M-row lake (100 files) under " + root);
    SyntheticLake million = SyntheticLake.create(root.resolve("1m"), 100, 10_000);
    try (ThrowawayPostgres pg = ThrowawayPostgres.start(ThrowawayPostgres.Durability.RELAXED)) {
      String pgUrl = "jdbc:postgresql://" + pg.host() + ":" + pg.port() + "/postgres";
      try (Connection c = DriverManager.getConnection(pgUrl, "postgres", ""); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE t (id BIGINT, v DOUBLE PRECISION, s VARCHAR)");
        s.execute("INSERT INTO t SELECT i, i * 0.5, 'row-' || i FROM generate_series(0, 999999) i");
        s.execute("VACUUM ANALYZE t");
      }
      RockLakeServer server = RockLakeServer.start(ServerConfig.local(CatalogLocation.parse(million.catalog.toString()), 0));
      String lakeUrl = "jdbc:postgresql://127.0.0.1:" + server.port() + "/lake";
      try {
        compare("SELECT * FROM t (1M rows)", "SELECT * FROM t", lakeUrl, pgUrl, 1_000_000);
        compare("WHERE id BETWEEN 420000 AND 429999 (1 of 100 files)",
            "SELECT * FROM t WHERE id BETWEEN 420000 AND 429999", lakeUrl, pgUrl, 10_000);
      } finally {
        server.close();
      }
    }
    SyntheticLake tenMillion = SyntheticLake.create(root.resolve("10m"), 100, 100_000);
    RockLakeServer server = RockLakeServer.start(ServerConfig.local(CatalogLocation.parse(tenMillion.catalog.toString()), 0));
    try {
      System.gc();
      long before = heapUsed();
      resetPeaks();
      long t0 = System.nanoTime();
      long rows = read("jdbc:postgresql://127.0.0.1:" + server.port() + "/lake", "SELECT * FROM t");
      double seconds = (System.nanoTime() - t0) / 1e9;
      System.out.printf(Locale.ROOT, "10M-row scan: %,d rows in %.1f s (%,.0f rows/s); heap used before %,d MB,"
          + " peak during the scan %,d MB (max heap %,d MB)%n", rows, seconds, rows / seconds, before >> 20,
          peakHeap() >> 20, Runtime.getRuntime().maxMemory() >> 20);
    } finally {
      server.close();
    }
  }

  private static void compare(String name, String sql, String lakeUrl, String pgUrl, long expectedRows) throws SQLException {
    double lake = best(lakeUrl, sql, expectedRows);
    double pg = best(pgUrl, sql, expectedRows);
    System.out.printf(Locale.ROOT, "%-55s RockLake %,12.0f rows/s   PostgreSQL %,12.0f rows/s   ratio %.2fx%n",
        name, lake, pg, lake / pg);
  }

  /** The best of the rounds (after one warm-up), in rows per second. */
  private static double best(String url, String sql, long expectedRows) throws SQLException {
    read(url, sql);
    double best = 0;
    for (int i = 0; i < ROUNDS; i++) {
      long t0 = System.nanoTime();
      long n = read(url, sql);
      double rate = n / ((System.nanoTime() - t0) / 1e9);
      if (n != expectedRows) {
        throw new IllegalStateException(url + " returned " + n + " rows for " + sql + ", not " + expectedRows);
      }
      best = Math.max(best, rate);
    }
    return best;
  }

  /** Reads every row with a fetch size, as Spark and BI tools do, touching each value. */
  private static long read(String url, String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(url, "postgres", "")) {
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        s.setFetchSize(10_000);
        long n = 0;
        long sink = 0;
        try (ResultSet rs = s.executeQuery(sql)) {
          while (rs.next()) {
            sink += rs.getLong(1) + (long) rs.getDouble(2) + rs.getString(3).length();
            n++;
          }
        }
        c.commit();
        if (sink == 42) {
          System.out.print("");
        }
        return n;
      }
    }
  }

  private static long heapUsed() {
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  private static void resetPeaks() {
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      if (p.getType() == MemoryType.HEAP) {
        p.resetPeakUsage();
      }
    }
  }

  /** The sum of the heap pools' peaks since the reset: an upper bound of the heap in use at any moment. */
  private static long peakHeap() {
    long sum = 0;
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      if (p.getType() == MemoryType.HEAP) {
        sum += p.getPeakUsage().getUsed();
      }
    }
    return sum;
  }
}
