package io.rocklake.avatica;

import io.rocklake.catalog.SqlState;
import io.rocklake.engine.EngineException;
import io.rocklake.engine.Field;
import io.rocklake.engine.Outcome;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.calcite.avatica.Meta;

/**
 * One Avatica statement of a connection: the SQL it was prepared with (re-parsed at each execution,
 * as the PostgreSQL endpoint re-parses a prepared statement), and its current result, which the
 * client takes frame by frame.
 *
 * <p>A result is either rows held whole (what the engine computed at once) or an open stream (a lake
 * scan), read as frames are asked for, so that a result of any size costs the server one frame of
 * rows, not the whole result. A stream is read once and in order, like a PostgreSQL portal: a fetch
 * must start where the last frame ended. A result is let go once its last frame is sent; a stream
 * not read to its end is closed (its open file and batch released) when the statement closes or
 * expires, its connection closes, it runs again, or a fetch fails.
 */
final class OpenStatement {
  final int id;
  String sql;
  Meta.Signature signature;
  long maxRowCount;
  private List<Field> fields = List.of();
  private List<Object[]> rows = List.of();
  private Outcome.RowStream stream;
  /** Rows of the result: the held rows' count, or for a stream the most rows it may still give in all. */
  private long end;
  /** For a stream, the rows already sent (the next frame's offset). */
  private long position;
  volatile long lastUsedNanos = System.nanoTime();

  OpenStatement(int id) {
    this.id = id;
  }

  /** A new result: these rows, at most {@code maxRowCount} of them when that is positive. */
  void result(List<Field> fields, List<Object[]> rows) {
    discard();
    this.fields = fields;
    this.rows = rows;
    this.end = maxRowCount > 0 && maxRowCount < rows.size() ? maxRowCount : rows.size();
  }

  /** A new result read as it is fetched: this stream, at most {@code maxRowCount} of its rows when that is positive. */
  void result(Outcome.RowStream stream) {
    discard();
    this.fields = stream.fields();
    this.stream = stream;
    this.end = maxRowCount > 0 ? maxRowCount : Long.MAX_VALUE;
  }

  /**
   * The frame of up to {@code max} rows starting at {@code offset}, in Avatica's form. Reading a
   * stream may raise the statement's error (the stream is then closed); an offset other than the
   * next row of a stream is 55000.
   */
  Meta.Frame frame(long offset, int max) {
    if (stream != null) {
      return streamedFrame(offset, max);
    }
    int from = (int) Math.min(offset, end);
    int to = (int) Math.min((long) from + max, end);
    List<Object> out = new ArrayList<>(to - from);
    for (int i = from; i < to; i++) {
      out.add(values(rows.get(i)));
    }
    boolean done = to >= end;
    if (done) {
      rows = List.of(); // the client has every row: nothing to keep
      end = 0;
    }
    return new SingleValueFrame(offset, done, out);
  }

  private Meta.Frame streamedFrame(long offset, int max) {
    if (offset != position) {
      throw new EngineException(SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE, "statement " + id + " streams its rows"
          + " once and in order: the next row is row " + position + ", not " + offset + "; run the query again to"
          + " read from the start");
    }
    List<Object> out = new ArrayList<>((int) Math.min(max, end - position));
    boolean done;
    try {
      Iterator<Object[]> it = stream.rows();
      while (out.size() < max && position < end && it.hasNext()) {
        out.add(values(it.next()));
        position++;
      }
      done = position >= end || !it.hasNext();
    } catch (RuntimeException e) {
      discard(); // the statement failed: nothing more will be read from it
      throw e;
    }
    if (done) {
      discard();
      end = 0;
    }
    return new SingleValueFrame(offset, done, out);
  }

  /** One row in Avatica's form: each value as its column's {@link ColumnTypes#value}. */
  private Object[] values(Object[] row) {
    Object[] values = new Object[row.length];
    for (int c = 0; c < row.length; c++) {
      values[c] = ColumnTypes.value(fields.get(c).type(), row[c]);
    }
    return values;
  }

  /** Whether rows remain from {@code offset} on, for a client re-synchronizing its position. */
  boolean hasRowsFrom(long offset) {
    if (stream != null) {
      return offset == position && position < end && stream.rows().hasNext();
    }
    return offset < end;
  }

  /** Whether an open stream is kept for this statement (rows not yet read). */
  boolean streaming() {
    return stream != null;
  }

  /** Lets the current result go; an open stream is closed. */
  void discard() {
    Outcome.RowStream s = stream;
    stream = null;
    rows = List.of();
    end = 0;
    position = 0;
    if (s != null) {
      s.close();
    }
  }
}
