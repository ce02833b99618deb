package io.rocklake.conformance.compare;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A binary COPY stream cut back into header and tuples. The CopyData messages are treated as one
 * byte stream (PostgreSQL sends one tuple per message, other servers may batch), but a tuple that
 * straddles two messages is reported: DuckDB's parser cannot stitch tuples across messages.
 */
record BinaryCopyStream(byte[] header, List<List<byte[]>> tuples, boolean trailer, String framingProblem) {
  static final byte[] SIGNATURE = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0};

  static BinaryCopyStream parse(List<byte[]> chunks) {
    int total = chunks.stream().mapToInt(c -> c.length).sum();
    ByteBuffer all = ByteBuffer.allocate(total);
    List<Integer> boundaries = new ArrayList<>();
    for (byte[] c : chunks) {
      all.put(c);
      boundaries.add(all.position());
    }
    all.flip();
    String problem = null;
    if (total < SIGNATURE.length + 8) {
      return new BinaryCopyStream(Arrays.copyOf(all.array(), total), List.of(), false,
          "binary COPY stream of " + total + " bytes is shorter than its header");
    }
    byte[] sig = new byte[SIGNATURE.length];
    all.get(sig);
    int flags = all.getInt();
    int extension = all.getInt();
    if (!Arrays.equals(sig, SIGNATURE)) {
      problem = "binary COPY signature is wrong";
    } else if (flags != 0) {
      problem = "binary COPY header flags are " + flags + "; DuckDB expects 0 (no OIDs)";
    } else if (extension != 0) {
      problem = "binary COPY header extension length is " + extension + "; DuckDB expects 0";
    }
    byte[] header = Arrays.copyOf(all.array(), SIGNATURE.length + 8);
    List<List<byte[]>> tuples = new ArrayList<>();
    boolean trailer = false;
    try {
      while (all.hasRemaining()) {
        int tupleStart = all.position();
        short count = all.getShort();
        if (count == -1) {
          trailer = true;
          break;
        }
        List<byte[]> fields = new ArrayList<>(count);
        for (int f = 0; f < count; f++) {
          int len = all.getInt();
          if (len < 0) {
            fields.add(null);
          } else {
            byte[] v = new byte[len];
            all.get(v);
            fields.add(v);
          }
        }
        tuples.add(fields);
        if (problem == null && straddles(tupleStart, all.position(), boundaries)) {
          problem = "tuple " + tuples.size() + " is split across CopyData messages; DuckDB cannot read that";
        }
      }
    } catch (java.nio.BufferUnderflowException e) {
      problem = "binary COPY stream is truncated after " + tuples.size() + " tuples";
    }
    if (problem == null && !trailer) {
      problem = "binary COPY stream has no -1 trailer";
    }
    return new BinaryCopyStream(header, tuples, trailer, problem);
  }

  private static boolean straddles(int start, int end, List<Integer> boundaries) {
    for (int b : boundaries) {
      if (b > start && b < end) {
        return true;
      }
    }
    return false;
  }

}
