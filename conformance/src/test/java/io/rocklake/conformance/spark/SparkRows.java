package io.rocklake.conformance.spark;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** Rows as plain lists of their values, ordered by their first column (a unique key in every test here). */
final class SparkRows {
  private SparkRows() {}

  /** Every row Spark collects from the data set. */
  static List<List<Object>> collect(Dataset<Row> df) {
    List<List<Object>> rows = new ArrayList<>();
    for (Row r : df.collectAsList()) {
      List<Object> values = new ArrayList<>(r.size());
      for (int i = 0; i < r.size(); i++) {
        values.add(r.get(i));
      }
      rows.add(values);
    }
    return sorted(rows);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static List<List<Object>> sorted(List<List<Object>> rows) {
    List<List<Object>> copy = new ArrayList<>(rows);
    copy.sort(Comparator.comparing(r -> (Comparable) r.get(0)));
    return copy;
  }
}
