package io.rocklake.arrowscan;

import java.util.ArrayList;
import java.util.List;

/**
 * Run by {@link NoHadoopAtRuntimeTest} in a JVM without Hadoop: scans each file given as
 * {@code path:recordCount} with columns id (#1, int64) and s (#2, varchar), printing one row per line.
 */
public final class ScanInChildJvm {
  private ScanInChildJvm() {}

  public static void main(String[] args) {
    List<DataFile> files = new ArrayList<>();
    for (String a : args) {
      int colon = a.lastIndexOf(':');
      String path = a.substring(0, colon);
      files.add(DataFile.of(path, Long.parseLong(a.substring(colon + 1)), new java.io.File(path).length(), 0));
    }
    ScanPlan plan = ScanPlan.allColumns(
        List.of(new PlanColumn(1, "id", "int64", null), new PlanColumn(2, "s", "varchar", null)), files);
    for (List<Object> row : ArrowRows.scan(plan)) {
      System.out.println(row);
    }
  }
}
