package io.rocklake.engine;

import java.util.Iterator;
import java.util.List;

/**
 * What one executed statement produced. Values in rows are the Java types of the columns'
 * {@link io.rocklake.pgwire.types.PgCodec codecs}, null for SQL NULL.
 */
public sealed interface Outcome {

  /**
   * A query's rows (CommandComplete {@code SELECT n}). {@code reused}: the list is an answer the
   * engine keeps and hands out again, unchanged, for the same question (the same list is the same
   * answer), so what the wire makes of it may be kept too.
   */
  record Rows(List<Field> fields, List<Object[]> rows, boolean reused) implements Outcome {
    public Rows(List<Field> fields, List<Object[]> rows) {
      this(fields, rows, false);
    }
  }

  /**
   * A query's rows read as they are sent (CommandComplete {@code SELECT n}), once, in order: a scan of
   * the lake database, whose answer may be larger than the server's memory. Reading a row may raise
   * the statement's error, after the rows already sent, as in PostgreSQL. A portal keeps the stream
   * and each Execute takes its share.
   */
  record RowStream(List<Field> fields, Iterator<Object[]> rows) implements Outcome {
    /** Releases what rows not read to the end still hold (a lake scan's open file and batch). */
    public void close() {
      Closing.close(rows);
    }
  }

  /**
   * A statement without rows: its CommandComplete tag ({@code INSERT 0 3}, {@code CREATE TABLE}, ...),
   * and the warning PostgreSQL sends before it as a NoticeResponse, or null.
   */
  record Command(String tag, Warning warning) implements Outcome {
    public Command(String tag) {
      this(tag, null);
    }
  }

  /**
   * A WARNING that does not stop the statement ({@code BEGIN} inside a block: 25001), or with
   * {@code notice} a NOTICE ({@code CREATE TABLE IF NOT EXISTS} of a table that exists: 42P07).
   */
  record Warning(io.rocklake.catalog.SqlState state, String message, boolean notice) {
    public Warning(io.rocklake.catalog.SqlState state, String message) {
      this(state, message, false);
    }

    /** The severity PostgreSQL names it by. */
    public String severity() {
      return notice ? "NOTICE" : "WARNING";
    }
  }

  /**
   * {@code COPY (query) TO STDOUT}: rows to stream as binary or text COPY data, then {@code COPY n}.
   * The rows are read as they are sent, once; reading one may raise the statement's error.
   */
  record CopyOut(List<Field> fields, Iterator<Object[]> rows, boolean binary) implements Outcome {}

  /**
   * {@code COPY table FROM STDIN}: the client streams rows next. The fields say how to decode each
   * column; rows go to the target, which is finished (or abandoned) when the stream ends.
   */
  record CopyIn(List<Field> fields, boolean binary, String nullMarker, CopyInTarget target) implements Outcome {}
}
