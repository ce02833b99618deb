package io.rocklake.conformance.lake;

import io.rocklake.arrowscan.DuckDb;
import io.rocklake.arrowscan.PlanColumn;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * DuckDB (in memory, one thread) reading its own Parquet exports of lake tables, values in
 * arrow-scan's canonical form ({@link io.rocklake.arrowscan.ArrowRows}).
 */
final class DuckDbExports implements AutoCloseable {
  private final Connection connection;

  DuckDbExports() {
    try {
      connection = DriverManager.getConnection("jdbc:duckdb:");
      try (Statement s = connection.createStatement()) {
        s.execute("SET threads = 1");
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The export's column names, in order. */
  List<String> columnNames(Path export) {
    return query("SELECT column_name FROM (DESCRIBE SELECT * FROM " + source(export) + ")").stream()
        .map(r -> (String) r.get(0)).toList();
  }

  /**
   * The export's values of these columns (by their names at the snapshot), one list per row. A CSV
   * export (scenarios 01-07) is read as text and cast to the column's type, so no type is guessed.
   */
  List<List<Object>> rows(Path export, List<PlanColumn> columns) {
    boolean csv = isCsv(export);
    String select = columns.stream()
        .map(c -> DuckDb.canonicalExpression(csv ? "CAST(\"" + c.name() + "\" AS " + duckType(c) + ")" : '"' + c.name() + '"',
            c.columnType()))
        .collect(Collectors.joining(", "));
    return query("SELECT " + select + " FROM " + source(export));
  }

  private static boolean isCsv(Path export) {
    return export.getFileName().toString().endsWith(".csv");
  }

  private static String source(Path export) {
    return isCsv(export) ? "read_csv('" + export + "', header = true, all_varchar = true)"
        : "read_parquet('" + export + "')";
  }

  /** The DuckDB type of a column, its fields included, to read a CSV export's text as (the types arrow-scan reads). */
  private static String duckType(PlanColumn c) {
    String lakeType = c.columnType();
    return lakeType.startsWith("decimal(") ? lakeType.toUpperCase(java.util.Locale.ROOT) : switch (lakeType) {
      case "list" -> duckType(c.children().get(0)) + "[]";
      case "struct" -> c.children().stream().map(f -> '"' + f.name() + "\" " + duckType(f))
          .collect(Collectors.joining(", ", "STRUCT(", ")"));
      case "map" -> "MAP(" + duckType(c.children().get(0)) + ", " + duckType(c.children().get(1)) + ")";
      case "boolean" -> "BOOLEAN";
      case "int8" -> "TINYINT";
      case "int16" -> "SMALLINT";
      case "int32" -> "INTEGER";
      case "int64" -> "BIGINT";
      case "uint8" -> "UTINYINT";
      case "uint16" -> "USMALLINT";
      case "uint32" -> "UINTEGER";
      case "uint64" -> "UBIGINT";
      case "float32" -> "FLOAT";
      case "float64" -> "DOUBLE";
      case "date" -> "DATE";
      case "timestamp" -> "TIMESTAMP";
      case "timestamptz" -> "TIMESTAMPTZ";
      case "varchar" -> "VARCHAR";
      case "blob" -> "BLOB";
      case "uuid" -> "UUID";
      case "int128" -> "HUGEINT";
      case "uint128" -> "UHUGEINT";
      case "time" -> "TIME";
      case "timetz" -> "TIMETZ";
      case "interval" -> "INTERVAL";
      case "timestamp_s" -> "TIMESTAMP_S";
      case "timestamp_ms" -> "TIMESTAMP_MS";
      case "timestamp_ns" -> "TIMESTAMP_NS";
      case "json" -> "JSON";
      default -> throw new IllegalArgumentException("no CSV reading for DuckLake type " + lakeType);
    };
  }

  /** DuckDB's answer to a query of the export, named {@code export} in it (e.g. {@code SELECT count(*) FROM export}). */
  List<List<Object>> answer(Path export, String query) {
    return query("WITH export AS (SELECT * FROM " + source(export) + ") " + query);
  }

  /** DuckDB's answer to a query, e.g. of a lake data file through {@code read_parquet}. */
  List<List<Object>> query(String sql) {
    List<List<Object>> out = new ArrayList<>();
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<Object> row = new ArrayList<>();
        for (int k = 1; k <= n; k++) {
          row.add(DuckDb.canonical(rs.getObject(k)));
        }
        out.add(row);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(sql + ": " + e.getMessage(), e);
    }
    return out;
  }

  @Override public void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
