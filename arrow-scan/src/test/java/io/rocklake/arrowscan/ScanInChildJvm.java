package io.rocklake.arrowscan;

import java.util.ArrayList;
import java.util.List;

/**
 * Run by {@link NoHadoopAtRuntimeTest} in a JVM without Hadoop: scans each file given as
 * {@code path:recordCount:fileSizeBytes} (a local path or an {@code s3://} URL, opened as the
 * catalog opens them, S3 configured by this process's environment) with columns id (#1, int64) and
 * s (#2, varchar), printing one row per line.
 */
public final class ScanInChildJvm {
  private ScanInChildJvm() {}

  public static void main(String[] args) {
    List<DataFile> files = new ArrayList<>();
    for (String a : args) {
      int sizeColon = a.lastIndexOf(':');
      int countColon = a.lastIndexOf(':', sizeColon - 1);
      files.add(DataFile.of(a.substring(0, countColon), Long.parseLong(a.substring(countColon + 1, sizeColon)),
          Long.parseLong(a.substring(sizeColon + 1)), 0));
    }
    ScanPlan plan = ScanPlan.allColumns(
        List.of(new PlanColumn(1, "id", "int64", null), new PlanColumn(2, "s", "varchar", null)), files);
    ScanOptions options = ScanOptions.defaults().withOpener(SchemeOpener.fromEnvironment(System.getenv()));
    for (List<Object> row : ArrowRows.scan(plan, options)) {
      System.out.println(row);
    }
  }
}
