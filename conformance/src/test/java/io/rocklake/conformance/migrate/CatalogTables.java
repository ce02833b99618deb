package io.rocklake.conformance.migrate;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Reads a catalog relation's rows over pgjdbc in a form two servers can be compared by: every column
 * in a total ORDER BY, timestamps as instants (the session time zone does not matter), bytea as hex,
 * everything else as the server's text. Used on PostgreSQL and on RockLake alike.
 */
final class CatalogTables {
  private CatalogTables() {}

  /** The ducklake_ tables of schema public, by name, as pg_catalog lists them. */
  static List<String> names(Connection c) throws SQLException {
    return column(c, "SELECT c.relname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
        + " ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'"
        + " AND c.relname LIKE 'ducklake%' ORDER BY c.relname");
  }

  /** Columns, types, NOT NULL and primary keys of the ducklake_ tables: what DuckDB's CREATE TABLEs made. */
  static List<String> definitions(Connection c) throws SQLException {
    List<String> out = column(c, "SELECT c.relname || '.' || a.attnum || ' ' || a.attname || ' '"
        + " || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull FROM pg_catalog.pg_class c"
        + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace JOIN pg_catalog.pg_attribute a"
        + " ON a.attrelid = c.oid WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname LIKE 'ducklake%'"
        + " AND a.attnum > 0 AND NOT a.attisdropped ORDER BY c.relname, a.attnum");
    out.addAll(column(c, "SELECT c.relname || ' ' || k.conname || ' ' || k.contype::text || ' '"
        + " || pg_get_constraintdef(k.oid) FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_class c"
        + " ON k.conrelid = c.oid WHERE c.relname LIKE 'ducklake%' ORDER BY c.relname, k.conname"));
    return out;
  }

  static List<String> column(Connection c, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  /**
   * Every row of a table (that the condition keeps), sorted here by all its columns: the servers' own
   * sort orders are not what is compared.
   */
  static List<List<String>> rows(Connection c, String table, String where) throws SQLException {
    List<List<String>> rows = query(c, "SELECT * FROM " + table + (where == null ? "" : " WHERE " + where));
    rows.sort(ROW_ORDER);
    return rows;
  }

  private static final java.util.Comparator<List<String>> ROW_ORDER = (a, b) -> {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      int c = java.util.Comparator.nullsFirst(java.util.Comparator.<String>naturalOrder()).compare(a.get(i), b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  };

  static List<List<String>> query(Connection c, String sql) throws SQLException {
    List<List<String>> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          row.add(value(rs, md, i));
        }
        out.add(row);
      }
    }
    return out;
  }

  private static String value(ResultSet rs, ResultSetMetaData md, int i) throws SQLException {
    String type = md.getColumnTypeName(i);
    if (type.equals("timestamptz")) {
      OffsetDateTime t = rs.getObject(i, OffsetDateTime.class);
      return t == null ? null : t.toInstant().toString();
    }
    if (type.equals("bytea")) {
      byte[] b = rs.getBytes(i);
      return b == null ? null : "\\x" + HexFormat.of().formatHex(b);
    }
    return rs.getString(i);
  }
}
