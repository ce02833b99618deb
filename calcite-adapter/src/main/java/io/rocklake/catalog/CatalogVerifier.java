package io.rocklake.catalog;

import io.rocklake.kv.KeyValue;
import io.rocklake.kv.KvReader;
import io.rocklake.kv.lsm.Keys;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Proves the catalog's facts are what its commits wrote, or names each key that is not: every
 * {@code 'f'} key decodes with its relation's columns (the fixed relations', or a run-time relation's
 * from its {@code rocklake_relation} versions), its row key is exactly the one {@link FactKeys#primaryKey}
 * (or {@link FactKeys#rowIdKey} for a relation without a primary key) makes of its values — which is
 * what makes primary keys unique, since one key is one row — and its commit is not beyond the latest
 * commit. Where the catalog has the table index (and with it the live index), both are checked
 * against the facts: every copy a commit would have written is there with the same row, and no entry
 * is there that no fact explains.
 *
 * <p>The indexes are compared by an order-independent digest of what the facts predict and what is
 * stored, in one pass over each (they are clustered differently, so a merge is not possible); only
 * when the digests differ are the entries looked up one by one, to name the ones that disagree. It
 * only reads, through any {@link KvReader}.
 */
public final class CatalogVerifier {
  /**
   * One key that is not what the commits wrote.
   *
   * @param kind one of the {@code *_} constants
   * @param key the kv key, in hex
   */
  public record Problem(String kind, String key, String detail) {}

  /** What was checked and what was found. */
  public record Report(long facts, int relations, long latestCommit, boolean indexed, long tableIndexEntries,
      long liveIndexEntries, List<Problem> problems) {}

  /** Told every so many facts, for a progress line. */
  @FunctionalInterface
  public interface Progress {
    void factsChecked(String phase, long done);
  }

  public static final String FACT_MALFORMED = "fact-malformed";
  public static final String FACT_UNKNOWN_RELATION = "fact-unknown-relation";
  public static final String FACT_UNDECODABLE = "fact-undecodable";
  public static final String FACT_KEY_MISMATCH = "fact-key-mismatch";
  public static final String FACT_FUTURE_COMMIT = "fact-future-commit";
  public static final String TABLE_INDEX_MISSING = "table-index-missing";
  public static final String TABLE_INDEX_DIFFERS = "table-index-differs";
  public static final String TABLE_INDEX_ORPHAN = "table-index-orphan";
  public static final String LIVE_INDEX_MISSING = "live-index-missing";
  public static final String LIVE_INDEX_DIFFERS = "live-index-differs";
  public static final String LIVE_INDEX_ORPHAN = "live-index-orphan";

  private static final long PROGRESS_EVERY = 10_000;
  private static final byte[] ALL_FACTS = {FactKeys.FACT};

  private final KvReader reader;
  private final Progress progress;
  private final Map<Integer, RelationDef> relations = new HashMap<>();

  public CatalogVerifier(KvReader reader, Progress progress) {
    this.reader = reader;
    this.progress = progress;
  }

  public Report verify() {
    List<Problem> problems = new ArrayList<>();
    long latest = reader.get(Catalog.LATEST_COMMIT).map(b -> ByteBuffer.wrap(b).getLong()).orElse(0L);
    boolean indexed = reader.get(TableIndex.BUILT).isPresent();
    loadRelations(problems);
    Predictions predicted = new Predictions(false);
    long facts = walkFacts(latest, problems, predicted);
    long tableEntries = 0;
    long liveEntries = 0;
    if (indexed) {
      Digest tableStored = storedDigest(TableIndex.PREFIX, "table index");
      Digest liveStored = storedDigest(LiveIndex.INDEX, "live index");
      tableEntries = tableStored.count;
      liveEntries = liveStored.count;
      boolean tableAgrees = tableStored.equals(predicted.table);
      boolean liveAgrees = liveStored.equals(predicted.live);
      if (!tableAgrees || !liveAgrees) {
        locateIndexProblems(latest, !tableAgrees, !liveAgrees, problems);
      }
    }
    return new Report(facts, predicted.relationsSeen.size(), latest, indexed, tableEntries, liveEntries, problems);
  }

  // ---- relations ---------------------------------------------------------------------------

  /** RockLake's relations, then each created relation's newest definition from rocklake_relation. */
  private void loadRelations(List<Problem> problems) {
    // A DuckLake table's columns are its newest rocklake_relation row's (1.1 adds some); RockLake's are fixed.
    RockLakeRelations.ALL.forEach(r -> relations.put(r.id(), r));
    RelationDef registry = RockLakeRelations.RELATION;
    byte[] prefix = FactKeys.relationPrefix(registry.id());
    Iterator<KeyValue> it = reader.scan(prefix, Keys.prefixEnd(prefix));
    while (it.hasNext()) {
      KeyValue kv = it.next();
      StoredFact fact;
      try {
        fact = StoredFact.decode(kv, registry.columns());
      } catch (CatalogException e) {
        continue; // reported by the walk over every fact
      }
      if (fact.deleted() || !(fact.values()[0] instanceof Long id) || relations.containsKey(id.intValue())) {
        continue; // versions come newest first: the newest defining one wins; a drop keeps the older shape
      }
      try {
        relations.put(id.intValue(), RelationRegistry.decode(new CatalogRow(fact.rowId(), FactKeys.rowKeyOf(kv.key()),
            fact.values())));
      } catch (RuntimeException e) {
        problems.add(new Problem(FACT_UNDECODABLE, hex(kv.key()), "rocklake_relation row " + id
            + " does not define a relation: " + e.getMessage()));
      }
    }
    DuckLakeRelations.ALL.forEach(r -> relations.putIfAbsent(r.id(), r));
  }

  // ---- facts -------------------------------------------------------------------------------

  /** What the facts say the indexes hold; with {@code lookUp}, each prediction is checked against the store. */
  private final class Predictions {
    final Digest table = new Digest();
    final Digest live = new Digest();
    final Set<Integer> relationsSeen = new HashSet<>();
    final boolean lookUp;
    boolean checkTable;
    boolean checkLive;
    List<Problem> problems;

    Predictions(boolean lookUp) {
      this.lookUp = lookUp;
    }

    void tableEntry(byte[] key, byte[] value, RelationDef relation, StoredFact fact) {
      table.add(key, value);
      if (lookUp && checkTable) {
        Optional<byte[]> stored = reader.get(key);
        if (stored.isEmpty()) {
          problems.add(new Problem(TABLE_INDEX_MISSING, hex(key), "the table index has no copy of the "
              + relation.name() + " version its commit wrote"));
        } else if (!sameRow(stored.get(), value, relation, fact, key)) {
          problems.add(new Problem(TABLE_INDEX_DIFFERS, hex(key), "the table index copy of a " + relation.name()
              + " version holds another row than its fact"));
        }
      }
    }

    void liveEntry(byte[] key, byte[] value, RelationDef relation, StoredFact fact) {
      live.add(key, value);
      if (lookUp && checkLive) {
        Optional<byte[]> stored = reader.get(key);
        if (stored.isEmpty()) {
          problems.add(new Problem(LIVE_INDEX_MISSING, hex(key), "the live index lacks a " + relation.name()
              + " row whose latest version has end_snapshot NULL"));
        } else if (!sameRow(stored.get(), value, relation, fact, key)) {
          problems.add(new Problem(LIVE_INDEX_DIFFERS, hex(key), "the live index entry of a " + relation.name()
              + " row holds another version than the row's latest"));
        }
      }
    }
  }

  /** Walks every fact once, checking each and feeding the index predictions; returns the facts walked. */
  private long walkFacts(long latest, List<Problem> problems, Predictions predictions) {
    Set<Integer> unknownReported = new HashSet<>();
    Iterator<KeyValue> it = reader.scan(ALL_FACTS, Keys.prefixEnd(ALL_FACTS));
    long facts = 0;
    byte[] previousKey = null;
    Object[] newerValues = null; // the values of the newer version of the same row, null if none or deleted
    long newerRowId = 0;
    long newerCommit = 0;
    while (it.hasNext()) {
      KeyValue kv = it.next();
      byte[] key = kv.key();
      facts++;
      if (facts % PROGRESS_EVERY == 0) {
        progress.factsChecked(predictions.lookUp ? "index entries" : "facts", facts);
      }
      boolean sameRowAsPrevious = previousKey != null && FactKeys.sameRow(previousKey, key);
      previousKey = key;
      if (key.length < 5 + 8) {
        if (!predictions.lookUp) {
          problems.add(new Problem(FACT_MALFORMED, hex(key), "a fact key has at least 13 bytes (tag, relation, "
              + "commit); this one has " + key.length));
        }
        continue;
      }
      int relationId = FactKeys.relationOf(key);
      RelationDef relation = relations.get(relationId);
      predictions.relationsSeen.add(relationId);
      if (relation == null) {
        if (!predictions.lookUp && unknownReported.add(relationId)) {
          problems.add(new Problem(FACT_UNKNOWN_RELATION, hex(key), "relation " + relationId
              + " is neither a fixed relation nor defined in rocklake_relation; its facts cannot be read"));
        }
        continue;
      }
      StoredFact fact;
      try {
        fact = StoredFact.decode(kv, relation.columns());
      } catch (CatalogException e) {
        if (!predictions.lookUp) {
          problems.add(new Problem(FACT_UNDECODABLE, hex(key), relation.name() + " fact: " + e.getMessage()));
        }
        newerValues = null;
        continue;
      }
      byte[] rowKey = FactKeys.rowKeyOf(key);
      long commit = FactKeys.commitOf(key);
      if (!predictions.lookUp) {
        checkKey(relation, key, rowKey, fact, problems);
        if (commit > latest || commit < 1) {
          problems.add(new Problem(FACT_FUTURE_COMMIT, hex(key), relation.name() + " fact of commit " + commit
              + ", but the latest commit is " + latest));
        }
      }
      // Versions of a row come newest first: this one is older than the one before it, if the same row.
      if (sameRowAsPrevious) {
        predictMove(relation, rowKey, fact.values(), newerValues, newerRowId, newerCommit, predictions);
      }
      predictCopies(relation, rowKey, fact, kv.value(), commit, !sameRowAsPrevious, predictions);
      newerValues = fact.values();
      newerRowId = fact.rowId();
      newerCommit = commit;
    }
    return facts;
  }

  /** The row key must be the one the commit path makes of the values. */
  private static void checkKey(RelationDef relation, byte[] key, byte[] rowKey, StoredFact fact, List<Problem> problems) {
    byte[] expected;
    if (relation.hasPrimaryKey()) {
      if (fact.deleted()) {
        return; // a deletion carries no values to check its key against
      }
      try {
        expected = FactKeys.primaryKey(relation, fact.values());
      } catch (CatalogException e) {
        problems.add(new Problem(FACT_KEY_MISMATCH, hex(key), relation.name() + ": " + e.getMessage()));
        return;
      }
    } else {
      expected = FactKeys.rowIdKey(fact.rowId());
    }
    if (!Arrays.equals(expected, rowKey)) {
      problems.add(new Problem(FACT_KEY_MISMATCH, hex(key), relation.name() + " fact's row key is " + hex(rowKey)
          + " but its " + (relation.hasPrimaryKey() ? "primary key " + relation.primaryKey() + " values "
          + describeKey(relation, fact.values()) : "row id " + fact.rowId()) + " make " + hex(expected)));
    }
  }

  private static String describeKey(RelationDef relation, Object[] values) {
    List<String> parts = new ArrayList<>();
    for (int i : relation.primaryKeyIndexes()) {
      parts.add(String.valueOf(values[i]));
    }
    return "(" + String.join(", ", parts) + ")";
  }

  /**
   * The index copies a version gets at its commit: the table index one under its table, and (for a
   * row's newest version) the live index entry when it is live.
   */
  private static void predictCopies(RelationDef relation, byte[] rowKey, StoredFact fact, byte[] value, long commit,
      boolean newest, Predictions predictions) {
    if (TableIndex.covers(relation) && fact.values() != null
        && fact.values()[TableIndex.tableIdColumn(relation)] instanceof Long t) {
      predictions.tableEntry(TableIndex.key(relation.id(), t, rowKey, commit), value, relation, fact);
    }
    if (newest && LiveIndex.covers(relation)) {
      byte[] entry = LiveIndex.entryFor(relation, rowKey, fact.values());
      if (entry != null) {
        predictions.liveEntry(entry, value, relation, fact);
      }
    }
  }

  /**
   * A newer version that left this version's table (or deleted the row) wrote a deletion under this
   * version's table at the newer commit.
   */
  private static void predictMove(RelationDef relation, byte[] rowKey, Object[] olderValues, Object[] newerValues,
      long newerRowId, long newerCommit, Predictions predictions) {
    if (!TableIndex.covers(relation) || olderValues == null) {
      return;
    }
    int column = TableIndex.tableIdColumn(relation);
    if (!(olderValues[column] instanceof Long old)) {
      return;
    }
    Object now = newerValues == null ? null : newerValues[column];
    if (!old.equals(now)) {
      predictions.tableEntry(TableIndex.key(relation.id(), old, rowKey, newerCommit),
          Values.tombstone(newerRowId).toByteArray(), relation, new StoredFact(true, newerRowId, null));
    }
  }

  // ---- indexes -----------------------------------------------------------------------------

  /** An order-independent digest of a set of entries: their count and the sum of a 64-bit hash of each. */
  private static final class Digest {
    long count;
    long sum;

    void add(byte[] key, byte[] value) {
      count++;
      sum += mix(hash(hash(0xcbf29ce484222325L, key) * 31 + key.length, value));
    }

    @Override public boolean equals(Object o) {
      return o instanceof Digest d && d.count == count && d.sum == sum;
    }

    @Override public int hashCode() {
      return Long.hashCode(count * 31 + sum);
    }

    private static long hash(long h, byte[] bytes) {
      for (byte b : bytes) {
        h = (h ^ (b & 0xff)) * 0x100000001b3L;
      }
      return h;
    }

    private static long mix(long h) {
      h ^= h >>> 33;
      h *= 0xff51afd7ed558ccdL;
      h ^= h >>> 33;
      h *= 0xc4ceb9fe1a85ec53L;
      return h ^ (h >>> 33);
    }
  }

  private Digest storedDigest(byte tag, String phase) {
    Digest d = new Digest();
    byte[] prefix = {tag};
    Iterator<KeyValue> it = reader.scan(prefix, Keys.prefixEnd(prefix));
    while (it.hasNext()) {
      KeyValue kv = it.next();
      d.add(kv.key(), kv.value());
      if (d.count % PROGRESS_EVERY == 0) {
        progress.factsChecked(phase, d.count);
      }
    }
    return d;
  }

  /** The digests disagree: look every prediction up, then explain every stored entry, naming what differs. */
  private void locateIndexProblems(long latest, boolean table, boolean live, List<Problem> problems) {
    Predictions lookUps = new Predictions(true);
    lookUps.checkTable = table;
    lookUps.checkLive = live;
    lookUps.problems = problems;
    walkFacts(latest, new ArrayList<>(), lookUps);
    if (table) {
      explainTableEntries(problems);
    }
    if (live) {
      explainLiveEntries(problems);
    }
  }

  /** Each table index entry must be a copy of the fact of its row and commit, or the deletion a move wrote. */
  private void explainTableEntries(List<Problem> problems) {
    byte[] prefix = {TableIndex.PREFIX};
    Iterator<KeyValue> it = reader.scan(prefix, Keys.prefixEnd(prefix));
    while (it.hasNext()) {
      KeyValue kv = it.next();
      byte[] key = kv.key();
      RelationDef relation = key.length >= 13 + 8 ? relations.get(ByteBuffer.wrap(key, 1, 4).getInt()) : null;
      if (relation == null || !TableIndex.covers(relation)) {
        problems.add(new Problem(TABLE_INDEX_ORPHAN, hex(key), "a table index entry of no relation the index covers"));
        continue;
      }
      long tableId = ByteBuffer.wrap(key, 5, 8).getLong() ^ Long.MIN_VALUE;
      byte[] rowKey = Arrays.copyOfRange(key, 13, key.length - 8);
      long commit = ~ByteBuffer.wrap(key, key.length - 8, 8).getLong();
      Optional<byte[]> factValue = reader.get(FactKeys.fact(relation.id(), rowKey, commit));
      if (factValue.isEmpty()) {
        problems.add(new Problem(TABLE_INDEX_ORPHAN, hex(key), "a table index entry of " + relation.name()
            + " table " + tableId + " at commit " + commit + " whose fact does not exist"));
        continue;
      }
      StoredFact entry = decodeOrNull(key, kv.value(), relation);
      StoredFact fact = decodeOrNull(key, factValue.get(), relation);
      boolean explained = entry != null && fact != null && (entry.deleted()
          ? fact.deleted() || !Long.valueOf(tableId).equals(fact.values()[TableIndex.tableIdColumn(relation)])
          : !fact.deleted() && Arrays.deepEquals(entry.values(), fact.values())
              && Long.valueOf(tableId).equals(fact.values()[TableIndex.tableIdColumn(relation)]));
      if (!explained) {
        problems.add(new Problem(TABLE_INDEX_ORPHAN, hex(key), "a table index entry of " + relation.name()
            + " table " + tableId + " at commit " + commit + " that its fact does not explain"));
      }
    }
  }

  /** Each live index entry must be its row's latest version, live, in that table. */
  private void explainLiveEntries(List<Problem> problems) {
    byte[] prefix = {LiveIndex.INDEX};
    Iterator<KeyValue> it = reader.scan(prefix, Keys.prefixEnd(prefix));
    while (it.hasNext()) {
      KeyValue kv = it.next();
      byte[] key = kv.key();
      RelationDef relation = key.length >= 13 ? relations.get(ByteBuffer.wrap(key, 1, 4).getInt()) : null;
      if (relation == null || !LiveIndex.covers(relation)) {
        problems.add(new Problem(LIVE_INDEX_ORPHAN, hex(key), "a live index entry of no relation the index covers"));
        continue;
      }
      long tableId = ByteBuffer.wrap(key, 5, 8).getLong() ^ Long.MIN_VALUE;
      byte[] rowKey = Arrays.copyOfRange(key, 13, key.length);
      byte[] rowPrefix = FactKeys.rowPrefix(relation.id(), rowKey);
      Iterator<KeyValue> versions = reader.scan(rowPrefix, Keys.prefixEnd(rowPrefix));
      StoredFact latest = versions.hasNext() ? decodeOrNull(key, versions.next().value(), relation) : null;
      if (latest == null || latest.deleted() || !Catalog.isLiveRowOf(relation, latest.values(), tableId)) {
        problems.add(new Problem(LIVE_INDEX_ORPHAN, hex(key), "a live index entry of " + relation.name() + " table "
            + tableId + " for a row whose latest version is not live in that table"));
      }
    }
  }

  private static boolean sameRow(byte[] stored, byte[] predicted, RelationDef relation, StoredFact fact, byte[] key) {
    if (Arrays.equals(stored, predicted)) {
      return true;
    }
    StoredFact s = decodeOrNull(key, stored, relation);
    return s != null && s.deleted() == fact.deleted() && s.rowId() == fact.rowId()
        && Arrays.deepEquals(s.values(), fact.values());
  }

  private static StoredFact decodeOrNull(byte[] key, byte[] value, RelationDef relation) {
    try {
      return StoredFact.decode(new KeyValue(key, value), relation.columns());
    } catch (CatalogException e) {
      return null;
    }
  }

  private static String hex(byte[] b) {
    return HexFormat.of().formatHex(b);
  }
}
