package io.rocklake.conformance.clients;

import io.rocklake.conformance.compare.RowDifference;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * A result as a client sees it through pgjdbc — column labels, JDBC types (what {@code getObject}
 * returns: {@code numeric} and {@code bigint} differ, {@code text} and {@code varchar} are both
 * VARCHAR) and values — reduced to comparable text, and the one comparison the client tests use.
 *
 * <p>Values: NULL is {@code NULL}; exact numbers {@code n:} + the plain decimal without trailing
 * fractional zeros (so {@code numeric} 2.50 equals 2.5, but never 3); floating point {@code f:} +
 * Java's text; booleans {@code b:}; text and UUIDs {@code s:'…'}, exact; arrays {@code a:} + their
 * elements. Timestamps are server-chosen ({@code snapshot_time} and {@code schedule_start} come from
 * the server's {@code NOW()} during the replay) and become {@code t:set}: only NULL-ness is compared
 * here, order through queries that compare timestamps in SQL.
 */
record ClientRows(List<String> labels, List<String> types, List<List<String>> rows) {

  static ClientRows read(ResultSet rs) throws SQLException {
    ResultSetMetaData md = rs.getMetaData();
    int n = md.getColumnCount();
    List<String> labels = new ArrayList<>();
    List<String> types = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      labels.add(md.getColumnLabel(i));
      types.add(jdbcTypeName(md.getColumnType(i)));
    }
    List<List<String>> rows = new ArrayList<>();
    while (rs.next()) {
      List<String> row = new ArrayList<>(n);
      for (int i = 1; i <= n; i++) {
        int t = md.getColumnType(i);
        if (t == Types.TIMESTAMP || t == Types.TIMESTAMP_WITH_TIMEZONE) {
          row.add(rs.getObject(i) == null ? "NULL" : "t:set");
        } else {
          row.add(normalize(rs.getObject(i)));
        }
      }
      rows.add(row);
    }
    return new ClientRows(labels, types, rows);
  }

  /** The JDBC type pgjdbc maps the column's PostgreSQL type to: what a client's getObject returns. */
  private static String jdbcTypeName(int type) {
    try {
      return java.sql.JDBCType.valueOf(type).getName();
    } catch (IllegalArgumentException unknown) {
      return String.valueOf(type);
    }
  }

  static String normalize(Object v) throws SQLException {
    if (v == null) {
      return "NULL";
    }
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return "n:" + ((Number) v).longValue();
    }
    if (v instanceof BigDecimal d) {
      d = d.stripTrailingZeros();
      return "n:" + (d.signum() == 0 ? "0" : d.toPlainString());
    }
    if (v instanceof Double || v instanceof Float) {
      return "f:" + v;
    }
    if (v instanceof Boolean) {
      return "b:" + v;
    }
    if (v instanceof String || v instanceof UUID) {
      return "s:'" + v + "'";
    }
    if (v instanceof Array a) {
      Object[] elements = (Object[]) a.getArray();
      List<String> out = new ArrayList<>();
      for (Object e : elements) {
        out.add(normalize(e));
      }
      return "a:" + out;
    }
    if (v instanceof byte[] b) {
      return "x:" + Arrays.toString(b);
    }
    return v.getClass().getSimpleName() + ":" + v;
  }

  /** Null when {@code actual} equals this (in order, or as multisets); else what differs. */
  String difference(ClientRows actual, boolean ordered) {
    StringBuilder sb = new StringBuilder();
    if (!labels.equals(actual.labels)) {
      sb.append("column labels differ: expected ").append(labels).append(", actual ").append(actual.labels).append('\n');
    }
    if (!types.equals(actual.types)) {
      sb.append("column types differ: expected ").append(types).append(", actual ").append(actual.types).append('\n');
    }
    String rowDifference = RowDifference.of(rows, actual.rows, ordered);
    if (rowDifference != null) {
      sb.append(rowDifference);
    }
    return sb.length() == 0 ? null : sb.toString();
  }
}
