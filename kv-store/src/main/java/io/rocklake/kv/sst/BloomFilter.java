package io.rocklake.kv.sst;

import java.util.List;

/**
 * A bloom filter over user keys (10 bits per key, 7 probes: about 1% false positives), so a point
 * get skips SSTs that cannot hold the key without fetching a data block.
 */
public final class BloomFilter {
  static final int PROBES = 7;
  private static final int BITS_PER_KEY = 10;
  private final byte[] bits;
  private final int numBits;
  private final int probes;

  BloomFilter(byte[] bits, int probes) {
    this.bits = bits;
    this.numBits = bits.length * 8;
    this.probes = probes;
  }

  static BloomFilter build(List<byte[]> keys) {
    int numBits = Math.max(64, keys.size() * BITS_PER_KEY);
    BloomFilter f = new BloomFilter(new byte[(numBits + 7) / 8], PROBES);
    for (byte[] k : keys) {
      f.add(k);
    }
    return f;
  }

  byte[] bits() {
    return bits;
  }

  int probes() {
    return probes;
  }

  private void add(byte[] key) {
    long h = hash(key);
    int h1 = (int) h;
    int h2 = (int) (h >>> 32);
    for (int i = 0; i < probes; i++) {
      int bit = Math.floorMod(h1 + i * h2, numBits);
      bits[bit >>> 3] |= (byte) (1 << (bit & 7));
    }
  }

  public boolean mightContain(byte[] key) {
    long h = hash(key);
    int h1 = (int) h;
    int h2 = (int) (h >>> 32);
    for (int i = 0; i < probes; i++) {
      int bit = Math.floorMod(h1 + i * h2, numBits);
      if ((bits[bit >>> 3] & (1 << (bit & 7))) == 0) {
        return false;
      }
    }
    return true;
  }

  /** 64-bit FNV-1a followed by a murmur finalizer: stable across JVMs, documented in formats.md. */
  static long hash(byte[] key) {
    long h = 0xcbf29ce484222325L;
    for (byte b : key) {
      h ^= (b & 0xff);
      h *= 0x100000001b3L;
    }
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    return h;
  }
}
