package io.rocklake.conformance.scale;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the scale bench measured: per scale, operation and server the median over the timed rounds,
 * the rows each read answered, and each scale's build time; printed as one table with the ratios
 * the goals are stated in (RockLake against PostgreSQL on the same catalog, each server against
 * itself on the fresh catalog).
 */
public final class ScaleReport {
  private final List<String> scales;
  private final List<String> servers;
  private final Map<String, List<Double>> millis = new LinkedHashMap<>();
  private final Map<String, Long> rows = new LinkedHashMap<>();
  private final List<String> builds = new ArrayList<>();

  ScaleReport(List<String> scales, List<String> servers) {
    this.scales = List.copyOf(scales);
    this.servers = List.copyOf(servers);
  }

  void built(CatalogScale scale, String server, long nanos) {
    double s = Math.max(nanos / 1e9, 1e-9);
    builds.add(String.format(Locale.ROOT, "build %s on %s: %.1f s (%,.0f snapshots/s, %,.0f data-file rows/s)", scale,
        server, nanos / 1e9, scale.snapshots() / s, scale.files() / s));
  }

  void measured(String scale, Operation op, String server, long nanos, long rowsRead) {
    millis.computeIfAbsent(key(scale, op, server), k -> new ArrayList<>()).add(nanos / 1e6);
    rows.put(key(scale, op, ""), rowsRead);
  }

  /** The median of the timed rounds, in milliseconds. */
  public double medianMs(String scale, Operation op, String server) {
    List<Double> ms = millis.get(key(scale, op, server));
    if (ms == null) {
      throw new IllegalArgumentException("nothing measured for " + op.label + " on " + scale + " on " + server);
    }
    return median(ms);
  }

  /** The rows the operation's reads answered on the scale (the same on every server, or the bench stops). */
  public long rows(String scale, Operation op) {
    return rows.get(key(scale, op, ""));
  }

  public List<String> scales() {
    return scales;
  }

  public List<String> servers() {
    return servers;
  }

  public void print(PrintStream out) {
    builds.forEach(out::println);
    out.println();
    boolean both = servers.size() == 2;
    String only = servers.get(0);
    out.println(both
        ? "| operation | catalog | rows read | RockLake ms | PostgreSQL ms | RockLake / PostgreSQL | RockLake / fresh | PostgreSQL / fresh |"
        : "| operation | catalog | rows read | " + only + " ms | " + only + " / fresh |");
    out.println(both ? "|---|---|---:|---:|---:|---:|---:|---:|" : "|---|---|---:|---:|---:|");
    String fresh = scales.get(0);
    for (Operation op : Operation.values()) {
      for (String scale : scales) {
        if (both) {
          double pg = medianMs(scale, op, ScaleBench.POSTGRES);
          double rl = medianMs(scale, op, ScaleBench.ROCKLAKE);
          out.println(String.format(Locale.ROOT, "| %s | %s | %,d | %.2f | %.2f | %.2f | %.2f | %.2f |", op.label, scale,
              rows(scale, op), rl, pg, rl / pg, rl / medianMs(fresh, op, ScaleBench.ROCKLAKE),
              pg / medianMs(fresh, op, ScaleBench.POSTGRES)));
        } else {
          double ms = medianMs(scale, op, only);
          out.println(String.format(Locale.ROOT, "| %s | %s | %,d | %.2f | %.2f |", op.label, scale, rows(scale, op), ms,
              ms / medianMs(fresh, op, only)));
        }
      }
    }
  }

  private static String key(String scale, Operation op, String server) {
    return scale + "\u0000" + op.name() + "\u0000" + server;
  }

  static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(null);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
