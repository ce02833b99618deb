package io.rocklake.avatica;

import io.rocklake.engine.Field;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.Meta;

/**
 * One Avatica statement of a connection: the SQL it was prepared with (re-parsed at each execution,
 * as the PostgreSQL endpoint re-parses a prepared statement), and the rows of its current result,
 * which the client takes frame by frame. The rows are let go once the last frame is sent.
 */
final class OpenStatement {
  final int id;
  String sql;
  Meta.Signature signature;
  long maxRowCount;
  private List<Field> fields = List.of();
  private List<Object[]> rows = List.of();
  private int end;
  volatile long lastUsedNanos = System.nanoTime();

  OpenStatement(int id) {
    this.id = id;
  }

  /** A new result: these rows, at most {@code maxRowCount} of them when that is positive. */
  void result(List<Field> fields, List<Object[]> rows) {
    this.fields = fields;
    this.rows = rows;
    this.end = maxRowCount > 0 && maxRowCount < rows.size() ? (int) maxRowCount : rows.size();
  }

  /** The frame of up to {@code max} rows starting at {@code offset}, in Avatica's form. */
  Meta.Frame frame(long offset, int max) {
    int from = (int) Math.min(offset, end);
    int to = (int) Math.min((long) from + max, end);
    List<Object> out = new ArrayList<>(to - from);
    for (int i = from; i < to; i++) {
      Object[] row = rows.get(i);
      List<Object> values = new ArrayList<>(row.length);
      for (int c = 0; c < row.length; c++) {
        values.add(ColumnTypes.value(fields.get(c).type(), row[c]));
      }
      out.add(values);
    }
    boolean done = to >= end;
    if (done) {
      rows = List.of(); // the client has every row: nothing to keep
      end = 0;
    }
    return new Meta.Frame(offset, done, out);
  }

  /** Whether rows remain from {@code offset} on, for a client re-synchronizing its position. */
  boolean hasRowsFrom(long offset) {
    return offset < end;
  }
}
