package io.rocklake.server.migrate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** What one import or export copied: rows per table and the time it took, printed for people or as JSON. */
public final class MigrationReport {
  /** One table's copy. */
  public record TableCount(String table, long rows) {}

  private static final ObjectMapper JSON = new ObjectMapper();

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
    ObjectNode root = JSON.createObjectNode().put("direction", direction).put("from", from).put("to", to);
    ArrayNode copied = root.putArray("tables");
    tables.forEach(t -> copied.addObject().put("table", t.table()).put("rows", t.rows()));
    root.put("total_rows", totalRows()).put("seconds", Math.round(seconds() * 1000) / 1000.0);
    try {
      out.println(JSON.writeValueAsString(root));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("could not write JSON: " + e.getMessage(), e);
    }
    out.flush();
  }
}
