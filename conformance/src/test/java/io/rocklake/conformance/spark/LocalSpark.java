package io.rocklake.conformance.spark;

import org.apache.spark.sql.SparkSession;

/**
 * The one Spark a test class reads with: local mode on two threads (the machine's cores), no web UI,
 * two shuffle partitions (nothing here shuffles much), UTC session time zone, the driver on loopback.
 */
final class LocalSpark {
  private LocalSpark() {}

  static SparkSession start(String appName) {
    return SparkSession.builder()
        .appName(appName)
        .master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.default.parallelism", "2")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .getOrCreate();
  }
}
