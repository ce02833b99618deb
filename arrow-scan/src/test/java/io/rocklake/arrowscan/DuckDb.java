package io.rocklake.arrowscan;

import java.math.BigInteger;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The oracle: an in-memory DuckDB that writes Parquet files as DuckLake does and reads the expected
 * answers back. Values come back canonical (see {@link #canonical}), as {@link ArrowRows} makes them.
 * Registered as a test class's extension, it is closed after the class's tests.
 */
public final class DuckDb implements AutoCloseable, AfterAllCallback {
  private final Connection connection;

  public DuckDb() {
    try {
      connection = DriverManager.getConnection("jdbc:duckdb:");
      execute("SET threads = 1");
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  public void execute(String sql) {
    try (Statement s = connection.createStatement()) {
      s.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException(sql + ": " + e.getMessage(), e);
    }
  }

  /** Writes {@code select}'s rows to {@code file} with DuckDB's Parquet writer and these COPY options. */
  public Path copy(String select, Path file, String options) {
    execute("COPY (" + select + ") TO '" + file + "' (FORMAT parquet" + (options.isEmpty() ? "" : ", " + options) + ")");
    return file;
  }

  public List<List<Object>> rows(String sql) {
    List<List<Object>> out = new ArrayList<>();
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      while (rs.next()) {
        List<Object> row = new ArrayList<>();
        for (int k = 1; k <= md.getColumnCount(); k++) {
          row.add(canonical(rs.getObject(k)));
        }
        out.add(row);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(sql + ": " + e.getMessage(), e);
    }
    return out;
  }

  public Object scalar(String sql) {
    return rows(sql).get(0).get(0);
  }

  /** A data file entry for {@code file} as the catalog would record it. */
  public DataFile dataFile(Path file, long rowIdStart) {
    long count = ((BigInteger) scalar("SELECT count(*) FROM read_parquet('" + file + "')")).longValue();
    return DataFile.of(file.toString(), count, file.toFile().length(), rowIdStart);
  }

  /**
   * The SQL expression that gives {@code column} of that DuckLake type in the canonical form:
   * temporal values as their integer count of days or of the type's unit (seconds, milliseconds,
   * microseconds, nanoseconds; a timetz as microseconds of its time at UTC), intervals as the text
   * {@code "<months> months <days> days <micros> us"}, int128/uint128 as integers, blobs as hex, uuids
   * and json as text.
   */
  public static String canonicalExpression(String column, String lakeType) {
    return switch (lakeType) {
      case "date" -> "CAST(date_diff('day', DATE '1970-01-01', " + column + ") AS BIGINT)";
      case "timestamp", "timestamptz" -> "epoch_us(" + column + ")";
      case "blob" -> "hex(" + column + ")";
      case "uuid" -> "CAST(" + column + " AS VARCHAR)";
      case "time" -> "epoch_us(CAST(" + column + " AS TIME))";
      // The time of day at UTC, in [0, 24h): what DuckDB writes to Parquet and reads back (offset +00).
      case "timetz" -> "((epoch_us(CAST(" + column + " AS TIMETZ)) - datepart('timezone', CAST(" + column
          + " AS TIMETZ)) * 1000000) % 86400000000 + 86400000000) % 86400000000";
      case "timestamp_s" -> "CAST(epoch(CAST(" + column + " AS TIMESTAMP_S)) AS BIGINT)";
      case "timestamp_ms" -> "epoch_ms(CAST(" + column + " AS TIMESTAMP_MS))";
      case "timestamp_ns" -> "epoch_ns(CAST(" + column + " AS TIMESTAMP_NS))";
      case "int128" -> "CAST(" + column + " AS HUGEINT)";
      case "uint128" -> "CAST(" + column + " AS UHUGEINT)";
      case "json" -> "CAST(" + column + " AS VARCHAR)";
      case "interval" -> interval("CAST(" + column + " AS INTERVAL)");
      default -> column;
    };
  }

  private static String interval(String x) {
    return "CAST(datepart('year', " + x + ") * 12 + datepart('month', " + x + ") AS VARCHAR) || ' months '"
        + " || CAST(datepart('day', " + x + ") AS VARCHAR) || ' days ' || CAST(datepart('hour', " + x + ") * 3600000000"
        + " + datepart('minute', " + x + ") * 60000000 + datepart('microseconds', " + x + ") AS VARCHAR) || ' us'";
  }

  /**
   * Integers of every width become BigInteger, bytes hex; a list becomes a List, a struct a
   * LinkedHashMap of field name to value, a map a List of [key, value] pairs, each value canonical;
   * the rest is kept.
   */
  public static Object canonical(Object o) {
    if (o instanceof java.sql.Array a) {
      try {
        List<Object> out = new ArrayList<>();
        for (Object e : (Object[]) a.getArray()) {
          out.add(canonical(e));
        }
        return out;
      } catch (SQLException e) {
        throw new IllegalStateException(e);
      }
    }
    if (o instanceof org.duckdb.DuckDBStruct s) {
      try {
        Map<String, Object> out = new LinkedHashMap<>();
        s.getMap().forEach((k, v) -> out.put(k, canonical(v)));
        return out;
      } catch (SQLException e) {
        throw new IllegalStateException(e);
      }
    }
    if (o instanceof Map<?, ?> m) {
      List<Object> out = new ArrayList<>();
      m.forEach((k, v) -> out.add(java.util.Arrays.asList(canonical(k), canonical(v))));
      return out;
    }
    if (o instanceof Byte || o instanceof Short || o instanceof Integer || o instanceof Long) {
      return BigInteger.valueOf(((Number) o).longValue());
    }
    if (o instanceof byte[] b) {
      return HexFormat.of().withUpperCase().formatHex(b);
    }
    return o;
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    close();
  }
}
