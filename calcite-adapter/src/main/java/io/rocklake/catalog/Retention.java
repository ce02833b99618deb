package io.rocklake.catalog;

import io.rocklake.kv.KeyValue;
import io.rocklake.kv.WriteBatch;
import io.rocklake.kv.lsm.Keys;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeMap;

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
   * What {@link #excise} would remove from one relation: its fact versions, the table index's copies of
   * them, and the commits that wrote the oldest and newest of those facts.
   */
  public record RelationExcision(int relationId, long facts, long indexEntries, long firstCommit, long lastCommit) {}

  /** What {@link #excise} would remove at {@code floor}, per relation in id order; read only, nothing is written. */
  public record ExcisionPlan(long floor, List<RelationExcision> relations) {
    public ExcisionPlan {
      relations = List.copyOf(relations);
    }

    /** The facts the audit row records as {@code facts_to_remove}. */
    public long facts() {
      return relations.stream().mapToLong(RelationExcision::facts).sum();
    }

    public long indexEntries() {
      return relations.stream().mapToLong(RelationExcision::indexEntries).sum();
    }
  }

  /**
   * Makes commits below {@code newFloor} unreadable (recorded in {@code rocklake_retention}).
   * Returns the commit that recorded it. Deletes nothing.
   */
  public long gc(long newFloor, String raisedBy, String reason) {
    synchronized (catalog.commitLock()) {
      checkFloor(newFloor);
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
   * Refuses (22023) a floor {@link #gc} would refuse: below the floor now, or above the latest commit.
   * On a read-only catalog too, so a caller can check a floor before it opens the writer.
   */
  public void checkFloor(long newFloor) {
    if (newFloor < catalog.floor()) {
      throw new CatalogException(SqlState.INVALID_PARAMETER_VALUE, "the floor is already " + catalog.floor()
          + "; it can only be raised, not lowered to " + newFloor);
    }
    if (newFloor > catalog.latestCommit()) {
      throw new CatalogException(SqlState.INVALID_PARAMETER_VALUE, "cannot raise the floor to " + newFloor
          + ": the latest commit is " + catalog.latestCommit());
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
   * What an excision at the catalog's floor would remove, told without removing it: the same keys
   * {@link #excise} deletes, so a dry run on a read-only catalog names exactly what the excision will.
   */
  public ExcisionPlan preview() {
    long floor = catalog.floor();
    TreeMap<Integer, long[]> byRelation = new TreeMap<>(); // facts, index entries, first, last
    for (byte[] key : plan(floor)) {
      boolean fact = key[0] == FactKeys.FACT;
      int relation = FactKeys.relationOf(key); // both layouts put the relation id in bytes 1-4
      long commit = FactKeys.commitOf(key);
      long[] c = byRelation.computeIfAbsent(relation, r -> new long[] {0, 0, Long.MAX_VALUE, Long.MIN_VALUE});
      c[fact ? 0 : 1]++;
      c[2] = Math.min(c[2], commit);
      c[3] = Math.max(c[3], commit);
    }
    List<RelationExcision> relations = new ArrayList<>();
    byRelation.forEach((id, c) -> relations.add(new RelationExcision(id, c[0], c[1], c[2], c[3])));
    return new ExcisionPlan(floor, relations);
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
