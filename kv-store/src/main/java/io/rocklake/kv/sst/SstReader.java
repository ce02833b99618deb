package io.rocklake.kv.sst;

import io.rocklake.kv.format.ByteReader;
import io.rocklake.kv.format.CorruptObjectException;
import io.rocklake.kv.lsm.Entry;
import io.rocklake.kv.lsm.EntryIterator;
import io.rocklake.kv.lsm.Keys;
import io.rocklake.kv.lsm.ReadAheadEntryIterator;
import io.rocklake.kv.store.ObjectStore;

/**
 * Reads one SST through ranged GETs: the footer, then index and bloom filter (kept in memory), then
 * data blocks on demand through a shared {@link BlockCache}. Every piece is checksummed before use.
 */
public final class SstReader {
  private final ObjectStore store;
  private final SstInfo info;
  private final BlockCache cache;
  private final long[] blockOffsets;
  private final int[] blockLengths;
  private final byte[][] blockLastKeys;
  private final BloomFilter bloom;

  private SstReader(ObjectStore store, SstInfo info, BlockCache cache, long[] offsets, int[] lengths, byte[][] lastKeys, BloomFilter bloom) {
    this.store = store;
    this.info = info;
    this.cache = cache;
    this.blockOffsets = offsets;
    this.blockLengths = lengths;
    this.blockLastKeys = lastKeys;
    this.bloom = bloom;
  }

  public static SstReader open(ObjectStore store, SstInfo info, BlockCache cache) {
    String key = info.objectKey();
    long size = info.size();
    if (size < SstFormat.FOOTER_SIZE) {
      throw new CorruptObjectException(key, 0, "SST shorter than its footer");
    }
    long footerAt = size - SstFormat.FOOTER_SIZE;
    byte[] footer = store.getRange(key, footerAt, SstFormat.FOOTER_SIZE);
    if (footer.length != SstFormat.FOOTER_SIZE) {
      throw new CorruptObjectException(key, footerAt, "SST is shorter than the manifest says (" + size + " bytes)");
    }
    int magic = ByteReader.readI32(footer, SstFormat.FOOTER_SIZE - 4);
    int version = ByteReader.readI32(footer, SstFormat.FOOTER_SIZE - 8);
    if (magic != SstFormat.MAGIC) {
      throw new CorruptObjectException(key, size - 4, String.format("bad SST magic %08x", magic));
    }
    if (version != SstFormat.VERSION) {
      throw new CorruptObjectException(key, size - 8, "unsupported SST version " + version);
    }
    ByteReader.verifyCrc(footer, 0, SstFormat.FOOTER_SIZE - 12, key, footerAt, "SST footer");
    ByteReader f = new ByteReader(footer, 0, SstFormat.FOOTER_SIZE - 12, key, footerAt);
    long indexOffset = f.i64();
    int indexLength = f.i32();
    long bloomOffset = f.i64();
    int bloomLength = f.i32();
    if (indexOffset < 0 || bloomOffset != indexOffset + indexLength || bloomOffset + bloomLength != footerAt || indexLength < 8 || bloomLength < 12) {
      throw new CorruptObjectException(key, footerAt, "SST footer points outside the object");
    }
    byte[] meta = store.getRange(key, indexOffset, indexLength + bloomLength);
    if (meta.length != indexLength + bloomLength) {
      throw new CorruptObjectException(key, indexOffset, "SST index/bloom truncated");
    }
    ByteReader.verifyCrc(meta, 0, indexLength - 4, key, indexOffset, "SST index");
    ByteReader.verifyCrc(meta, indexLength, indexLength + bloomLength - 4, key, bloomOffset, "SST bloom filter");
    ByteReader idx = new ByteReader(meta, 0, indexLength - 4, key, indexOffset);
    int blocks = idx.i32();
    if (blocks <= 0 || blocks > indexLength) {
      throw idx.corrupt("impossible block count " + blocks);
    }
    long[] offsets = new long[blocks];
    int[] lengths = new int[blocks];
    byte[][] lastKeys = new byte[blocks][];
    for (int i = 0; i < blocks; i++) {
      offsets[i] = idx.i64();
      lengths[i] = idx.i32();
      lastKeys[i] = idx.lengthPrefixed();
      if (offsets[i] < 0 || lengths[i] < 8 || offsets[i] + lengths[i] > indexOffset) {
        throw idx.corrupt("block " + i + " extent outside the data area");
      }
    }
    ByteReader bl = new ByteReader(meta, indexLength, indexLength + bloomLength - 4, key, indexOffset);
    int probes = bl.i32();
    byte[] bits = bl.lengthPrefixed();
    if (probes <= 0 || probes > 30 || bits.length == 0) {
      throw bl.corrupt("impossible bloom filter parameters");
    }
    return new SstReader(store, info, cache, offsets, lengths, lastKeys, new BloomFilter(bits, probes));
  }

