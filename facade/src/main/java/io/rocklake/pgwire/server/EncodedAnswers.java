package io.rocklake.pgwire.server;

import io.netty.buffer.ByteBuf;
import io.rocklake.engine.Outcome;
import java.util.Arrays;
import java.util.List;

/**
 * The DataRow messages of answers the engine hands out again unchanged ({@link Outcome.Rows#reused}),
 * encoded once: DuckDB's reflection at the start of every transaction is 4,000-odd rows describing
 * PostgreSQL's own relations, the same bytes each time until a relation is created or dropped. A
 * few recent answers are kept, matched by the identity of their row list and by the formats asked.
 */
final class EncodedAnswers {
  /** Smaller answers are encoded each time: keeping them would save nothing worth the memory. */
  static final int MIN_ROWS = 64;
  private static final int KEPT = 8;

  private record Encoded(List<Object[]> rows, short[] formats, byte[] bytes) {}

  private static final Encoded[] RECENT = new Encoded[KEPT];
  private static int next;

  private EncodedAnswers() {}

  /** Every DataRow of the answer, back to back, as the writer encodes them one by one. */
  static byte[] dataRows(Outcome.Rows answer, short[] formats, BackendWriter out) {
    synchronized (RECENT) {
      for (Encoded e : RECENT) {
        if (e != null && e.rows() == answer.rows() && Arrays.equals(e.formats(), formats)) {
          return e.bytes();
        }
      }
    }
    byte[] bytes = encode(answer, formats, out);
    synchronized (RECENT) {
      RECENT[next] = new Encoded(answer.rows(), formats.clone(), bytes);
      next = (next + 1) % KEPT;
    }
    return bytes;
  }

  private static byte[] encode(Outcome.Rows answer, short[] formats, BackendWriter out) {
    java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream(answer.rows().size() * 64);
    for (Object[] row : answer.rows()) {
      ByteBuf message = out.dataRow(row, answer.fields(), formats);
      try {
        message.readBytes(all, message.readableBytes());
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e); // a ByteArrayOutputStream does not throw
      } finally {
        message.release();
      }
    }
    return all.toByteArray();
  }
}
