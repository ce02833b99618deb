package io.rocklake.kv.sst;

import io.rocklake.kv.format.ByteReader;
import io.rocklake.kv.format.CorruptObjectException;
import io.rocklake.kv.lsm.Entry;
import io.rocklake.kv.lsm.Keys;

/** A checksummed data block: an entry count, an offset table for binary search, then the entries. */
final class Block {
  private final byte[] data;
  private final int count;
  private final int entriesStart;
  private final String objectKey;
  private final long objectOffset;

  private Block(byte[] data, int count, String objectKey, long objectOffset) {
    this.data = data;
    this.count = count;
    this.entriesStart = 4 + 4 * count;
    this.objectKey = objectKey;
    this.objectOffset = objectOffset;
  }

  /** Verifies the block's CRC32C before any byte of it is interpreted. */
  static Block decode(byte[] raw, String objectKey, long objectOffset) {
    ByteReader.verifyCrc(raw, 0, raw.length - 4, objectKey, objectOffset, "data block");
    if (raw.length < 8) {
      throw new CorruptObjectException(objectKey, objectOffset, "data block too short");
    }
    int count = ByteReader.readI32(raw, 0);
    if (count <= 0 || 4L + 4L * count > raw.length - 4) {
      throw new CorruptObjectException(objectKey, objectOffset, "data block entry count " + count + " is impossible");
    }
    return new Block(raw, count, objectKey, objectOffset);
  }

  int count() {
    return count;
  }

  int sizeInBytes() {
    return data.length;
  }

  Entry entry(int i) {
    int at = entriesStart + ByteReader.readI32(data, 4 + 4 * i);
    ByteReader r = new ByteReader(data, at, data.length - 4, objectKey, objectOffset);
    byte[] key = r.lengthPrefixed();
    long seq = r.i64();
    int type = r.u8();
    if (type == SstFormat.TOMBSTONE) {
      return new Entry(key, seq, null);
    }
    if (type != SstFormat.VALUE) {
      throw r.corrupt("unknown entry type " + type);
    }
    return new Entry(key, seq, r.lengthPrefixed());
  }

  /** Index of the first entry at or after {@code (key, seq)} in internal order; {@code count()} if none. */
  int seek(byte[] key, long seq) {
    Entry probe = new Entry(key, seq, null);
    int lo = 0;
    int hi = count;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Keys.INTERNAL_ORDER.compare(entry(mid), probe) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