  public SstInfo info() {
    return info;
  }

  private Block block(int i) {
    Block b = cache.get(info.id(), i);
    if (b == null) {
      byte[] raw = store.getRange(info.objectKey(), blockOffsets[i], blockLengths[i]);
      if (raw.length != blockLengths[i]) {
        throw new CorruptObjectException(info.objectKey(), blockOffsets[i], "data block " + i + " truncated");
      }
      b = Block.decode(raw, info.objectKey(), blockOffsets[i]);
      cache.put(info.id(), i, b);
    }
    return b;
  }

  /** Scans fetch up to this many bytes of consecutive blocks per ranged GET. */
  private static final int SCAN_READAHEAD_BYTES = 512 * 1024;

  /**
   * Block {@code i} for a forward scan ending before {@code endExclusive} (null: no end): on a cache
   * miss, one ranged GET fetches it together with the following uncached blocks (up to the readahead
   * size), so a cold scan costs one request per span instead of one per block. The span stops at the
   * first block holding a key at or past the end: blocks after it cannot hold a key the scan returns.
   */
  private Block scanBlock(int i, byte[] endExclusive) {
    Block cached = cache.get(info.id(), i);
    if (cached != null) {
      return cached;
    }
    int last = i;
    while (last + 1 < blockOffsets.length
        && (endExclusive == null || Keys.compare(blockLastKeys[last], endExclusive) < 0)
        && adjacent(last, last + 1)
        && blockOffsets[last + 1] + blockLengths[last + 1] - blockOffsets[i] <= SCAN_READAHEAD_BYTES
        && cache.get(info.id(), last + 1) == null) {
      last++;
    }
    return fetchSpan(i, last, i);
  }

  /**
   * Block {@code i} for a descending scan that stops below {@code startInclusive} (null: no bound):
   * on a cache miss, one ranged GET fetches it together with up to {@code spanBlocks - 1} uncached
   * blocks before it, none of them wholly below the start.
   */
  private Block descendingBlock(int i, byte[] startInclusive, int spanBlocks) {
    Block cached = cache.get(info.id(), i);
    if (cached != null) {
      return cached;
    }
    int first = i;
    while (first - 1 >= 0
        && i - first + 1 < spanBlocks
        && (startInclusive == null || Keys.compare(blockLastKeys[first - 1], startInclusive) >= 0)
        && adjacent(first - 1, first)
        && blockOffsets[i] + blockLengths[i] - blockOffsets[first - 1] <= SCAN_READAHEAD_BYTES
        && cache.get(info.id(), first - 1) == null) {
      first--;
    }
    return fetchSpan(first, i, i);
  }

  /** Blocks are written back to back, but only adjacent extents may share one GET. */
  private boolean adjacent(int a, int b) {
    return blockOffsets[a] + blockLengths[a] == blockOffsets[b];
  }

  /** Fetches blocks {@code from..to} (adjacent) with one ranged GET into the cache; returns block {@code wanted}. */
  private Block fetchSpan(int from, int to, int wanted) {
    if (from == to) {
      return block(from);
    }
    long start = blockOffsets[from];
    long end = blockOffsets[to] + blockLengths[to];
    byte[] span = store.getRange(info.objectKey(), start, (int) (end - start));
    if (span.length != end - start) {
      throw new CorruptObjectException(info.objectKey(), start, "data blocks " + from + ".." + to + " truncated");
    }
    Block result = null;
    for (int b = from; b <= to; b++) {
      int at = (int) (blockOffsets[b] - start);
      byte[] raw = java.util.Arrays.copyOfRange(span, at, at + blockLengths[b]);
      Block decoded = Block.decode(raw, info.objectKey(), blockOffsets[b]);
      cache.put(info.id(), b, decoded);
      if (b == wanted) {
        result = decoded;
      }
    }
    return result;
  }

