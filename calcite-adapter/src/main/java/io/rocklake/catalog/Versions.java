package io.rocklake.catalog;

import io.rocklake.catalog.proto.RowFact;
import io.rocklake.kv.KeyValue;
import io.rocklake.kv.KvReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Iterator;

/**
 * The one rule of catalog visibility, for every key range laid out as {@code prefix | row key |
 * ~commit id} (the facts and the table index alike): a row's versions sort newest first, and the
 * first one at or below the reading commit decides — the row as written, or absent if that version is
 * a deletion.
 */
final class Versions {
  private Versions() {}

  /**
   * The rows visible at {@code atCommit} among the keys in {@code [from, to)}; the row key of each
   * begins {@code rowKeyOffset} bytes into its key.
   */
  static List<CatalogRow> visible(KvReader reader, RelationDef relation, long atCommit, byte[] from, byte[] to,
      int rowKeyOffset) {
    List<CatalogRow> out = new ArrayList<>();
    Iterator<KeyValue> it = reader.scan(from, to);
    byte[] decided = null;
    while (it.hasNext()) {
      KeyValue kv = it.next();
      byte[] key = kv.key();
      if (decided != null && sameRow(decided, key)) {
        continue; // an older version of a row already decided
      }
      if (FactKeys.commitOf(key) > atCommit) {
        continue; // newer than the view; an older version may follow
      }
      decided = key;
      RowFact fact = Catalog.parse(kv);
      if (!fact.getDeleted()) {
        out.add(new CatalogRow(fact.getRowId(), Arrays.copyOfRange(key, rowKeyOffset, key.length - 8),
            Values.fromFact(fact, relation.columns())));
      }
    }
    return out;
  }

  /**
   * The visible row with the highest row key in {@code [from, to)} whose key {@code skip} does not
   * reject, read backwards: a row's versions then come oldest first, so the last one at or below the
   * reading commit decides it. Reads only the rows it passes over, not the range.
   */
  static CatalogRow lastVisible(KvReader reader, RelationDef relation, long atCommit, byte[] from, byte[] to,
      int rowKeyOffset, java.util.function.Predicate<byte[]> skip) {
    Iterator<KeyValue> it = reader.scanDescending(from, to);
    KeyValue group = null;
    KeyValue decided = null;
    while (true) {
      KeyValue kv = it.hasNext() ? it.next() : null;
      if (group != null && (kv == null || !sameRow(group.key(), kv.key()))) {
        if (decided != null) {
          RowFact fact = Catalog.parse(decided);
          byte[] rowKey = Arrays.copyOfRange(decided.key(), rowKeyOffset, decided.key().length - 8);
          if (!fact.getDeleted() && !skip.test(rowKey)) {
            return new CatalogRow(fact.getRowId(), rowKey, Values.fromFact(fact, relation.columns()));
          }
        }
        decided = null;
      }
      if (kv == null) {
        return null;
      }
      group = kv;
      if (FactKeys.commitOf(kv.key()) <= atCommit) {
        decided = kv; // a newer version at or below the view than any seen so far in this row
      }
    }
  }

  /** Whether two version keys (same layout) are versions of the same row. */
  static boolean sameRow(byte[] a, byte[] b) {
    return a.length == b.length && Arrays.equals(a, 0, a.length - 8, b, 0, b.length - 8);
  }
}
