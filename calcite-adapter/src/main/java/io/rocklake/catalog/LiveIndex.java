package io.rocklake.catalog;

import io.rocklake.kv.KeyValue;
import io.rocklake.kv.KvReader;
import io.rocklake.kv.WriteBatch;
import io.rocklake.kv.lsm.Keys;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.OptionalInt;

/**
 * A derived index of the rows that are live in DuckLake's sense — {@code end_snapshot IS NULL} —
 * by {@code table_id}, for every DuckLake relation that has both columns (data files, delete files,
 * columns, tables, partitions, sort keys, column tags). It answers "the files of table T at the
 * latest snapshot" without reading the history of every file ever written.
 *
 * <pre>  'i' | relation id (u32) | table_id (sign-flipped u64) | row key  →  RowFact of the live version</pre>
 *
 * The value repeats the row's latest fact, so reading the live rows of a table is one short range
 * scan, whatever the history length. Unlike facts, entries are put, rewritten and removed as rows
 * change, inside the commit batch that changes them; the index reflects the latest commit only and
 * can be rebuilt from the facts at any time ({@link #rebuild}).
 */
final class LiveIndex {
  static final byte INDEX = 'i';

  private LiveIndex() {}

  /** The positions of {@code table_id} and {@code end_snapshot}, if the relation is indexed. */
  static boolean covers(RelationDef relation) {
    return relation.kind() == RelationDef.Kind.DUCKLAKE && tableIdColumn(relation).isPresent()
        && endSnapshotColumn(relation).isPresent();
  }

  static OptionalInt tableIdColumn(RelationDef relation) {
    return relation.columnIndex("table_id");
  }

  static OptionalInt endSnapshotColumn(RelationDef relation) {
    return relation.columnIndex("end_snapshot");
  }

  static byte[] prefix(int relationId, long tableId) {
    return ByteBuffer.allocate(13).put(INDEX).putInt(relationId).putLong(tableId ^ Long.MIN_VALUE).array();
  }

  static byte[] key(int relationId, long tableId, byte[] rowKey) {
    return ByteBuffer.allocate(13 + rowKey.length).put(prefix(relationId, tableId)).put(rowKey).array();
  }

  /** The index key a row version belongs under, or null if that version is not live. */
  static byte[] entryFor(RelationDef relation, byte[] rowKey, Object[] values) {
    if (values == null) {
      return null;
    }
    Object end = values[endSnapshotColumn(relation).getAsInt()];
    Object table = values[tableIdColumn(relation).getAsInt()];
    if (end != null || !(table instanceof Long)) {
      return null;
    }
    return key(relation.id(), (Long) table, rowKey);
  }

  /**
   * Adds to the batch the index changes for one row going from {@code before} to {@code after}
   * (null = absent or deleted); {@code fact} is the new version's fact.
   */
  static void update(WriteBatch batch, RelationDef relation, byte[] rowKey, Object[] before, Object[] after,
      byte[] fact) {
    byte[] old = entryFor(relation, rowKey, before);
    byte[] now = entryFor(relation, rowKey, after);
    if (old != null && (now == null || !Arrays.equals(old, now))) {
      batch.delete(old);
    }
    if (now != null) {
      batch.put(now, fact); // also when only other columns changed: the value is the row itself
    }
  }

  /** The live rows of a table, as of the latest commit. */
  static List<CatalogRow> rows(KvReader reader, RelationDef relation, long tableId) {
    byte[] prefix = prefix(relation.id(), tableId);
    List<CatalogRow> out = new ArrayList<>();
    Iterator<KeyValue> it = reader.scan(prefix, Keys.prefixEnd(prefix));
    while (it.hasNext()) {
      KeyValue kv = it.next();
      StoredFact fact = StoredFact.decode(kv, relation.columns());
      out.add(new CatalogRow(fact.rowId(), Arrays.copyOfRange(kv.key(), prefix.length, kv.key().length), fact.values()));
    }
    return out;
  }

  /** Rewrites the whole index from the facts at the latest commit: the proof that it is derived. */
  static void rebuild(Catalog catalog, WriteBatch batch) {
    byte[] all = {INDEX};
    Iterator<KeyValue> it = catalog.reader().scan(all, Keys.prefixEnd(all));
    while (it.hasNext()) {
      batch.delete(it.next().key());
    }
    // Each table as the latest commit defines it: the entries repeat whole rows, 1.1's columns too.
    for (RelationDef r : catalog.registry().duckLakeTablesAt(catalog.latestCommit())) {
      if (covers(r)) {
        for (CatalogRow row : catalog.committedRows(r, catalog.latestCommit())) {
          byte[] k = entryFor(r, row.rowKey(), row.values());
          if (k != null) {
            batch.put(k, Values.rowFact(row.rowId(), row.values()).toByteArray());
          }
        }
      }
    }
  }
}
