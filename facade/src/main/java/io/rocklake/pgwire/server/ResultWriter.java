package io.rocklake.pgwire.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.rocklake.catalog.SqlState;
import io.rocklake.engine.EngineException;
import io.rocklake.engine.Field;
import io.rocklake.engine.Outcome;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;

/**
 * The encoding side of a statement: an engine {@link Outcome} as backend messages (rows, a command
 * tag, or a COPY TO STDOUT stream, binary or text with one codec per column type; binary tuples are
 * never split across CopyData messages, as DuckDB's reader cannot stitch them), written through
 * {@link BackendWriter}. A value its column's codec
 * cannot encode is a statement error (after the messages already sent, as when PostgreSQL fails
 * mid-result), never a broken connection.
 */
final class ResultWriter {
  /** COPY TO STDOUT gathers binary tuples into CopyData messages of about this size, never splitting one. */
  private static final int COPY_CHUNK_BYTES = 64 * 1024;

  private final BackendWriter out;

  ResultWriter(BackendWriter out) {
    this.out = out;
  }

  /** A simple query's outcome, whole: RowDescription (all text), every row, CommandComplete. */
  void whole(ChannelHandlerContext ctx, Outcome outcome) {
    try {
      send(ctx, outcome, new short[fieldCount(outcome)], false, 0, Integer.MAX_VALUE);
    } finally {
      release(outcome);
    }
  }

  /** Releases what a streamed outcome's unread rows hold; nothing for any other outcome. */
  static void release(Outcome outcome) {
    if (outcome instanceof Outcome.RowStream s) {
      try {
        s.close();
      } catch (RuntimeException e) {
        // the rows are dropped either way
      }
    }
  }

  /** How many columns an outcome's rows have: 0 for one without rows. */
  static int fieldCount(Outcome outcome) {
    return outcome instanceof Outcome.Rows r ? r.fields().size()
        : outcome instanceof Outcome.RowStream s ? s.fields().size() : 0;
  }

  /**
   * An Execute's share of a portal's outcome: at most maxRows rows from row {@code from}, in the
   * formats Bind asked for, without RowDescription. Returns the row position after them.
   */
  int portion(ChannelHandlerContext ctx, Outcome outcome, short[] formats, int from, int maxRows) {
    return send(ctx, outcome, formats, true, from, maxRows);
  }

  private int send(ChannelHandlerContext ctx, Outcome outcome, short[] formats, boolean portal, int from, int maxRows) {
    try {
      return encode(ctx, outcome, formats, portal, from, maxRows);
    } catch (EngineException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new EngineException(SqlState.INTERNAL_ERROR, "internal error: cannot encode the result: " + e);
    }
  }

  private int encode(ChannelHandlerContext ctx, Outcome outcome, short[] formats, boolean portal, int from, int maxRows) {
    if (outcome instanceof Outcome.Rows rows) {
      if (!portal) {
        ctx.write(out.rowDescription(rows.fields(), formats));
      }
      int to = (int) Math.min(rows.rows().size(), (long) from + maxRows);
      if (rows.reused() && from == 0 && to == rows.rows().size() && to >= EncodedAnswers.MIN_ROWS) {
        emit(ctx, Unpooled.wrappedBuffer(EncodedAnswers.dataRows(rows, formats, out)));
      } else {
        for (int i = from; i < to; i++) {
          emit(ctx, out.dataRow(rows.rows().get(i), rows.fields(), formats));
        }
      }
      // As PostgreSQL: an Execute that stopped at its row limit suspends the portal, even when no
      // row is left (the next Execute then completes with SELECT 0); the tag counts this Execute's rows.
      if (portal && maxRows != Integer.MAX_VALUE && to - from == maxRows) {
        ctx.write(out.portalSuspended());
      } else {
        ctx.write(out.commandComplete("SELECT " + (to - from)));
      }
      return to;
    } else if (outcome instanceof Outcome.RowStream stream) {
      if (!portal) {
        ctx.write(out.rowDescription(stream.fields(), formats));
      }
      Iterator<Object[]> rows = stream.rows();
      int sent = 0;
      while (sent < maxRows && rows.hasNext()) {
        emit(ctx, out.dataRow(rows.next(), stream.fields(), formats));
        sent++;
      }
      if (portal && maxRows != Integer.MAX_VALUE && sent == maxRows) {
        ctx.write(out.portalSuspended());
      } else {
        ctx.write(out.commandComplete("SELECT " + sent));
      }
      return from + sent;
    } else if (outcome instanceof Outcome.Command c) {
      if (c.warning() != null) {
        ctx.write(out.notice(c.warning().severity(), c.warning().state(), c.warning().message()));
      }
      ctx.write(out.commandComplete(c.tag()));
    } else if (outcome instanceof Outcome.CopyOut c) {
      ctx.write(out.copyOutResponse(c.fields().size(), c.binary()));
      long n = c.binary()
          ? writeBinary(c.rows(), c.fields(), out, b -> emit(ctx, out.copyData(b)))
          : writeText(c.rows(), c.fields(), out, b -> emit(ctx, out.copyData(b)));
      ctx.write(out.copyDone());
      ctx.write(out.commandComplete("COPY " + n));
    }
    return from;
  }

