package io.rocklake.catalog;

import io.rocklake.kv.Db;
import io.rocklake.kv.KeyValue;
import io.rocklake.kv.KvException;
import io.rocklake.kv.KvReader;
import io.rocklake.kv.WriteBatch;
import io.rocklake.kv.lsm.Keys;
import io.rocklake.kv.store.ObjectStoreException;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * The DuckLake catalog as immutable facts in the kv-store. Every row change is a new fact under
 * (relation, row key, commit id); committed facts are never overwritten, so the state at any commit
 * at or above the visibility floor can be read back exactly. One {@code Catalog} opened on the
 * writer {@link Db} commits; any number opened on readers only read.
 *
 * <p>Commits are serialized here (one writer process), validated first-committer-wins, and each
 * is one atomic kv batch: its facts, its {@code rocklake_commit} row and the derived counters. If
 * writing a batch fails, the outcome is unknown until the store is reopened, so the catalog takes no
 * further commit on that writer rather than risk reusing a commit id. Reads go on at the last
 * acknowledged commit. When the catalog was opened with a way to reopen its writer, the next commit
 * after the failure reopens it (at most once per {@link #REOPEN_BACKOFF_NANOS}), which replays
 * whatever did land; once the cause is gone (space freed) writes work again. A fenced writer is
 * never reopened: a newer server owns the catalog, and every transaction here fails with 57P01.
 */
public final class Catalog {
  static final byte[] LATEST_COMMIT = FactKeys.meta("latest_commit");
  static final byte[] FLOOR = FactKeys.meta("floor");
  static final byte[] NEXT_RELATION_ID = FactKeys.meta("next_relation_id");
  /** The last commit that changed rocklake_relation (derived: the max commit of its facts). */
  static final byte[] RELATIONS_CHANGED_AT = FactKeys.meta("relations_changed_at");

  /** Between two reopen attempts of a writer whose store keeps failing: bounds the writes a failing store sees. */
  static final long REOPEN_BACKOFF_NANOS = 1_000_000_000L;
  private static final Logger LOG = Logger.getLogger(Catalog.class.getName());

  private volatile Db db; // replaced (under commitLock) when a failed writer is reopened
  private volatile KvReader reader;
  private final Supplier<Db> reopen; // null: a failed writer stays failed
  private long lastReopenAttempt; // guarded by commitLock
  private final Clock clock;
  private final RelationRegistry registry;
  private final Object commitLock = new Object();
  private final Map<Integer, AtomicLong> nextRowIds = new ConcurrentHashMap<>();
  private final AtomicLong nextRelationId;
  private volatile long latestCommit;
  private volatile long floor;
  /**
   * The last commit that created or dropped a relation, so a transaction at a later commit can reuse
   * the relation list of an earlier one instead of rereading it; -1 when not recorded (a catalog
   * written before it, on a reader).
   */
  private volatile long relationsChangedAt;
  /** Whether the table index covers every fact; false only in a catalog written before it existed. */
  private volatile boolean tableIndexed;
  /** The first commit of an empty catalog marks the table index built (guarded by commitLock). */
  private boolean tableIndexMarkerDue;
  private volatile RuntimeException broken;
  /** Told when a write finds this catalog's writer fenced, so the server stops without waiting for its next check. */
  private volatile Runnable fencedListener = () -> {};
  /** The message of a write refused on a read-only catalog. */
  private volatile String writeRefusal;
  private volatile java.util.function.LongConsumer committedListener = commit -> {};
  /** What {@code current_database()} and {@code pg_database} call this catalog. */
  private volatile String databaseName = DEFAULT_DATABASE_NAME;

  /** The database name of a catalog served alone: a client may connect under any name, and sees this one. */
  public static final String DEFAULT_DATABASE_NAME = "rocklake";

  private Catalog(Db db, KvReader reader, Clock clock, Supplier<Db> reopen) {
    this.db = db;
    this.reader = reader;
    this.clock = clock;
    this.reopen = reopen;
    this.registry = new RelationRegistry(this);
    this.latestCommit = readMeta(LATEST_COMMIT, 0);
    this.floor = readMeta(FLOOR, 0);
    this.nextRelationId = new AtomicLong(readMeta(NEXT_RELATION_ID, RelationRegistry.FIRST_DYNAMIC_ID));
    // Before it was recorded any commit may have changed the relations: the latest one says so safely.
    this.relationsChangedAt = readMeta(RELATIONS_CHANGED_AT, db != null ? latestCommit : -1);
    this.tableIndexed = reader.get(TableIndex.BUILT).isPresent();
    if (db != null && !tableIndexed) {
      if (latestCommit == 0) {
        tableIndexed = true; // nothing to index yet
        tableIndexMarkerDue = true;
      } else {
        long started = System.nanoTime();
        long entries = TableIndex.build(this, 10_000);
        tableIndexed = true;
        LOG.info("built the table index of a catalog written before it: " + entries + " entries over "
            + latestCommit + " commits in " + (System.nanoTime() - started) / 1_000_000 + " ms");
      }
    }
  }

  /** Opens the catalog for writing on the store's single writer. */
  public static Catalog open(Db db) {
    return open(db, Clock.systemUTC());
  }

  public static Catalog open(Db db, Clock clock) {
    return new Catalog(db, db, clock, null);
  }

  /**
   * Opens the catalog for writing; after a failed store write, {@code reopen} (typically
   * {@code () -> Db.open(sameStore)}) supplies the next writer.
   */
  public static Catalog open(Db db, Supplier<Db> reopen) {
    return new Catalog(db, db, Clock.systemUTC(), reopen);
  }

  /** Opens a read-only catalog (on a {@code DbReader}, which never writes to the store). */
  public static Catalog openReadOnly(KvReader reader) {
    return new Catalog(null, reader, Clock.systemUTC(), null);
  }

  /**
   * Opens a read-only catalog whose every write is refused (25006) with {@code writeRefusal}: a
   * replica's says where the writer is.
   */
  public static Catalog openReadOnly(KvReader reader, String writeRefusal) {
    Catalog c = new Catalog(null, reader, Clock.systemUTC(), null);
    c.writeRefusal = writeRefusal;
    return c;
  }

  /** Why every write is refused on this read-only catalog; null when none was given (or it is writable). */
  public String writeRefusal() {
    return db == null ? writeRefusal : null;
  }

  /** The writer in use now (it changes when a failed one is reopened); null for a read-only catalog. */
  public Db writer() {
    return db;
  }

  /**
   * Asks the store whether a newer writer fenced this one (no write involved); once fenced, the
   * catalog serves no transaction any more.
   *
   * @return the newer writer's epoch, or empty while this catalog's writer is the newest
   */
  public OptionalLong checkFenced() {
    if (db == null) {
      return OptionalLong.empty();
    }
    // Under the commit lock: a reopen in progress has already written its bumped manifest while the
    // old writer is still current, and the old writer would take its own successor for a rival.
    synchronized (commitLock) {
      Db d = db;
      if (broken != null && StoreFailureErrors.fencing(broken) != null) {
        return OptionalLong.of(StoreFailureErrors.fencing(broken).fencingEpoch());
      }
      OptionalLong fencedBy = d.checkFenced();
      if (fencedBy.isPresent()) {
        broken = d.failure().orElseThrow();
        LOG.severe("catalog writer epoch " + d.epoch() + " was fenced by a newer writer (epoch "
            + fencedBy.getAsLong() + "): serving nothing more");
      }
      return fencedBy;
    }
  }

  /** {@code listener} runs (on the writing thread; keep it short) when a commit finds this writer fenced. */
  public void onFenced(Runnable listener) {
    fencedListener = listener;
  }

  /** The database name clients see this catalog as, {@value #DEFAULT_DATABASE_NAME} unless named. */
  public String databaseName() {
    return databaseName;
  }

  /** Names the catalog as a database: one of many a server serves under a catalog root is called by its name. */
  public void nameDatabase(String name) {
    databaseName = java.util.Objects.requireNonNull(name, "name");
  }

  /** {@code listener} runs on the committing thread after each durable commit that wrote, with its id. */
  public void onCommitted(java.util.function.LongConsumer listener) {
    committedListener = listener;
  }

  void committed(long commit) {
    committedListener.accept(commit);
  }

  public RelationRegistry registry() {
    return registry;
  }

  public long latestCommit() {
    return latestCommit;
  }

  /** The last commit that changed the set of relations, or -1 if unknown (see the field). */
  long relationsChangedAt() {
    return relationsChangedAt;
  }

  /** The oldest commit that can still be read; raised by {@link #gc}. */
  public long floor() {
    return floor;
  }

  /** Rereads the latest commit and floor, for readers whose store moved on (call after the reader refreshes). */
  public void refresh() {
    // The reader may move on between these reads. The latest commit is read first and published
    // last: a transaction at it then finds a relations-changed mark at least as new as its own
    // commit's (a newer one only costs a reread of the relation list, an older one would hide a table).
    long latest = readMeta(LATEST_COMMIT, 0);
    long changedAt = readMeta(RELATIONS_CHANGED_AT, -1);
    long newFloor = readMeta(FLOOR, 0);
    tableIndexed = tableIndexed || reader.get(TableIndex.BUILT).isPresent();
    relationsChangedAt = changedAt;
    floor = Math.max(floor, newFloor);
    if (latest > latestCommit) {
      latestCommit = latest; // never backwards: a reader restarted on an older view must not undo a commit seen
    }
  }

  public boolean isWritable() {
    return db != null;
  }

  // ---- transactions ------------------------------------------------------------------------

  public CatalogTransaction begin() {
    return begin(CommitInfo.INTERNAL);
  }

  public CatalogTransaction begin(CommitInfo info) {
    checkNotFenced(); // reads of a failed (not fenced) writer's last acknowledged commit are still right
    return new CatalogTransaction(this, latestCommit, db == null, info);
  }

  /** A read-only transaction at an earlier commit: catalog time travel. */
  public CatalogTransaction beginAt(long commit) {
    checkNotFenced();
    checkReadable(commit);
    return new CatalogTransaction(this, commit, true, CommitInfo.INTERNAL);
  }

  void checkReadable(long commit) {
    long f = floor;
    if (commit < f) {
      throw new CatalogException(SqlState.SNAPSHOT_TOO_OLD, "commit " + commit
          + " is below the visibility floor: the oldest readable commit is " + f + " (raised by gc)");
    }
    if (commit > latestCommit) {
      throw new CatalogException(SqlState.INVALID_PARAMETER_VALUE, "commit " + commit
          + " does not exist yet: the latest commit is " + latestCommit);
    }
  }

  long commit(CatalogTransaction tx) {
    if (!tx.hasWrites()) {
      return tx.readCommit();
    }
    if (writeRefusal() != null) {
      throw new CatalogException(SqlState.READ_ONLY_SQL_TRANSACTION, writeRefusal());
    }
    if (db == null || tx.isReadOnly()) {
      throw new CatalogException(SqlState.READ_ONLY_SQL_TRANSACTION, "cannot commit writes on a read-only catalog");
    }
    synchronized (commitLock) {
      checkUsable();
      Map<byte[], Version> before = validate(tx);
      long commit = latestCommit + 1;
      WriteBatch batch = new WriteBatch();
      long facts = 0;
      Long snapshotId = null;
      for (Map.Entry<Integer, TreeMap<byte[], PendingRow>> rel : tx.writes.entrySet()) {
        for (Map.Entry<byte[], PendingRow> w : rel.getValue().entrySet()) {
          PendingRow p = w.getValue();
          byte[] fact = (p.deleted() ? Values.tombstone(p.rowId()) : Values.rowFact(p.rowId(), p.values()))
              .toByteArray();
          batch.put(FactKeys.fact(rel.getKey(), w.getKey(), commit), fact);
          facts++;
          RelationDef relation = tx.touchedRelations.get(rel.getKey());
          boolean live = relation != null && LiveIndex.covers(relation);
          boolean ofTable = relation != null && TableIndex.covers(relation);
          if (live || ofTable) {
            Version old = before.get(FactKeys.rowPrefix(rel.getKey(), w.getKey()));
            Object[] oldValues = old == null ? null : old.fact().values();
            Object[] newValues = p.deleted() ? null : p.values();
            if (live) {
              LiveIndex.update(batch, relation, w.getKey(), oldValues, newValues, fact);
            }
            if (ofTable) {
              TableIndex.update(batch, relation, w.getKey(), oldValues, newValues, fact, p.rowId(), commit);
            }
          }
          if (rel.getKey() == 2 && !p.deleted()) { // ducklake_snapshot: the DuckLake snapshot this commit makes
            snapshotId = (Long) p.values()[0];
          }
        }
      }
      Object[] commitRow = {commit, snapshotId, db.epoch(), clock.instant(), tx.info().user(),
          tx.info().application(), tx.info().statements(), facts};
      RelationDef commits = RockLakeRelations.COMMIT;
      batch.put(FactKeys.fact(commits.id(), FactKeys.primaryKey(commits, commitRow), commit),
          Values.rowFact(allocateRowId(commits), commitRow).toByteArray());
      batch.put(LATEST_COMMIT, longBytes(commit));
      for (Map.Entry<Integer, AtomicLong> e : nextRowIds.entrySet()) {
        batch.put(nextRowIdKey(e.getKey()), longBytes(e.getValue().get()));
      }
      batch.put(NEXT_RELATION_ID, longBytes(nextRelationId.get()));
      tx.metaPuts.forEach((name, value) -> batch.put(FactKeys.meta(name), value));
      if (tableIndexMarkerDue) {
        batch.put(TableIndex.BUILT, new byte[] {1});
      }
      boolean relationsChange = tx.writes.containsKey(RockLakeRelations.RELATION.id())
          && !tx.writes.get(RockLakeRelations.RELATION.id()).isEmpty();
      long changedAt = relationsChange ? commit : relationsChangedAt;
      batch.put(RELATIONS_CHANGED_AT, longBytes(changedAt));
      write(batch);
      tableIndexMarkerDue = false;
      relationsChangedAt = changedAt; // before latestCommit: a transaction at this commit must see it
      latestCommit = commit;
      return commit;
    }
  }

  /**
   * First committer wins: a key changed since the transaction's view fails the whole commit.
   * Returns each written row's latest committed version (keyed by its fact-key row prefix), which
   * the commit needs to maintain the live index.
   */
  private Map<byte[], Version> validate(CatalogTransaction tx) {
    Map<byte[], Version> latestVersions = new TreeMap<>(RowKeyComparator.INSTANCE);
    for (Map.Entry<Integer, TreeMap<byte[], PendingRow>> rel : tx.writes.entrySet()) {
      RelationDef relation = tx.touchedRelations.get(rel.getKey());
      for (Map.Entry<byte[], PendingRow> w : rel.getValue().entrySet()) {
        Optional<Version> latest = latestVersion(rel.getKey(), relation == null ? List.of() : relation.columns(), w.getKey());
        latest.ifPresent(v -> latestVersions.put(FactKeys.rowPrefix(rel.getKey(), w.getKey()), v));
        if (latest.isEmpty() || latest.get().commit() <= tx.readCommit()) {
          continue;
        }
        PendingRow p = w.getValue();
        if (!p.existedAtRead() && !p.deleted() && relation.hasPrimaryKey() && !latest.get().fact().deleted()) {
          throw duplicateKey(relation, p.values());
        }
        throw new CatalogException(SqlState.SERIALIZATION_FAILURE,
            "could not serialize access due to concurrent update of \"" + relation.name()
                + "\": commit " + latest.get().commit() + " changed the row after this transaction began (at commit "
                + tx.readCommit() + ")");
      }
    }
    return latestVersions;
  }

  CatalogException duplicateKey(RelationDef relation, Object[] values) {
    List<String> cols = relation.primaryKey();
    List<String> vals = new ArrayList<>();
    for (int i : relation.primaryKeyIndexes()) {
      vals.add(String.valueOf(values[i]));
    }
    return new CatalogException(SqlState.UNIQUE_VIOLATION,
        "duplicate key value violates unique constraint \"" + relation.primaryKeyConstraintName() + "\"",
        "Key (" + String.join(", ", cols) + ")=(" + String.join(", ", vals) + ") already exists.");
  }

  private void write(WriteBatch batch) {
    Db d = db;
    try {
      d.write(batch);
    } catch (RuntimeException e) {
      broken = e;
      LOG.warning("catalog writer epoch " + d.epoch() + " stopped: commit " + (latestCommit + 1) + " failed ("
          + StoreFailureErrors.sqlState(e).code() + "): " + e.getMessage());
      if (StoreFailureErrors.fencing(e) != null) {
        fencedListener.run();
      }
      throw StoreFailureErrors.writeFailed(e, "Whether commit " + (latestCommit + 1) + " was applied is unknown "
          + "until the writer reopens; reads still show commit " + latestCommit + "."
          + (reopen == null ? "" : " The writer is reopened at the next write once the cause is gone."));
    }
  }

  private void checkNotFenced() {
    RuntimeException b = broken;
    if (b != null && StoreFailureErrors.fencing(b) != null) {
      throw StoreFailureErrors.fenced(StoreFailureErrors.fencing(b));
    }
  }

  /** Called with commitLock held before a write: a failed writer is reopened here, or the failure reported. */
  private void checkUsable() {
    RuntimeException b = broken;
    if (b == null) {
      return;
    }
    checkNotFenced();
    if (reopen == null) {
      throw StoreFailureErrors.writeFailed(b, "The catalog writer stopped after a failed store write; restart "
          + "the server to reopen it.");
    }
    long now = System.nanoTime();
    if (lastReopenAttempt != 0 && now - lastReopenAttempt < REOPEN_BACKOFF_NANOS) {
      throw StoreFailureErrors.writeFailed(b, "The catalog writer stopped after a failed store write and is "
          + "reopened at the next write after a second's pause; reads still show commit " + latestCommit + ".");
    }
    lastReopenAttempt = now;
    Db old = db;
    // A newer writer may have opened the store while this one was failing: reopening would fence it back.
    try {
      if (old.checkFenced().isPresent()) {
        broken = old.failure().orElseThrow();
        LOG.severe("catalog writer epoch " + old.epoch() + " was fenced while failing; not reopening it");
        checkNotFenced();
      }
    } catch (KvException | ObjectStoreException e) {
      // Reading the manifest failed too; Db.open below reports the store's state.
    }
    LOG.info("reopening the catalog writer (epoch " + old.epoch() + " failed: " + b.getMessage() + ")");
    Db fresh;
    try {
      fresh = reopen.get();
    } catch (RuntimeException e) {
      broken = e;
      LOG.warning("reopening the catalog writer failed (" + StoreFailureErrors.sqlState(e).code() + "): " + e.getMessage());
      throw StoreFailureErrors.writeFailed(e, "The catalog writer could not be reopened; it is tried again at the "
          + "next write. Reads still show commit " + latestCommit + ".");
    }
    db = fresh;
    reader = fresh;
    // What the failed write left is now known: the new writer replayed it if it landed. Row and
    // relation counters only ever ran ahead of what is stored, so they stay.
    latestCommit = readMeta(LATEST_COMMIT, 0);
    floor = readMeta(FLOOR, 0);
    relationsChangedAt = readMeta(RELATIONS_CHANGED_AT, latestCommit);
    broken = null;
    lastReopenAttempt = 0;
    old.close();
    LOG.info("catalog writer reopened at epoch " + fresh.epoch() + "; latest commit " + latestCommit);
  }

  // ---- reading facts -----------------------------------------------------------------------

  /** A row version: the commit that wrote it and the fact. */
  record Version(long commit, StoredFact fact) {}

  List<CatalogRow> committedRows(RelationDef relation, long atCommit) {
    byte[] prefix = FactKeys.relationPrefix(relation.id());
    return committedRows(relation, atCommit, prefix, Keys.prefixEnd(prefix));
  }

  /** The committed rows at {@code atCommit} that satisfy the bounds, read along the chosen path. */
  List<CatalogRow> committedRows(RelationDef relation, ScanBounds bounds, long atCommit) {
    AccessPath path = accessPath(relation, bounds, atCommit);
    byte[][] range = oneRange(relation, bounds, path);
    if (range != null) {
      List<CatalogRow> rows = new ArrayList<>();
      rangeRows(relation, bounds, atCommit, range).forEachRemaining(rows::add);
      return rows;
    }
    List<CatalogRow> rows;
    switch (path) {
      case KEY_RANGE: // a list of keys: one range each
        rows = new ArrayList<>();
        for (long k : bounds.points(relation.integerKeyColumn().getAsInt())) {
          byte[][] key = keyRange(relation, k, k);
          rows.addAll(committedRows(relation, atCommit, key[0], key[1]));
        }
        break;
      case LIVE_INDEX:
        rows = rowsOfTables(relation, bounds, table -> liveRowsOfTable(relation, table, atCommit));
        break;
      case TABLE_INDEX: // end_snapshot IS NULL, if asked at an earlier commit, is the bounds' filter below
        rows = rowsOfTables(relation, bounds, table -> rowsOfTable(relation, table, atCommit));
        break;
      default:
        throw new IllegalStateException("no reading for access path " + path);
    }
    rows.removeIf(r -> !bounds.admits(r.valuesInPlace()));
    return rows;
  }

  /**
   * {@link #committedRows(RelationDef, ScanBounds, long)}, read as the caller consumes it when its
   * access path is one range of the relation (a full scan, or a key range): the answers that can be
   * as large as the relation are never held whole. The narrower paths answer a table's rows, which
   * are read at once.
   */
  Iterator<CatalogRow> committedRowStream(RelationDef relation, ScanBounds bounds, long atCommit) {
    byte[][] range = oneRange(relation, bounds, accessPath(relation, bounds, atCommit));
    return range == null ? committedRows(relation, bounds, atCommit).iterator() : rangeRows(relation, bounds, atCommit, range);
  }

  /** The fact keys {@code [from, to)} a path reads when it is one range of the relation, else null. */
  private static byte[][] oneRange(RelationDef relation, ScanBounds bounds, AccessPath path) {
    if (path == AccessPath.FULL_SCAN) {
      return keyRange(relation, Long.MIN_VALUE, Long.MAX_VALUE);
    }
    if (path == AccessPath.KEY_RANGE && bounds.points(relation.integerKeyColumn().getAsInt()) == null) {
      long[] keys = bounds.range(relation.integerKeyColumn().getAsInt());
      return keyRange(relation, keys[0], keys[1]);
    }
    return null;
  }

  private Iterator<CatalogRow> rangeRows(RelationDef relation, ScanBounds bounds, long atCommit, byte[][] range) {
    return new VisibleRows(reader.scan(range[0], range[1]), relation.columns(), atCommit, 5, bounds::admits);
  }

  /** The fact keys {@code [from, to)} of the rows whose integer key lies in {@code [low, high]}. */
  private static byte[][] keyRange(RelationDef relation, long low, long high) {
    byte[] prefix = FactKeys.relationPrefix(relation.id());
    byte[] from = low == Long.MIN_VALUE ? prefix : FactKeys.rowPrefix(relation.id(), FactKeys.integerKey(low));
    byte[] to = high == Long.MAX_VALUE ? Keys.prefixEnd(prefix)
        : FactKeys.rowPrefix(relation.id(), FactKeys.integerKey(high + 1));
    return new byte[][] {from, to};
  }

  AccessPath accessPath(RelationDef relation, ScanBounds bounds, long atCommit) {
    return AccessPath.choose(relation, bounds, db != null && atCommit == latestCommit);
  }

  /** The rows of each table the bounds name ({@code table_id = T} or {@code IN (…)}), in row-key order. */
  private static List<CatalogRow> rowsOfTables(RelationDef relation, ScanBounds bounds,
      java.util.function.LongFunction<List<CatalogRow>> ofTable) {
    List<CatalogRow> rows = new ArrayList<>();
    for (long table : bounds.points(TableIndex.tableIdColumn(relation))) {
      rows.addAll(ofTable.apply(table));
    }
    if (rows.size() > 1) {
      rows.sort((a, b) -> RowKeyComparator.INSTANCE.compare(a.rowKey(), b.rowKey()));
    }
    return rows;
  }

  /** Rows whose row key lies in {@code [fromKey, toKey)}, both given as full fact-key prefixes. */
  List<CatalogRow> committedRows(RelationDef relation, long atCommit, byte[] from, byte[] to) {
    return visibleRows(relation, atCommit, from, to, 5);
  }

  /**
   * The rows of one table at {@code atCommit}: through the table index when the catalog has it, and by
   * filtering a whole scan in a catalog written before it that no writer has opened since.
   */
  List<CatalogRow> rowsOfTable(RelationDef relation, long tableId, long atCommit) {
    if (tableIndexed) {
      byte[] prefix = TableIndex.prefix(relation.id(), tableId);
      return visibleRows(relation, atCommit, prefix, Keys.prefixEnd(prefix), prefix.length);
    }
    List<CatalogRow> out = new ArrayList<>();
    int column = TableIndex.tableIdColumn(relation);
    for (CatalogRow r : committedRows(relation, atCommit)) {
      if (Long.valueOf(tableId).equals(r.get(column))) {
        out.add(r);
      }
    }
    return out;
  }

  /**
   * The live rows ({@code end_snapshot IS NULL}) of one table at {@code atCommit}, through the live
   * index when {@code atCommit} is the latest commit of a writable catalog; otherwise by scanning.
   */
  List<CatalogRow> liveRowsOfTable(RelationDef relation, long tableId, long atCommit) {
    if (db != null && LiveIndex.covers(relation)) {
      synchronized (commitLock) { // no commit may change the index between the check and the read
        if (atCommit == latestCommit) {
          return LiveIndex.rows(reader, relation, tableId);
        }
      }
    }
    List<CatalogRow> out = new ArrayList<>();
    for (CatalogRow r : rowsOfTable(relation, tableId, atCommit)) {
      if (isLiveRowOf(relation, r.valuesInPlace(), tableId)) {
        out.add(r);
      }
    }
    return out;
  }

  static boolean isLiveRowOf(RelationDef relation, Object[] values, long tableId) {
    Object table = values[LiveIndex.tableIdColumn(relation).getAsInt()];
    return values[LiveIndex.endSnapshotColumn(relation).getAsInt()] == null && table instanceof Long
        && (Long) table == tableId;
  }

  /** Rewrites the live index from the facts (it is derived: this must change nothing). */
  public void rebuildLiveIndex() {
    synchronized (commitLock) {
      checkUsable();
      WriteBatch batch = new WriteBatch();
      LiveIndex.rebuild(this, batch);
      write(batch);
    }
  }

  /** Writes derived entries (index builds) through the writer, failing as a commit's write fails. */
  void writeDerived(WriteBatch batch) {
    write(batch);
  }

  Optional<CatalogRow> committedRow(RelationDef relation, byte[] rowKey, long atCommit) {
    Iterator<KeyValue> it = reader.scan(FactKeys.versionsFrom(relation.id(), rowKey, atCommit),
        Keys.prefixEnd(FactKeys.rowPrefix(relation.id(), rowKey)));
    if (!it.hasNext()) {
      return Optional.empty();
    }
    StoredFact fact = StoredFact.decode(it.next(), relation.columns());
    return fact.deleted() ? Optional.empty() : Optional.of(new CatalogRow(fact.rowId(), rowKey, fact.values()));
  }

  Optional<Version> latestVersion(int relationId, List<ColumnDef> columns, byte[] rowKey) {
    byte[] prefix = FactKeys.rowPrefix(relationId, rowKey);
    Iterator<KeyValue> it = reader.scan(prefix, Keys.prefixEnd(prefix));
    if (!it.hasNext()) {
      return Optional.empty();
    }
    KeyValue kv = it.next();
    return Optional.of(new Version(FactKeys.commitOf(kv.key()), StoredFact.decode(kv, columns)));
  }

  /** The rows visible at {@code atCommit} among the keys in {@code [from, to)}, by {@link VisibleRows}' rule. */
  private List<CatalogRow> visibleRows(RelationDef relation, long atCommit, byte[] from, byte[] to, int rowKeyOffset) {
    List<CatalogRow> out = new ArrayList<>();
    new VisibleRows(reader.scan(from, to), relation.columns(), atCommit, rowKeyOffset, values -> true).forEachRemaining(out::add);
    return out;
  }

  /**
   * The committed row with the highest key at {@code atCommit} among those {@code skip} does not
   * reject, read backwards: a row's versions then come oldest first, so the last one at or below the
   * reading commit decides it. Reads only the rows it passes over, not the relation.
   */
  CatalogRow lastCommittedRow(RelationDef relation, long atCommit, java.util.function.Predicate<byte[]> skip) {
    byte[] prefix = FactKeys.relationPrefix(relation.id());
    Iterator<KeyValue> it = reader.scanDescending(prefix, Keys.prefixEnd(prefix));
    KeyValue group = null;
    KeyValue decided = null;
    while (true) {
      KeyValue kv = it.hasNext() ? it.next() : null;
      if (group != null && (kv == null || !FactKeys.sameRow(group.key(), kv.key()))) {
        if (decided != null) {
          StoredFact fact = StoredFact.decode(decided, relation.columns());
          byte[] rowKey = FactKeys.rowKeyOf(decided.key());
          if (!fact.deleted() && !skip.test(rowKey)) {
            return new CatalogRow(fact.rowId(), rowKey, fact.values());
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

  // ---- counters ----------------------------------------------------------------------------

  long allocateRowId(RelationDef relation) {
    return nextRowIds.computeIfAbsent(relation.id(), id -> new AtomicLong(readMeta(nextRowIdKey(id), 1)))
        .getAndIncrement();
  }

  int allocateRelationId() {
    return Math.toIntExact(nextRelationId.getAndIncrement());
  }

  private static byte[] nextRowIdKey(int relationId) {
    return FactKeys.meta("next_row_id/" + relationId);
  }

  private long readMeta(byte[] key, long absent) {
    return reader.get(key).map(b -> ByteBuffer.wrap(b).getLong()).orElse(absent);
  }

  static byte[] longBytes(long v) {
    return ByteBuffer.allocate(8).putLong(v).array();
  }

  Db db() {
    return db;
  }

  /**
   * The bytes the catalog's sorted tables take in its store: what {@code pg_database_size} reports.
   * The log not yet flushed into them is left out, as PostgreSQL leaves out its WAL.
   */
  public long storedBytes() {
    return db.manifest().allSsts().stream().mapToLong(io.rocklake.kv.sst.SstInfo::size).sum();
  }

  KvReader reader() {
    return reader;
  }

  Clock clock() {
    return clock;
  }

  Object commitLock() {
    return commitLock;
  }

  void setFloor(long newFloor) {
    floor = newFloor;
  }
}
