package io.rocklake.arrowscan.parquet;

import io.rocklake.arrowscan.LakeReadException;

/**
 * Parquet's RLE / bit-packing hybrid encoding (definition levels and dictionary ids), read run by run
 * from a byte range of a page, so that a run of equal values (a page without NULLs, a repeated
 * dictionary id) is handled as one count instead of value by value.
 */
final class HybridRuns {
  private final byte[] in;
  private final int end;
  private final int bitWidth;
  private final String where;
  private int pos;

  /** Values left in the current run. */
  private int left;
  /** Whether the current run repeats {@link #value}; otherwise its values are {@code packed[next..]}. */
  private boolean repeated;
  private int value;
  private int[] packed = new int[64];
  private int next;

  /** Reads {@code in[from..to)}, values of {@code bitWidth} bits; {@code where} names the page in errors. */
  HybridRuns(byte[] in, int from, int to, int bitWidth, String where) {
    if (bitWidth < 0 || bitWidth > 32) {
      throw new LakeReadException(where + " has a bit width of " + bitWidth + ", outside 0..32");
    }
    this.in = in;
    this.pos = from;
    this.end = to;
    this.bitWidth = bitWidth;
    this.where = where;
  }

  /**
   * The deprecated BIT_PACKED encoding of {@code count} one-bit values at {@code in[from..]}, most
   * significant bit first: one bit-packed run.
   */
  static HybridRuns bitPacked(byte[] in, int from, int count, String where) {
    HybridRuns r = new HybridRuns(in, from, from, 1, where);
    r.packed = new int[Math.max(count, 1)];
    for (int j = 0; j < count; j++) {
      r.packed[j] = (in[from + (j >>> 3)] >>> (7 - (j & 7))) & 1;
    }
    r.left = count;
    return r;
  }

  /** The bits needed for values 0..max. */
  static int bitWidthOf(int max) {
    return 32 - Integer.numberOfLeadingZeros(max);
  }

  /** The values of the current run not yet taken (starting one if none is left). */
  int runLength() {
    if (left == 0) {
      startRun();
    }
    return left;
  }

  /** Whether the current run repeats one value ({@link #repeatedValue()}). */
  boolean repeated() {
    return repeated;
  }

  int repeatedValue() {
    return value;
  }

  /** The {@code k}-th value not yet taken of a bit-packed run. */
  int packed(int k) {
    return packed[next + k];
  }

  /** Takes {@code n <= runLength()} values of the current run. */
  void take(int n) {
    left -= n;
    next += n;
  }

  /** Takes the next {@code n} values into {@code dst[0..n)}. */
  void read(int[] dst, int n) {
    int i = 0;
    while (i < n) {
      int c = Math.min(runLength(), n - i);
      if (repeated) {
        java.util.Arrays.fill(dst, i, i + c, value);
      } else {
        System.arraycopy(packed, next, dst, i, c);
      }
      take(c);
      i += c;
    }
  }

  /** Takes the next {@code n} values, discarding them. */
  void skip(int n) {
    while (n > 0) {
      int c = Math.min(runLength(), n);
      take(c);
      n -= c;
    }
  }

  private void startRun() {
    if (pos >= end) {
      throw new LakeReadException(where + " ends before its last value");
    }
    int header = readVarInt();
    if ((header & 1) == 0) {
      repeated = true;
      left = header >>> 1;
      int v = 0;
      for (int b = 0, bytes = (bitWidth + 7) >>> 3; b < bytes; b++) {
        v |= (byteAt(pos++) & 0xFF) << (8 * b);
      }
      value = v;
    } else {
      repeated = false;
      int count = (header >>> 1) * 8;
      if (packed.length < count) {
        packed = new int[Math.max(count, packed.length * 2)];
      }
      long mask = (1L << bitWidth) - 1;
      long acc = 0;
      int bits = 0;
      for (int j = 0; j < count; j++) {
        while (bits < bitWidth) {
          // The last group may be cut short at the end of the range: its missing bits are zero.
          acc |= (long) (byteAt(pos++) & 0xFF) << bits;
          bits += 8;
        }
        packed[j] = (int) (acc & mask);
        acc >>>= bitWidth;
        bits -= bitWidth;
      }
      next = 0;
      left = count;
    }
    if (left == 0) {
      startRun(); // an empty run carries no value
    }
  }

  private byte byteAt(int p) {
    return p < end ? in[p] : 0;
  }

  private int readVarInt() {
    int v = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      if (pos >= end) {
        throw new LakeReadException(where + " has a run header cut off at the end of the page");
      }
      int b = in[pos++];
      v |= (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return v;
      }
    }
    throw new LakeReadException(where + " has a run header longer than 5 bytes");
  }
}
