package io.rocklake.kv;

import java.util.Iterator;
import java.util.Optional;

/**
 * Read operations shared by the writer ({@link Db}) and read-only clients ({@link DbReader}). Reads
 * without a sequence number see everything visible now; reads at a sequence number see exactly the
 * batches committed up to it (guaranteed for sequence numbers held by an open {@link Snapshot}).
 */
public interface KvReader {

  /** The newest visible sequence number. */
  long lastSeq();

  Optional<byte[]> get(byte[] key, long seq);

  default Optional<byte[]> get(byte[] key) {
    return get(key, lastSeq());
  }

  /** Keys in {@code [startInclusive, endExclusive)} in unsigned byte order; null bounds are open. */
  Iterator<KeyValue> scan(byte[] startInclusive, byte[] endExclusive, long seq);

  default Iterator<KeyValue> scan(byte[] startInclusive, byte[] endExclusive) {
    return scan(startInclusive, endExclusive, lastSeq());
  }

  /**
   * The keys of {@code [startInclusive, endExclusive)} in descending unsigned byte order, each with its
   * newest version at or below {@code seq}, deleted keys hidden: exactly {@link #scan} reversed. It
   * reads backwards from the end, so the last key of a range costs about one block per source
   * however many keys the range holds.
   */
  Iterator<KeyValue> scanDescending(byte[] startInclusive, byte[] endExclusive, long seq);

  default Iterator<KeyValue> scanDescending(byte[] startInclusive, byte[] endExclusive) {
    return scanDescending(startInclusive, endExclusive, lastSeq());
  }

  default Iterator<KeyValue> scanPrefixDescending(byte[] prefix, long seq) {
    return scanDescending(prefix, io.rocklake.kv.lsm.Keys.prefixEnd(prefix), seq);
  }

  default Iterator<KeyValue> scanPrefixDescending(byte[] prefix) {
    return scanPrefixDescending(prefix, lastSeq());
  }

  default Iterator<KeyValue> scanPrefix(byte[] prefix, long seq) {
    return scan(prefix, io.rocklake.kv.lsm.Keys.prefixEnd(prefix), seq);
  }

  default Iterator<KeyValue> scanPrefix(byte[] prefix) {
    return scanPrefix(prefix, lastSeq());
  }
}