  /** First block whose last key is at or after {@code key}; block count if none. */
  private int findBlock(byte[] key) {
    int lo = 0;
    int hi = blockLastKeys.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Keys.compare(blockLastKeys[mid], key) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** The newest version of {@code key} with sequence at most {@code seq}, or null. */
  public Entry get(byte[] key, long seq) {
    if (Keys.compare(key, info.firstKey()) < 0 || Keys.compare(key, info.lastKey()) > 0 || !bloom.mightContain(key)) {
      return null;
    }
    for (int i = findBlock(key); i < blockLastKeys.length; i++) {
      Block b = block(i);
      int j = b.seek(key, seq);
      if (j < b.count()) {
        Entry e = b.entry(j);
        return Keys.compare(e.key(), key) == 0 ? e : null;
      }
    }
    return null;
  }

  /** Entries from {@code startKey} (inclusive; null = first) in internal order, blocks fetched lazily. */
  public EntryIterator iterator(byte[] startKey) {
    return iterator(startKey, null);
  }

  /**
   * Entries from {@code startKey} (inclusive; null = first) in internal order, blocks fetched lazily;
   * it ends after the first block that holds a key at or past {@code endExclusive} (null: no end), so
   * a bounded scan never fetches a block that cannot hold a key it returns. Entries at or past the
   * end may still come out of that last block: the caller stops at its end.
   */
  public EntryIterator iterator(byte[] startKey, byte[] endExclusive) {
    boolean empty = endExclusive != null && Keys.compare(info.firstKey(), endExclusive) >= 0;
    return new ReadAheadEntryIterator() {
      int blockIndex = empty ? blockLastKeys.length : startKey == null ? 0 : findBlock(startKey);
      Block current;
      int entryIndex;

      {
        if (blockIndex < blockLastKeys.length) {
          current = scanBlock(blockIndex, endExclusive);
          entryIndex = startKey == null ? 0 : current.seek(startKey, Long.MAX_VALUE);
        }
        readFirst();
      }

      @Override
      protected Entry readNext() {
        while (current != null) {
          if (entryIndex < current.count()) {
            return current.entry(entryIndex++);
          }
          boolean pastEnd = endExclusive != null && Keys.compare(blockLastKeys[blockIndex], endExclusive) >= 0;
          blockIndex++;
          current = !pastEnd && blockIndex < blockLastKeys.length ? scanBlock(blockIndex, endExclusive) : null;
          entryIndex = 0;
        }
        return null;
      }
    };
  }

  /**
   * Entries of keys below {@code endExclusive} (null: to the last) in {@link Keys#DESCENDING_ORDER},
   * read backwards block by block through the index. It starts at the block holding the end, so the
   * last key of a range costs one block; it ends after the first block that reaches below
   * {@code startInclusive} (null: to the first). The first block is fetched alone and each later
   * miss fetches twice as many blocks as the one before (up to the readahead size): a short
   * descending read touches only what it needs, a long one makes few requests.
   */
  public EntryIterator descendingIterator(byte[] startInclusive, byte[] endExclusive) {
    boolean empty =
        (endExclusive != null && Keys.compare(info.firstKey(), endExclusive) >= 0)
            || (startInclusive != null && Keys.compare(info.lastKey(), startInclusive) < 0);
    return new ReadAheadEntryIterator() {
      int blockIndex = endExclusive == null ? blockLastKeys.length - 1 : Math.min(findBlock(endExclusive), blockLastKeys.length - 1);
      int spanBlocks = 1;
      Block current;
      int entryIndex;

      {
        if (!empty) {
          current = descendingBlock(blockIndex, startInclusive, spanBlocks);
          // Blocks before findBlock(end) end below the end; this one may start below it.
          entryIndex = (endExclusive == null ? current.count() : current.seek(endExclusive, Long.MAX_VALUE)) - 1;
        }
        readFirst();
      }

      @Override
      protected Entry readNext() {
        while (current != null) {
          if (entryIndex >= 0) {
            return current.entry(entryIndex--);
          }
          if (blockIndex == 0 || (startInclusive != null && Keys.compare(blockLastKeys[blockIndex - 1], startInclusive) < 0)) {
            current = null; // every earlier block lies wholly below the start
            return null;
          }
          blockIndex--;
          if (cache.get(info.id(), blockIndex) == null) {
            spanBlocks = Math.min(spanBlocks * 2, blockLastKeys.length);
          }
          current = descendingBlock(blockIndex, startInclusive, spanBlocks);
          entryIndex = current.count() - 1;
        }
        return null;
      }
    };
  }
}
