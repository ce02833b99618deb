package io.rocklake.conformance.catalog;

import io.rocklake.conformance.compare.RowDifference;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.TimeZone;
import java.util.UUID;

/**
 * A query result reduced to comparable text, the same way for every JDBC driver, and the one
 * comparison the differential tests use.
 *
 * <p>Normalization, per value (each cell becomes one token; the tag keeps kinds apart so the text
 * {@code '1'} never equals the number 1, nor the text {@code 'NULL'} a null):
 * <ul>
 *   <li>SQL NULL → {@code NULL}.
 *   <li>Exact numbers (SMALLINT, INTEGER, BIGINT, NUMERIC/DECIMAL, whatever the driver's Java
 *       class) → {@code n:} + the value as a plain decimal with trailing fractional zeros removed:
 *       PostgreSQL's {@code numeric} 42.000 and Calcite's {@code BIGINT} 42 are both {@code n:42};
 *       42.5 stays {@code n:42.5}. Numerically different values never normalize alike.
 *   <li>Floating-point values are refused (an exception, failing the test): the queries avoid them
 *       because their text depends on the driver.
 *   <li>Booleans → {@code b:true} / {@code b:false}.
 *   <li>Timestamps (with or without time zone) → {@code t:} + the UTC instant in ISO-8601 with the
 *       full fraction ({@link java.time.Instant#toString()}), read with a UTC calendar so that the
 *       JVM's zone plays no part; a difference of one microsecond shows.
 *   <li>Text (VARCHAR, CHAR, TEXT) and UUIDs → {@code s:} + the exact characters in single quotes,
 *       nothing trimmed or case-folded (so a CHAR padded with blanks differs from the VARCHAR
 *       without them). A UUID is its canonical lower-case text: Calcite exposes UUID columns as
 *       that text.
 *   <li>Anything else is refused.
 * </ul>
 * Rows are compared in order when the query's ORDER BY makes the order total, else as multisets
 * (both sides sorted by their normalized text). Column counts must match; column names are not
 * compared (PostgreSQL and Calcite name unaliased expressions differently).
 */
record ResultRows(int columnCount, List<List<String>> rows) {
  private static final Calendar UTC = Calendar.getInstance(TimeZone.getTimeZone("UTC"));

  static ResultRows query(Connection connection, String sql) throws SQLException {
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return read(rs);
    }
  }

  static ResultRows read(ResultSet rs) throws SQLException {
    ResultSetMetaData md = rs.getMetaData();
    int n = md.getColumnCount();
    List<List<String>> rows = new ArrayList<>();
    while (rs.next()) {
      List<String> row = new ArrayList<>(n);
      for (int i = 1; i <= n; i++) {
        row.add(cell(rs, i, md.getColumnType(i), md.getColumnTypeName(i)));
      }
      rows.add(row);
    }
    return new ResultRows(n, rows);
  }

  private static String cell(ResultSet rs, int i, int jdbcType, String typeName) throws SQLException {
    if (jdbcType == Types.TIMESTAMP || jdbcType == Types.TIMESTAMP_WITH_TIMEZONE) {
      Timestamp t = rs.getTimestamp(i, (Calendar) UTC.clone());
      return normalize(t == null ? null : t.toInstant());
    }
    Object v = rs.getObject(i);
    return normalize(v);
  }

  /** The token of one value; see the class comment. */
  static String normalize(Object v) {
    if (v == null) {
      return "NULL";
    }
    if (v instanceof Double || v instanceof Float) {
      throw new IllegalArgumentException("floating-point value " + v + " in a differential result: not comparable"
          + " across drivers, keep floats out of the queries");
    }
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return "n:" + ((Number) v).longValue();
    }
    if (v instanceof BigDecimal) {
      BigDecimal d = ((BigDecimal) v).stripTrailingZeros();
      return "n:" + (d.signum() == 0 ? "0" : d.toPlainString());
    }
    if (v instanceof Boolean) {
      return "b:" + v;
    }
    if (v instanceof java.time.Instant) {
      return "t:" + v;
    }
    if (v instanceof String || v instanceof UUID) {
      return "s:'" + v + "'";
    }
    throw new IllegalArgumentException("no normalization for " + v.getClass().getName() + " value " + v);
  }

  /** Checks that {@code actual} has the rows of {@code this}, in order or as a multiset. */
  void assertSameAs(ResultRows actual, boolean ordered, String what) {
    if (columnCount != actual.columnCount) {
      throw new AssertionError(what + ": " + actual.columnCount + " columns where " + columnCount + " were expected");
    }
    String rowDifference = RowDifference.of(rows, actual.rows, ordered);
    if (rowDifference != null) {
      throw new AssertionError(what + ": " + rowDifference);
    }
  }
}
