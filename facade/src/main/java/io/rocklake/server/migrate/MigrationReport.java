package io.rocklake.server.migrate;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** What one import or export copied: rows per table and the time it took, printed for people or as JSON. */
public final class MigrationReport {
  /** One table's copy. */
  public record TableCount(String table, long rows) {}

  private final String direction;
  private final String from;
  private final String to;
  private final List<TableCount> tables = new ArrayList<>();
  private long nanos;

  MigrationReport(String direction, String from, String to) {
    this.direction = direction;
    this.from = from;
    this.to = to;
  }

  void add(String table, long rows) {
    tables.add(new TableCount(table, rows));
  }

  void finish(long nanos) {
    this.nanos = nanos;
  }

  public List<TableCount> tables() {
    return List.copyOf(tables);
  }

  public long totalRows() {
    return tables.stream().mapToLong(TableCount::rows).sum();
  }

  public double seconds() {
    return nanos / 1e9;
  }

  /** Rows (catalog facts) copied per second. */
  public double rowsPerSecond() {
    return nanos == 0 ? 0 : totalRows() / seconds();
  }

  void printText(PrintWriter out) {
    out.printf("%s %s -> %s%n", direction, from, to);
    int width = tables.stream().mapToInt(t -> t.table().length()).max().orElse(5);
    for (TableCount t : tables) {
      out.printf("  %-" + width + "s %12d%n", t.table(), t.rows());
    }
    out.printf("%d tables, %d rows in %.2f s (%.0f rows/s)%n", tables.size(), totalRows(), seconds(), rowsPerSecond());
    out.flush();
  }

  void printJson(PrintWriter out) {
    StringBuilder sb = new StringBuilder("{\"direction\":").append(quote(direction))
        .append(",\"from\":").append(quote(from)).append(",\"to\":").append(quote(to)).append(",\"tables\":[");
    for (int i = 0; i < tables.size(); i++) {
      TableCount t = tables.get(i);
      sb.append(i == 0 ? "" : ",").append("{\"table\":").append(quote(t.table())).append(",\"rows\":")
          .append(t.rows()).append('}');
    }
    sb.append("],\"total_rows\":").append(totalRows()).append(",\"seconds\":")
        .append(String.format(java.util.Locale.ROOT, "%.3f", seconds())).append('}');
    out.println(sb);
    out.flush();
  }

  static String quote(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.append('"').toString();
  }
}
