package io.rocklake.conformance.scale;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the scale bench measured: per scale and operation the median over the timed rounds on each
 * server, the rows each read answered, and each scale's build time; printed as one table with the
 * ratios the goals are stated in (RockLake against PostgreSQL on the same catalog, each server
 * against itself on the fresh catalog).
 */
public final class ScaleReport {
  private final List<String> scales;
  private final Map<String, Timings> timings = new LinkedHashMap<>();
  private final Map<String, String> builds = new LinkedHashMap<>();

  /** Every round's time of one operation on one scale, on both servers. */
  private static final class Timings {
    final List<Double> rocklakeMs = new ArrayList<>();
    final List<Double> postgresMs = new ArrayList<>();
    long rows;
  }

  ScaleReport(List<String> scales) {
    this.scales = List.copyOf(scales);
  }

  void built(CatalogScale scale, long rocklakeNanos, long postgresNanos) {
    builds.put(scale.name(), String.format(Locale.ROOT,
        "build %s: RockLake %.1f s (%s, %s), PostgreSQL %.1f s (%s, %s)", scale, rocklakeNanos / 1e9,
        ScaleBench.rate(scale.snapshots(), rocklakeNanos), fileRate(scale, rocklakeNanos), postgresNanos / 1e9,
        ScaleBench.rate(scale.snapshots(), postgresNanos), fileRate(scale, postgresNanos)));
  }

  private static String fileRate(CatalogScale scale, long nanos) {
    return String.format(Locale.ROOT, "%,.0f data-file rows/s", scale.files() / Math.max(nanos / 1e9, 1e-9));
  }

  void measured(String scale, Operation op, long rocklakeNanos, long postgresNanos, long rows) {
    Timings t = timings.computeIfAbsent(key(scale, op), k -> new Timings());
    t.rocklakeMs.add(rocklakeNanos / 1e6);
    t.postgresMs.add(postgresNanos / 1e6);
    t.rows = rows;
  }

  /** The median of the timed rounds, in milliseconds, on RockLake ({@code rocklake}) or PostgreSQL. */
  public double medianMs(String scale, Operation op, boolean rocklake) {
    Timings t = timings.get(key(scale, op));
    if (t == null) {
      throw new IllegalArgumentException("nothing measured for " + op.label + " on " + scale);
    }
    return median(rocklake ? t.rocklakeMs : t.postgresMs);
  }

  /** The rows the operation's reads answered on the scale (the same on both servers, or the bench stops). */
  public long rows(String scale, Operation op) {
    return timings.get(key(scale, op)).rows;
  }

  public List<String> scales() {
    return scales;
  }

  public void print(PrintStream out) {
    builds.values().forEach(out::println);
    out.println();
    out.println("| operation | catalog | rows read | RockLake ms | PostgreSQL ms | RockLake / PostgreSQL"
        + " | RockLake / fresh | PostgreSQL / fresh |");
    out.println("|---|---|---:|---:|---:|---:|---:|---:|");
    String fresh = scales.get(0);
    for (Operation op : Operation.values()) {
      for (String scale : scales) {
        double rl = medianMs(scale, op, true);
        double pg = medianMs(scale, op, false);
        out.println(String.format(Locale.ROOT, "| %s | %s | %,d | %.2f | %.2f | %.2f | %.2f | %.2f |", op.label, scale,
            rows(scale, op), rl, pg, rl / pg, rl / medianMs(fresh, op, true), pg / medianMs(fresh, op, false)));
      }
    }
  }

  private static String key(String scale, Operation op) {
    return scale + "\u0000" + op.name();
  }

  static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(null);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
