package io.rocklake.kv.wal;

import io.rocklake.kv.format.ByteReader;
import io.rocklake.kv.format.ByteWriter;
import io.rocklake.kv.format.CorruptObjectException;
import io.rocklake.kv.lsm.Entry;
import java.util.ArrayList;
import java.util.List;

/**
 * One WAL object: the writer epoch that wrote it and the batches of one group commit (none for the
 * fencing object a new writer writes). Layout in docs/formats.md.
 */
public record WalObject(long writerEpoch, long walId, List<WalBatch> batches) {
  static final int MAGIC = 0x524c4b57; // "RLKW"
  static final int VERSION = 1;
  private static final int TOMBSTONE = 1;
  private static final int VALUE = 0;

  public byte[] encode() {
    ByteWriter w = new ByteWriter(256);
    w.i32(MAGIC).u16(VERSION).i64(writerEpoch).i64(walId).i32(batches.size());
    for (WalBatch b : batches) {
      w.i64(b.seq()).i32(b.entries().size());
      for (Entry e : b.entries()) {
        if (e.isTombstone()) {
          w.u8(TOMBSTONE).lengthPrefixed(e.key());
        } else {
          w.u8(VALUE).lengthPrefixed(e.key()).lengthPrefixed(e.value());
        }
      }
    }
    w.crcSince(0);
    return w.toByteArray();
  }

  public static WalObject decode(byte[] data, String objectKey) {
    ByteReader.verifyCrc(data, 0, data.length - 4, objectKey, 0, "WAL object");
    ByteReader r = new ByteReader(data, 0, data.length - 4, objectKey, 0);
    int magic = r.i32();
    if (magic != MAGIC) {
      throw new CorruptObjectException(objectKey, 0, String.format("bad WAL magic %08x", magic));
    }
    int version = r.u16();
    if (version != VERSION) {
      throw new CorruptObjectException(objectKey, 4, "unsupported WAL version " + version);
    }
    long epoch = r.i64();
    long walId = r.i64();
    int batchCount = r.i32();
    List<WalBatch> batches = new ArrayList<>();
    for (int i = 0; i < batchCount; i++) {
      long seq = r.i64();
      int n = r.i32();
      if (n < 0 || n > r.remaining()) {
        throw r.corrupt("impossible entry count " + n);
      }
      List<Entry> entries = new ArrayList<>(n);
      for (int j = 0; j < n; j++) {
        int type = r.u8();
        byte[] key = r.lengthPrefixed();
        if (type == TOMBSTONE) {
          entries.add(new Entry(key, seq, null));
        } else if (type == VALUE) {
          entries.add(new Entry(key, seq, r.lengthPrefixed()));
        } else {
          throw r.corrupt("unknown entry type " + type);
        }
      }
      batches.add(new WalBatch(seq, entries));
    }
    if (r.remaining() != 0) {
      throw r.corrupt(r.remaining() + " trailing bytes");
    }
    return new WalObject(epoch, walId, batches);
  }
}
