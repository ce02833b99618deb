package io.rocklake.kv.lsm;

import io.rocklake.kv.sst.SstWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Merges every SST of the database into one new sorted run (a full compaction, so it is also the
 * bottom level): per key it keeps the newest version plus what open snapshots still need, and drops
 * a tombstone once nothing older survives beneath it. Output is split at key boundaries so a key's
 * versions never straddle two SSTs.
 */
public final class Compaction {
  private Compaction() {}

  /**
   * @param oldestSnapshotSeq the lowest sequence number an open snapshot reads at, or
   *     {@code Long.MAX_VALUE} if none
   */
  public static List<SstWriter.Built> run(
      EntryIterator input, long oldestSnapshotSeq, int blockSize, long targetBytes, Supplier<String> ids) {
    List<SstWriter.Built> out = new ArrayList<>();
    SstWriter writer = new SstWriter(blockSize);
    List<Entry> versions = new ArrayList<>();
    Entry e = input.next();
    while (e != null) {
      versions.clear();
      versions.add(e);
      Entry n;
      while ((n = input.next()) != null && Keys.compare(n.key(), e.key()) == 0) {
        versions.add(n);
      }
      List<Entry> kept = retain(versions, oldestSnapshotSeq);
      if (!kept.isEmpty()) {
        if (writer.estimatedSize() >= targetBytes) {
          out.add(writer.finish(ids.get()));
          writer = new SstWriter(blockSize);
        }
        kept.forEach(writer::add);
      }
      e = n;
    }
    if (!writer.isEmpty()) {
      out.add(writer.finish(ids.get()));
    }
    return out;
  }

  /** Versions (newest first) that some reader may still need. */
  static List<Entry> retain(List<Entry> versions, long oldestSnapshotSeq) {
    List<Entry> kept = new ArrayList<>();
    for (Entry v : versions) {
      kept.add(v);
      if (v.seq() <= oldestSnapshotSeq) {
        break; // the newest version visible to the oldest reader: nothing older is ever read
      }
    }
    // Bottom level: a trailing tombstone hides nothing beneath it (nothing older survives, and no
    // reader reads below the oldest snapshot), so it reads exactly like an absent key.
    while (!kept.isEmpty() && kept.get(kept.size() - 1).isTombstone()) {
      kept.remove(kept.size() - 1);
    }
    return kept;
  }
}
