package io.rocklake.catalog;

import io.rocklake.kv.KeyValue;
import io.rocklake.kv.WriteBatch;
import io.rocklake.kv.lsm.Keys;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;

/**
 * The facts of every DuckLake relation with a {@code table_id} column, clustered by table: a second,
 * versioned copy of each row version under its table, so that "the rows of table T as of commit C" is
 * one short range scan whose cost is the history of T alone, not of the catalog. DuckDB asks exactly
 * that of data files, delete files, stats and schema versions on every query of a table.
 *
 * <pre>  't' | relation id (u32) | table_id (sign-flipped u64) | row key | ~commit id (u64)  →  RowFact</pre>
 *
 * It is read like the facts themselves (the newest version at or below C decides), and written in the
 * commit batch that writes the facts, with the same commit id. A row version that moves a row to
 * another table (no DuckDB statement does; SQL may) also writes a deletion under the old table, so the
 * old cluster stops showing it from that commit on. Like the facts, entries are never rewritten;
 * {@code excise} removes the versions it removes from the facts, by the same rule. The whole index is
 * derived and is built from the facts when a catalog written before it is first opened by a writer
 * ({@link #build}); docs/formats.md, "Catalog keys".
 */
final class TableIndex {
  static final byte PREFIX = 't';
  /** Meta key present once the index covers every fact; absent in catalogs written before it. */
  static final byte[] BUILT = FactKeys.meta("table_index");

  private TableIndex() {}

  /** Whether the relation's rows are clustered by table: DuckLake relations with a BIGINT table_id. */
  static boolean covers(RelationDef relation) {
    return relation.kind() == RelationDef.Kind.DUCKLAKE && relation.columnIndex("table_id").isPresent()
        && relation.column("table_id").orElseThrow().type() == ColumnType.BIGINT;
  }

  static int tableIdColumn(RelationDef relation) {
    return relation.columnIndex("table_id").getAsInt();
  }

  static byte[] prefix(int relationId, long tableId) {
    return ByteBuffer.allocate(13).put(PREFIX).putInt(relationId).putLong(tableId ^ Long.MIN_VALUE).array();
  }

  static byte[] key(int relationId, long tableId, byte[] rowKey, long commit) {
    return ByteBuffer.allocate(13 + rowKey.length + 8).put(prefix(relationId, tableId)).put(rowKey)
        .putLong(~commit).array();
  }

  /**
   * Adds to the batch the index versions for one row going from {@code before} to {@code after}
   * (null = absent or deleted) at {@code commit}; {@code fact} is the new fact.
   */
  static void update(WriteBatch batch, RelationDef relation, byte[] rowKey, Object[] before, Object[] after,
      byte[] fact, long rowId, long commit) {
    Long old = tableOf(relation, before);
    Long now = tableOf(relation, after);
    if (now != null) {
      batch.put(key(relation.id(), now, rowKey, commit), fact);
    }
    if (old != null && !Objects.equals(old, now)) {
      batch.put(key(relation.id(), old, rowKey, commit), Values.tombstone(rowId).toByteArray());
    }
  }

  private static Long tableOf(RelationDef relation, Object[] values) {
    return values != null && values[tableIdColumn(relation)] instanceof Long t ? t : null;
  }

  /**
   * Writes the index for every fact of the catalog: each row's versions replayed oldest first, as the
   * commits that wrote them would have. Returns the entries written. Batches are flushed as they fill;
   * the {@link #BUILT} marker goes in the last one, so a build cut short is redone whole.
   */
  static long build(Catalog catalog, int batchEntries) {
    long written = 0;
    WriteBatch batch = new WriteBatch();
    int inBatch = 0;
    for (RelationDef relation : catalog.registry().duckLakeTablesAt(catalog.latestCommit())) {
      if (!covers(relation)) {
        continue;
      }
      byte[] relationPrefix = FactKeys.relationPrefix(relation.id());
      Iterator<KeyValue> it = catalog.reader().scan(relationPrefix, Keys.prefixEnd(relationPrefix));
      List<KeyValue> versions = new ArrayList<>(); // one row's, newest first
      while (true) {
        KeyValue kv = it.hasNext() ? it.next() : null;
        if (!versions.isEmpty() && (kv == null || !FactKeys.sameRow(versions.get(0).key(), kv.key()))) {
          Object[] before = null;
          for (int i = versions.size() - 1; i >= 0; i--) {
            KeyValue v = versions.get(i);
            StoredFact fact = StoredFact.decode(v, relation.columns());
            Object[] after = fact.values();
            int size = batch.size();
            update(batch, relation, FactKeys.rowKeyOf(v.key()), before, after, v.value(), fact.rowId(),
                FactKeys.commitOf(v.key()));
            inBatch += batch.size() - size;
            before = after;
          }
          versions.clear();
          if (inBatch >= batchEntries) {
            catalog.writeDerived(batch);
            written += inBatch;
            batch = new WriteBatch();
            inBatch = 0;
          }
        }
        if (kv == null) {
          break;
        }
        versions.add(kv);
      }
    }
    batch.put(BUILT, new byte[] {1});
    catalog.writeDerived(batch);
    return written + inBatch;
  }
}