  /**
   * Writes one row's message, or ends the statement when the client has gone: as a PostgreSQL
   * backend whose send() fails, the session stops producing a result nobody will read.
   */
  private static void emit(ChannelHandlerContext ctx, ByteBuf message) {
    if (!ctx.channel().isActive()) {
      message.release();
      throw new EngineException(SqlState.CONNECTION_FAILURE, "could not send data to client: connection closed");
    }
    ctx.write(message);
  }

  /**
   * Writes rows as binary COPY: header, tuples, trailer; hands each full chunk to the sink as the
   * rows are read. Returns the number of rows. A failure to read a row releases the chunk in hand.
   */
  private static long writeBinary(Iterator<Object[]> rows, List<Field> fields, BackendWriter out, Consumer<ByteBuf> sink) {
    ByteBuf chunk = out.buffer();
    chunk.writeBytes(CopyIn.SIGNATURE).writeInt(0).writeInt(0);
    long n = 0;
    while (true) {
      Object[] row;
      try {
        if (!rows.hasNext()) {
          break;
        }
        row = rows.next();
      } catch (RuntimeException e) {
        chunk.release();
        throw e;
      }
      n++;
      chunk.writeShort(row.length);
      for (int i = 0; i < row.length; i++) {
        if (row[i] == null) {
          chunk.writeInt(-1);
        } else {
          byte[] v = fields.get(i).type().codec().encodeBinaryObject(row[i]);
          chunk.writeInt(v.length).writeBytes(v);
        }
      }
      if (chunk.readableBytes() >= COPY_CHUNK_BYTES) {
        sink.accept(chunk);
        chunk = out.buffer();
      }
    }
    chunk.writeShort(-1);
    sink.accept(chunk);
    return n;
  }

  /** Writes rows as text COPY as they are read: tab-separated, {@code \N} for NULL, backslash escapes. Returns the number of rows. */
  private static long writeText(Iterator<Object[]> rows, List<Field> fields, BackendWriter out, Consumer<ByteBuf> sink) {
    long n = 0;
    while (rows.hasNext()) {
      Object[] row = rows.next();
      n++;
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < row.length; i++) {
        if (i > 0) {
          sb.append('\t');
        }
        if (row[i] == null) {
          sb.append("\\N");
        } else {
          escape(fields.get(i).type().codec().encodeTextObject(row[i]), sb);
        }
      }
      sb.append('\n');
      ByteBuf b = out.buffer();
      b.writeBytes(sb.toString().getBytes(StandardCharsets.UTF_8));
      sink.accept(b);
    }
    return n;
  }

  private static void escape(String s, StringBuilder sb) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\\': sb.append("\\\\"); break;
        case '\t': sb.append("\\t"); break;
        case '\n': sb.append("\\n"); break;
        case '\r': sb.append("\\r"); break;
        default: sb.append(c);
      }
    }
  }
}
