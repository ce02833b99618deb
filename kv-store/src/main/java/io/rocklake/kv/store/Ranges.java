package io.rocklake.kv.store;

import java.util.Arrays;

final class Ranges {
  private Ranges() {}

  static byte[] slice(byte[] data, long offset, int length) {
    if (offset < 0 || length < 0) {
      throw new IllegalArgumentException("negative range: offset=" + offset + " length=" + length);
    }
    if (offset >= data.length) {
      return new byte[0];
    }
    int from = (int) offset;
    int to = (int) Math.min(data.length, offset + (long) length);
    return Arrays.copyOfRange(data, from, to);
  }
}
