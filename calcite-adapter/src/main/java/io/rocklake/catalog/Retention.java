package io.rocklake.catalog;

import io.rocklake.kv.KeyValue;
import io.rocklake.kv.WriteBatch;
import io.rocklake.kv.lsm.Keys;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeMap;

/**
 * The only operations that touch history. {@link #gc} raises the visibility floor and deletes
 * nothing. {@link #excise} physically removes the facts no readable commit needs any more, and
 * {@link #exciseTable} a dropped table's whole history, each after writing its audit row; they are
 * the only code paths that delete catalog data.
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
      return remove(floor, plan(floor), requestedBy, reason);
    }
  }

  /**
   * Removes the whole history of DuckLake table {@code tableId}, which must be dropped already: every
   * version, at every commit, of its rows in the DuckLake relations that carry a {@code table_id}
   * (the table itself, its columns, data and delete files, statistics, partitions, …), their table
   * and live index entries, and its inlined-data relations' facts. Snapshots that showed the table no
   * longer do; nothing else reads differently. The audit row's reason names the table.
   */
  public ExcisionReport exciseTable(long tableId, String requestedBy, String reason) {
    synchronized (catalog.commitLock()) {
      String table = checkTableDropped(tableId);
      return remove(catalog.floor(), planTable(tableId), requestedBy,
          "table " + table + " (id " + tableId + ")" + (reason == null ? "" : ": " + reason));
    }
  }

  /** {@link #exciseTable}'s keys, told without removing them (it works on a read-only catalog). */
  public ExcisionPlan previewTable(long tableId) {
    checkTableDropped(tableId);
    return summarize(catalog.floor(), planTable(tableId));
  }

  /**
   * The table's {@code schema.name} as it was last named, if it is dropped at the latest commit; a
   * table still live, or one the catalog never held, is refused (the latter may be excised already).
   */
  public String checkTableDropped(long tableId) {
    CatalogTransaction tx = catalog.begin();
    RelationDef tables = tx.requireRelation(DuckLakeRelations.SCHEMA, "ducklake_table");
    RelationDef schemas = tx.requireRelation(DuckLakeRelations.SCHEMA, "ducklake_schema");
    Object[] newest = null;
    boolean live = false;
    for (CatalogRow row : tx.scan(tables)) {
      if (Long.valueOf(tableId).equals(row.get(tables.columnIndex("table_id").getAsInt()))) {
        live |= row.get(tables.columnIndex("end_snapshot").getAsInt()) == null;
        newest = row.values();
      }
    }
    if (newest == null) {
      throw new CatalogException(SqlState.UNDEFINED_TABLE, "the catalog holds no table with id " + tableId
          + " (never, or its history was excised already)");
    }
    String name = (String) newest[tables.columnIndex("table_name").getAsInt()];
    Object schemaId = newest[tables.columnIndex("schema_id").getAsInt()];
    String schema = String.valueOf(schemaId);
    for (CatalogRow row : tx.scan(schemas)) {
      if (schemaId.equals(row.get(schemas.columnIndex("schema_id").getAsInt()))) {
        schema = (String) row.get(schemas.columnIndex("schema_name").getAsInt());
      }
    }
    String qualified = schema + "." + name;
    if (live) {
      throw new CatalogException(SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE, "table " + qualified + " (id " + tableId + ") is live at the"
          + " latest snapshot: drop it in DuckDB first (DROP TABLE), then excise its history");
    }
    return qualified;
  }

  /** The audit row, durable first; then the keys, {@link #DELETE_BATCH} at a time. */
  private ExcisionReport remove(long floor, List<byte[]> doomed, String requestedBy, String reason) {
    long facts = doomed.stream().filter(k -> k[0] == FactKeys.FACT).count(); // the rest are index entries
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

  /**
   * Every key of table {@code tableId}'s history: under each relation the table index clusters by
   * table, the index's entries for the table name its rows, whose every fact version goes with them,
   * and so do their live-index entries; then every fact of the table's inlined-data relations.
   */
  List<byte[]> planTable(long tableId) {
    List<byte[]> doomed = new ArrayList<>();
    for (RelationDef relation : RelationRegistry.fixedRelations()) {
      if (!TableIndex.covers(relation)) {
        continue;
      }
      java.util.Set<java.nio.ByteBuffer> rows = new java.util.LinkedHashSet<>();
      byte[] cluster = TableIndex.prefix(relation.id(), tableId);
      for (Iterator<KeyValue> it = catalog.reader().scan(cluster, Keys.prefixEnd(cluster)); it.hasNext(); ) {
        byte[] key = it.next().key();
        doomed.add(key);
        rows.add(java.nio.ByteBuffer.wrap(java.util.Arrays.copyOfRange(key, cluster.length, key.length - 8)));
      }
      for (java.nio.ByteBuffer row : rows) {
        byte[] versions = FactKeys.rowPrefix(relation.id(), row.array());
        catalog.reader().scan(versions, Keys.prefixEnd(versions)).forEachRemaining(kv -> doomed.add(kv.key()));
      }
      if (LiveIndex.covers(relation)) {
        byte[] live = LiveIndex.prefix(relation.id(), tableId);
        catalog.reader().scan(live, Keys.prefixEnd(live)).forEachRemaining(kv -> doomed.add(kv.key()));
      }
    }
    for (int relationId : inlinedRelations(tableId)) {
      byte[] prefix = FactKeys.relationPrefix(relationId);
      catalog.reader().scan(prefix, Keys.prefixEnd(prefix)).forEachRemaining(kv -> doomed.add(kv.key()));
    }
    return doomed;
  }

  /** The ids of every run-time relation ever named {@code ducklake_inlined_data_<tableId>_<version>}. */
  private java.util.Set<Integer> inlinedRelations(long tableId) {
    RelationDef registry = RockLakeRelations.RELATION;
    String prefixName = "ducklake_inlined_data_" + tableId + "_";
    java.util.Set<Integer> ids = new java.util.TreeSet<>();
    byte[] prefix = FactKeys.relationPrefix(registry.id());
    for (Iterator<KeyValue> it = catalog.reader().scan(prefix, Keys.prefixEnd(prefix)); it.hasNext(); ) {
      StoredFact fact = StoredFact.decode(it.next(), registry.columns());
      if (!fact.deleted() && fact.values()[2] instanceof String name && name.startsWith(prefixName)
          && fact.values()[0] instanceof Long id) {
        ids.add(id.intValue());
      }
    }
    return ids;
  }

  /**
   * What an excision at the catalog's floor would remove, told without removing it: the same keys
   * {@link #excise} deletes, so a dry run on a read-only catalog names exactly what the excision will.
   */
  public ExcisionPlan preview() {
    long floor = catalog.floor();
    return summarize(floor, plan(floor));
  }

  /** Keys counted per relation: facts, index entries (table and live), and the commits of the versioned ones. */
  private static ExcisionPlan summarize(long floor, List<byte[]> keys) {
    TreeMap<Integer, long[]> byRelation = new TreeMap<>(); // facts, index entries, first, last
    for (byte[] key : keys) {
      boolean fact = key[0] == FactKeys.FACT;
      int relation = FactKeys.relationOf(key); // every layout puts the relation id in bytes 1-4
      long[] c = byRelation.computeIfAbsent(relation, r -> new long[] {0, 0, Long.MAX_VALUE, Long.MIN_VALUE});
      c[fact ? 0 : 1]++;
      if (key[0] != LiveIndex.INDEX) { // live entries carry no commit
        long commit = FactKeys.commitOf(key);
        c[2] = Math.min(c[2], commit);
        c[3] = Math.max(c[3], commit);
      }
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
