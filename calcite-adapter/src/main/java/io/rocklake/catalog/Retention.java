package io.rocklake.catalog;

import io.rocklake.kv.KeyValue;
import io.rocklake.kv.WriteBatch;
import io.rocklake.kv.lsm.Keys;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The only two operations that touch history. {@link #gc} raises the visibility floor and deletes
 * nothing. {@link #excise} physically removes the facts no readable commit needs any more, after
 * writing its audit row; it is the only code path that deletes catalog data.
 */
public final class Retention {
  /** Facts removed per kv batch: each batch is atomic, so a crash leaves a consistent prefix. */
  static final int DELETE_BATCH = 10_000;

  private final Catalog catalog;

  public Retention(Catalog catalog) {
    this.catalog = catalog;
  }

  /** What an excision removed. */
  public record ExcisionReport(long excisionId, long floor, long factsRemoved) {}

  /**
   * Makes commits below {@code newFloor} unreadable (recorded in {@code rocklake_retention}).
   * Returns the commit that recorded it. Deletes nothing.
   */
  public long gc(long newFloor, String raisedBy, String reason) {
    synchronized (catalog.commitLock()) {
      if (newFloor < catalog.floor()) {
        throw new CatalogException(SqlState.INVALID_PARAMETER_VALUE, "the floor is already " + catalog.floor()
            + "; it can only be raised, not lowered to " + newFloor);
      }
      if (newFloor > catalog.latestCommit()) {
        throw new CatalogException(SqlState.INVALID_PARAMETER_VALUE, "cannot raise the floor to " + newFloor
            + ": the latest commit is " + catalog.latestCommit());
      }
      CatalogTransaction tx = catalog.begin(new CommitInfo(raisedBy, "rocklake gc", 1));
      long commit = catalog.latestCommit() + 1;
      tx.insert(RockLakeRelations.RETENTION, new Object[] {commit, newFloor, raisedBy, reason, catalog.clock().instant()});
      tx.metaPuts.put("floor", Catalog.longBytes(newFloor));
      long made = tx.commit();
      catalog.setFloor(newFloor);
      return made;
    }
  }

  /**
   * Removes every fact that no commit at or above the floor can see: all versions of a row older
   * than its version visible at the floor, and that version too if it is a deletion. RockLake's own
   * relations (commits, relations, retention, excisions) are kept whole: they are the audit trail.
   */
  public ExcisionReport excise(String requestedBy, String reason) {
    synchronized (catalog.commitLock()) {
      long floor = catalog.floor();
      List<byte[]> doomed = plan(floor);
      long facts = doomed.stream().filter(k -> k[0] == FactKeys.FACT).count(); // the rest are index copies
      CatalogTransaction tx = catalog.begin(new CommitInfo(requestedBy, "rocklake excise", 1));
      long excisionId = catalog.latestCommit() + 1;
      tx.insert(RockLakeRelations.EXCISION, new Object[] {excisionId, floor, facts, requestedBy,
          reason, catalog.clock().instant()});
      tx.commit(); // the audit row is durable before the first byte is deleted
      for (int i = 0; i < doomed.size(); i += DELETE_BATCH) {
        WriteBatch batch = new WriteBatch();
        for (byte[] key : doomed.subList(i, Math.min(doomed.size(), i + DELETE_BATCH))) {
          batch.delete(key);
        }
        catalog.db().write(batch);
      }
      return new ExcisionReport(excisionId, floor, facts);
    }
  }

  /**
   * The keys {@link #excise} would remove at this floor: fact versions, and the table index's copies
   * of them, which follow the same rule because they have the same layout and commit ids.
   */
  List<byte[]> plan(long floor) {
    List<byte[]> doomed = new ArrayList<>();
    for (byte prefixByte : new byte[] {FactKeys.FACT, TableIndex.PREFIX}) {
      byte[] prefix = {prefixByte};
      Iterator<KeyValue> it = catalog.reader().scan(prefix, Keys.prefixEnd(prefix));
      byte[] group = null;
      boolean seenFloorVersion = false;
      while (it.hasNext()) {
        KeyValue kv = it.next();
        byte[] key = kv.key();
        int relation = FactKeys.relationOf(key);
        if (relation >= RockLakeRelations.COMMIT.id() && relation <= RockLakeRelations.EXCISION.id()) {
          continue;
        }
        if (group == null || !FactKeys.sameRow(group, key)) {
          group = key;
          seenFloorVersion = false;
        }
        long commit = FactKeys.commitOf(key);
        if (commit > floor) {
          continue; // readable from the floor on: kept
        }
        if (!seenFloorVersion) {
          seenFloorVersion = true; // the version visible at the floor
          if (isDeletion(kv)) {
            doomed.add(key); // nothing older survives, so the deletion marker is not needed either
          }
          continue;
        }
        doomed.add(key);
      }
    }
    return doomed;
  }

  private static boolean isDeletion(KeyValue kv) {
    return StoredFact.decode(kv, List.of()).deleted();
  }
}
