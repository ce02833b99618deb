package io.rocklake.conformance.spark;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * DuckDB (in memory, one thread) answering a question over its own CSV export of a lake table, the
 * export read as text and cast by the caller, so that no type is guessed. Values come back as the Java
 * types Spark collects for the same columns: Integer, Long, String, and LocalDateTime for timestamps.
 */
final class DuckDbOracle implements AutoCloseable {
  private final Connection connection;

  DuckDbOracle() throws SQLException {
    connection = DriverManager.getConnection("jdbc:duckdb:");
    try (Statement s = connection.createStatement()) {
      s.execute("SET threads = 1");
    }
  }

  /** The answer to {@code query}, in which the export is named {@code export}. */
  List<List<Object>> answer(Path csv, String query) throws SQLException {
    String sql = "WITH export AS (SELECT * FROM read_csv('" + csv + "', header = true, all_varchar = true)) " + query;
    List<List<Object>> out = new ArrayList<>();
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<Object> row = new ArrayList<>(n);
        for (int k = 1; k <= n; k++) {
          row.add(rs.getMetaData().getColumnType(k) == Types.TIMESTAMP && rs.getObject(k) != null
              ? rs.getObject(k, LocalDateTime.class) : rs.getObject(k));
        }
        out.add(row);
      }
    }
    return out;
  }

  @Override public void close() throws SQLException {
    connection.close();
  }
}
