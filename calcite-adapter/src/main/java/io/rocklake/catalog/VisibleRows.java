package io.rocklake.catalog;

import io.rocklake.kv.KeyValue;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Predicate;

/**
 * The one rule of catalog visibility, for every key range laid out as {@code prefix | row key |
 * ~commit id} (the facts and the table index alike): a row's versions sort newest first, and the
 * first one at or below the reading commit decides — the row as written, or absent if that version
 * is a deletion.
 *
 * <p>The rows visible at a commit among the keys a kv-store scan yields, decoded one at a time as
 * the caller asks for them, so a read as large as the relation is never held whole; the row key of
 * each begins {@code rowKeyOffset} bytes into its key. Rows whose values {@code admits} rejects are
 * passed over.
 */
final class VisibleRows implements Iterator<CatalogRow> {
  private final Iterator<KeyValue> versions;
  private final List<ColumnDef> columns;
  private final long atCommit;
  private final int rowKeyOffset;
  private final Predicate<Object[]> admits;
  private byte[] decided;
  private CatalogRow next;

  VisibleRows(Iterator<KeyValue> versions, List<ColumnDef> columns, long atCommit, int rowKeyOffset,
      Predicate<Object[]> admits) {
    this.versions = versions;
    this.columns = columns;
    this.atCommit = atCommit;
    this.rowKeyOffset = rowKeyOffset;
    this.admits = admits;
  }

  @Override public boolean hasNext() {
    while (next == null && versions.hasNext()) {
      KeyValue kv = versions.next();
      byte[] key = kv.key();
      if (decided != null && FactKeys.sameRow(decided, key)) {
        continue; // an older version of a row already decided
      }
      if (FactKeys.commitOf(key) > atCommit) {
        continue; // newer than the view; an older version may follow
      }
      decided = key;
      StoredFact fact = StoredFact.decode(kv, columns);
      if (!fact.deleted() && admits.test(fact.values())) {
        next = new CatalogRow(fact.rowId(), Arrays.copyOfRange(key, rowKeyOffset, key.length - 8), fact.values());
      }
    }
    return next != null;
  }

  @Override public CatalogRow next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    CatalogRow row = next;
    next = null;
    return row;
  }
}
