package io.rocklake.facade;

import io.rocklake.pgwire.server.BackendWriter;
import io.rocklake.pgwire.server.QueryEngine;
import io.rocklake.pgwire.types.PgBytes;
import io.rocklake.pgwire.types.PgType;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

/** A JDBC result as PostgreSQL text-format rows, typed by the closest PostgreSQL type. */
final class TextRows {
  private TextRows() {}

  static QueryEngine.Rows of(ResultSet rs) throws SQLException {
    ResultSetMetaData md = rs.getMetaData();
    List<BackendWriter.Column> columns = new ArrayList<>();
    List<PgType> types = new ArrayList<>();
    for (int i = 1; i <= md.getColumnCount(); i++) {
      PgType t = pgType(md.getColumnType(i));
      types.add(t);
      columns.add(new BackendWriter.Column(md.getColumnLabel(i), t.oid(), t.typlen()));
    }
    List<List<String>> rows = new ArrayList<>();
    while (rs.next()) {
      List<String> row = new ArrayList<>(types.size());
      for (int i = 1; i <= types.size(); i++) {
        row.add(text(rs, i, types.get(i - 1)));
      }
      rows.add(row);
    }
    return new QueryEngine.Rows(columns, rows);
  }

  static PgType pgType(int jdbcType) {
    switch (jdbcType) {
      case Types.BIGINT: return PgType.INT8;
      case Types.INTEGER: return PgType.INT4;
      case Types.SMALLINT: case Types.TINYINT: return PgType.INT2;
      case Types.BOOLEAN: return PgType.BOOL;
      case Types.DECIMAL: case Types.NUMERIC: return PgType.NUMERIC;
      case Types.DOUBLE: case Types.FLOAT: return PgType.FLOAT8;
      case Types.REAL: return PgType.FLOAT4;
      case Types.TIMESTAMP: return PgType.TIMESTAMP;
      case Types.DATE: return PgType.DATE;
      case Types.TIME: return PgType.TIME;
      case Types.BINARY: case Types.VARBINARY: return PgType.BYTEA;
      case Types.VARCHAR: return PgType.VARCHAR;
      case Types.ARRAY: return PgType.INT2_ARRAY;
      default: return PgType.TEXT;
    }
  }

  private static String text(ResultSet rs, int i, PgType type) throws SQLException {
    Object v = rs.getObject(i);
    if (v == null || rs.wasNull()) {
      return null;
    }
    switch (type) {
      case BOOL: return rs.getBoolean(i) ? "t" : "f";
      case NUMERIC: return rs.getBigDecimal(i).toPlainString();
      case FLOAT8: return PgType.FLOAT8.codec().encodeTextObject(rs.getDouble(i));
      case FLOAT4: return PgType.FLOAT4.codec().encodeTextObject(rs.getFloat(i));
      case BYTEA: return PgBytes.copyOf(rs.getBytes(i)).toString();
      case TIMESTAMP: return PgType.TIMESTAMP.codec().encodeTextObject(rs.getTimestamp(i).toLocalDateTime());
      case INT2_ARRAY: {
        Array a = rs.getArray(i);
        Object arr = a.getArray();
        StringBuilder sb = new StringBuilder("{");
        int n = java.lang.reflect.Array.getLength(arr);
        for (int k = 0; k < n; k++) {
          Object e = java.lang.reflect.Array.get(arr, k);
          sb.append(k > 0 ? "," : "").append(e == null ? "NULL" : e.toString());
        }
        return sb.append('}').toString();
      }
      default: return rs.getString(i);
    }
  }
}
