package io.rocklake.conformance.lake;

import io.rocklake.conformance.pg.ThrowawayPostgres;
import io.rocklake.server.CatalogLocation;
import io.rocklake.server.RockLakeServer;
import io.rocklake.server.ServerConfig;
import io.rocklake.avatica.AvaticaOptions;
import io.rocklake.pgwire.server.auth.AuthMethod;
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
import java.net.InetSocketAddress;
import java.util.Locale;
import java.util.Properties;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The lake database end to end, against PostgreSQL 15 holding the same rows, in one run (not a test;
 * docs/benchmarks.md, "Lake tables over pgjdbc"):
 *
 * <ul>
 *   <li>{@code SELECT *} of a 1M-row table (100 files, id BIGINT, v DOUBLE, s VARCHAR) read by pgjdbc
 *       with a fetch size, rows/s for RockLake and PostgreSQL;
 *   <li>a filter that only one file's statistics admit (RockLake prunes 99 of 100 files; PostgreSQL,
 *       with no index, reads its whole table);
 *   <li>the same {@code SELECT *} over the Avatica endpoint with the stock remote driver, and through
 *       Spark's JDBC data source (local[2], two partitions on {@code id}) over pgjdbc to RockLake, over
 *       the Avatica driver to RockLake, and over pgjdbc to PostgreSQL; with each read's peak heap (the
 *       server, the client and Spark share this JVM);
 *   <li>the peak heap of the JVM while a 10M-row table streams through it, over pgjdbc and over Avatica.
 * </ul>
 *
 * Run: {@code ./mvnw -B -o -pl conformance -am test-compile exec:exec@lake-sql-bench}.
 */
public final class LakeSqlBench {
  private static final int ROUNDS = Integer.getInteger("lake.sql.bench.rounds", 3);

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
      RockLakeServer server = RockLakeServer.start(withAvatica(million));
      String lakeUrl = "jdbc:postgresql://127.0.0.1:" + server.port() + "/lake";
      String avaticaUrl = server.avatica().jdbcUrl(AuthMethod.TRUST);
      try {
        compare("SELECT * FROM t (1M rows)", "SELECT * FROM t", lakeUrl, pgUrl, 1_000_000);
        compare("WHERE id BETWEEN 420000 AND 429999 (1 of 100 files)",
            "SELECT * FROM t WHERE id BETWEEN 420000 AND 429999", lakeUrl, pgUrl, 10_000);
        endToEnd(lakeUrl, avaticaUrl, pgUrl);
      } finally {
        server.close();
      }
    }
    SyntheticLake tenMillion = SyntheticLake.create(root.resolve("10m"), 100, 100_000);
    RockLakeServer server = RockLakeServer.start(withAvatica(tenMillion));
    try {
      tenMillionRows("pgjdbc", () -> read("jdbc:postgresql://127.0.0.1:" + server.port() + "/lake", "SELECT * FROM t"));
      tenMillionRows("Avatica", () -> readAvatica(server.avatica().jdbcUrl(AuthMethod.TRUST), "SELECT * FROM t"));
    } finally {
      server.close();
    }
  }

  private static ServerConfig withAvatica(SyntheticLake lake) {
    return ServerConfig.local(CatalogLocation.parse(lake.catalog.toString()), 0)
        .withAvatica(AvaticaOptions.defaults(new InetSocketAddress("127.0.0.1", 0), 10));
  }

  private interface Read {
    long rows() throws SQLException;
  }

  private static void tenMillionRows(String client, Read read) throws SQLException {
    System.gc();
    long before = heapUsed();
    resetPeaks();
    long t0 = System.nanoTime();
    long rows = read.rows();
    double seconds = (System.nanoTime() - t0) / 1e9;
    System.out.printf(Locale.ROOT, "10M-row scan over %s: %,d rows in %.1f s (%,.0f rows/s); heap used before %,d MB,"
        + " peak during the scan %,d MB (max heap %,d MB)%n", client, rows, seconds, rows / seconds, before >> 20,
        peakHeap() >> 20, Runtime.getRuntime().maxMemory() >> 20);
  }

  /**
   * {@code SELECT *} of the 1M-row table end to end: each way a client can take it, the best of the
   * rounds in rows/s and the highest peak heap of a round.
   */
  private static void endToEnd(String lakeUrl, String avaticaUrl, String pgUrl) throws SQLException {
    String sql = "SELECT * FROM t";
    long n = 1_000_000;
    System.out.println("SELECT * FROM t (1M rows), end to end:");
    measure("RockLake over pgjdbc", () -> read(lakeUrl, sql), n);
    measure("PostgreSQL over pgjdbc", () -> read(pgUrl, sql), n);
    measure("RockLake over Avatica (stock driver)", () -> readAvatica(avaticaUrl, sql), n);
    SparkSession spark = SparkSession.builder().appName("lake-sql-bench").master("local[2]")
        .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
    try {
      measure("Spark JDBC -> RockLake over pgjdbc", () -> readSpark(spark, lakeUrl, null), n);
      measure("Spark JDBC -> RockLake over Avatica", () -> readSpark(spark, avaticaUrl,
          "org.apache.calcite.avatica.remote.Driver"), n);
      measure("Spark JDBC -> PostgreSQL over pgjdbc", () -> readSpark(spark, pgUrl, null), n);
    } finally {
      spark.stop();
    }
  }

  private static void measure(String name, Read read, long expectedRows) throws SQLException {
    read.rows(); // warm-up
    double best = 0;
    long peak = 0;
    for (int i = 0; i < ROUNDS; i++) {
      System.gc();
      resetPeaks();
      long t0 = System.nanoTime();
      long n = read.rows();
      double rate = n / ((System.nanoTime() - t0) / 1e9);
      peak = Math.max(peak, peakHeap());
      if (n != expectedRows) {
        throw new IllegalStateException(name + " returned " + n + " rows, not " + expectedRows);
      }
      best = Math.max(best, rate);
    }
    System.out.printf(Locale.ROOT, "  %-40s %,12.0f rows/s   peak heap %,5d MB%n", name, best, peak >> 20);
  }

  /** Every row through the stock Avatica remote driver (protobuf), frames of 10,000, touching each value. */
  private static long readAvatica(String url, String sql) throws SQLException {
    Properties p = new Properties();
    p.setProperty("database", "lake");
    p.setProperty("fetch_size", "10000");
    try (Connection c = DriverManager.getConnection(url, p); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      long n = 0;
      long sink = 0;
      while (rs.next()) {
        sink += rs.getLong(1) + (long) rs.getDouble(2) + rs.getString(3).length();
        n++;
      }
      if (sink == 42) {
        System.out.print("");
      }
      return n;
    }
  }

  /**
   * Every row through Spark's JDBC data source, two partitions on id, fetch size 10,000; Spark sums
   * the values (its JDBC source pushes no aggregate by default, so every row crosses the wire).
   */
  private static long readSpark(SparkSession spark, String url, String driver) {
    DataFrameReader r = spark.read().format("jdbc").option("url", url).option("dbtable", "t")
        .option("user", "postgres").option("password", "").option("fetchsize", "10000")
        .option("partitionColumn", "id").option("lowerBound", "0").option("upperBound", "1000000")
        .option("numPartitions", "2");
    if (driver != null) {
      r = r.option("driver", driver).option("database", "lake");
    }
    Row sums = r.load().selectExpr("count(*)", "sum(id)", "sum(length(s))").first();
    return sums.getLong(0);
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
