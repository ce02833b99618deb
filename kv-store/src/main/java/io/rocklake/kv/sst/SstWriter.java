package io.rocklake.kv.sst;

import io.rocklake.kv.format.ByteWriter;
import io.rocklake.kv.lsm.Entry;
import java.util.ArrayList;
import java.util.List;

/** Encodes entries, given in internal order, into one immutable SST object. */
public final class SstWriter {
  private final int blockSize;
  private final ByteWriter out = new ByteWriter(64 * 1024);
  private final List<byte[]> blockLastKeys = new ArrayList<>();
  private final List<long[]> blockExtents = new ArrayList<>(); // {offset, length}
  private final List<byte[]> distinctKeys = new ArrayList<>();
  private final List<Entry> pending = new ArrayList<>();
  private int pendingBytes;
  private byte[] firstKey;
  private byte[] lastKey;
  private long entryCount;
  private long maxSeq;

  public SstWriter(int blockSize) {
    this.blockSize = blockSize;
  }

  public void add(Entry e) {
    if (firstKey == null) {
      firstKey = e.key();
    }
    if (lastKey == null || !java.util.Arrays.equals(lastKey, e.key())) {
      distinctKeys.add(e.key());
    }
    lastKey = e.key();
    maxSeq = Math.max(maxSeq, e.seq());
    entryCount++;
    pending.add(e);
    pendingBytes += e.approximateSize();
    if (pendingBytes >= blockSize) {
      finishBlock();
    }
  }

  public boolean isEmpty() {
    return entryCount == 0;
  }

  /** Bytes written so far, for splitting compaction output. */
  public long estimatedSize() {
    return out.size() + pendingBytes;
  }

  private void finishBlock() {
    if (pending.isEmpty()) {
      return;
    }
    int start = out.size();
    out.i32(pending.size());
    int offsetsAt = out.size();
    for (int i = 0; i < pending.size(); i++) {
      out.i32(0);
    }
    int entriesStart = out.size();
    for (int i = 0; i < pending.size(); i++) {
      Entry e = pending.get(i);
      out.setI32(offsetsAt + 4 * i, out.size() - entriesStart);
      out.lengthPrefixed(e.key());
      out.i64(e.seq());
      if (e.isTombstone()) {
        out.u8(SstFormat.TOMBSTONE);
      } else {
        out.u8(SstFormat.VALUE);
        out.lengthPrefixed(e.value());
      }
    }
    out.crcSince(start);
    blockLastKeys.add(pending.get(pending.size() - 1).key());
    blockExtents.add(new long[] {start, out.size() - start});
    pending.clear();
    pendingBytes = 0;
  }

  /** Finishes the object; returns its bytes and manifest record. */
  public Built finish(String id) {
    if (entryCount == 0) {
      throw new IllegalStateException("an SST needs at least one entry");
    }
    finishBlock();
    long indexOffset = out.size();
    out.i32(blockLastKeys.size());
    for (int i = 0; i < blockLastKeys.size(); i++) {
      out.i64(blockExtents.get(i)[0]);
      out.i32((int) blockExtents.get(i)[1]);
      out.lengthPrefixed(blockLastKeys.get(i));
    }
    out.crcSince((int) indexOffset);
    int indexLength = (int) (out.size() - indexOffset);
    long bloomOffset = out.size();
    BloomFilter bloom = BloomFilter.build(distinctKeys);
    out.i32(bloom.probes());
    out.lengthPrefixed(bloom.bits());
    out.crcSince((int) bloomOffset);
    int bloomLength = (int) (out.size() - bloomOffset);
    int footerStart = out.size();
    out.i64(indexOffset).i32(indexLength).i64(bloomOffset).i32(bloomLength).i64(entryCount).i64(maxSeq);
    out.crcSince(footerStart);
    out.i32(SstFormat.VERSION).i32(SstFormat.MAGIC);
    byte[] bytes = out.toByteArray();
    return new Built(bytes, new SstInfo(id, bytes.length, firstKey, lastKey, maxSeq));
  }

  /** An encoded SST and its manifest record. */
  public record Built(byte[] bytes, SstInfo info) {}
}
