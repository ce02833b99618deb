package io.rocklake.catalog;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BiPredicate;

/**
 * A catalog transaction: a read view fixed at the commit it began on, plus a private write set.
 * Reads see the view with the transaction's own writes laid over it. {@link #commit()} validates
 * the write set against everything committed since the view (first committer wins) and applies it
 * as one atomic kv batch under the next commit id; {@link #rollback()} discards it. Nothing a
 * transaction writes is visible to others before its commit, and nothing of a failed commit ever is.
 */
public final class CatalogTransaction {
  enum State { ACTIVE, COMMITTED, ROLLED_BACK, FAILED }

  private final Catalog catalog;
  private final long readCommit;
  private final boolean readOnly;
  private final CommitInfo info;
  final Map<Integer, TreeMap<byte[], PendingRow>> writes = new HashMap<>();
  final Map<Integer, RelationDef> touchedRelations = new HashMap<>();
  /** Derived meta values written in the same batch as this transaction's facts (internal use). */
  final Map<String, byte[]> metaPuts = new HashMap<>();
  private State state = State.ACTIVE;

  CatalogTransaction(Catalog catalog, long readCommit, boolean readOnly, CommitInfo info) {
    this.catalog = catalog;
    this.readCommit = readCommit;
    this.readOnly = readOnly;
    this.info = info;
  }

  /** The commit this transaction reads. */
  public long readCommit() {
    return readCommit;
  }

  /** The database name clients reach this transaction's catalog by ({@link Catalog#databaseName}). */
  public String databaseName() {
    return catalog.databaseName();
  }

  /** The bytes the catalog's store holds, whatever this transaction sees ({@link Catalog#storedBytes}). */
  public long storedBytes() {
    return catalog.storedBytes();
  }

  public boolean isReadOnly() {
    return readOnly;
  }

  public boolean hasWrites() {
    return writes.values().stream().anyMatch(m -> !m.isEmpty()) || !metaPuts.isEmpty();
  }

  CommitInfo info() {
    return info;
  }

  // ---- relations ---------------------------------------------------------------------------

  /** Every relation this transaction sees (its own CREATE/DROP included). */
  public List<RelationDef> relations() {
    return catalog.registry().existingRelations(this);
  }

  /** A relation by name as this transaction sees it (its own CREATE/DROP included). */
  public Optional<RelationDef> relation(String schema, String name) {
    return catalog.registry().resolve(schema, name, this);
  }

  public RelationDef requireRelation(String schema, String name) {
    return relation(schema, name).orElseThrow(() -> new CatalogException(SqlState.UNDEFINED_TABLE,
        "relation \"" + (schema == null ? name : schema + "." + name) + "\" does not exist"));
  }

  /** Creates a run-time relation; visible to this transaction now and to others once committed. */
  public RelationDef createRelation(String schema, String name, List<ColumnDef> columns, RelationDef.Kind kind,
      boolean ifNotExists) {
    return createRelation(schema, name, columns, List.of(), kind, ifNotExists);
  }

  /** Creates a run-time relation with a primary key, enforced as the DuckLake tables' are. */
  public RelationDef createRelation(String schema, String name, List<ColumnDef> columns, List<String> primaryKey,
      RelationDef.Kind kind, boolean ifNotExists) {
    checkWritable();
    Optional<RelationDef> existing = relation(schema, name);
    if (existing.isPresent()) {
      if (ifNotExists) {
        return existing.get();
      }
      throw new CatalogException(SqlState.DUPLICATE_TABLE, "relation \"" + name + "\" already exists");
    }
    return catalog.registry().create(this, schema, name, columns, primaryKey, kind);
  }

  /** ALTER TABLE … ADD COLUMN; false when IF NOT EXISTS found the column there already. */
  public boolean addColumn(RelationDef relation, ColumnDef column, boolean ifNotExists) {
    checkWritable();
    return catalog.registry().addColumn(this, relation, column, ifNotExists);
  }

  /** ALTER TABLE … RENAME COLUMN. */
  public void renameColumn(RelationDef relation, String from, String to) {
    checkWritable();
    catalog.registry().renameColumn(this, relation, from, to);
  }

  public void dropRelation(RelationDef relation) {
    checkWritable();
    catalog.registry().drop(this, relation);
  }

  // ---- rows --------------------------------------------------------------------------------

  /** Every row of the relation visible to this transaction, in row-key order. */
  public List<CatalogRow> scan(RelationDef relation) {
    checkActive();
    return withOwnWrites(relation, catalog.committedRows(relation, readCommit), (key, values) -> true);
  }

  /**
   * Lays this transaction's writes over committed rows: a pending row replaces or adds the row with
   * its key when it {@code qualifies} for the result, and removes it when deleted or not qualifying.
   */
  private List<CatalogRow> withOwnWrites(RelationDef relation, List<CatalogRow> committed,
      BiPredicate<byte[], Object[]> qualifies) {
    if (!hasOwnWrites(relation)) {
      return committed; // nothing of this transaction's to lay over: the committed rows, in key order already
    }
    TreeMap<byte[], PendingRow> pending = writes.get(relation.id());
    TreeMap<byte[], CatalogRow> rows = new TreeMap<>(RowKeyComparator.INSTANCE);
    for (CatalogRow r : committed) {
      rows.put(r.rowKey(), r);
    }
    pending.forEach((key, p) -> {
      if (p.deleted() || !qualifies.test(key, p.values())) {
        rows.remove(key);
      } else {
        rows.put(key, new CatalogRow(p.rowId(), key, p.values().clone()));
      }
    });
    return new ArrayList<>(rows.values());
  }

  /**
   * The visible rows that satisfy the bounds, in row-key order, read along the narrowest
   * {@link AccessPath} the bounds allow; this transaction's own writes are laid over them.
   */
  public List<CatalogRow> scan(RelationDef relation, ScanBounds bounds) {
    checkActive();
    if (bounds.isContradictory()) {
      return new ArrayList<>();
    }
    return withOwnWrites(relation, catalog.committedRows(relation, bounds, readCommit),
        (key, values) -> bounds.admits(values));
  }

  /**
   * {@link #scan(RelationDef, ScanBounds)}, read as the caller consumes it: a whole-relation read is
   * never held in memory at once. The rows are those of this transaction's read commit whenever they
   * are consumed. With writes of its own on the relation the overlay needs every row first, so the
   * scan's list is handed out instead.
   */
  public Iterator<CatalogRow> stream(RelationDef relation, ScanBounds bounds) {
    checkActive();
    if (bounds.isContradictory() || hasOwnWrites(relation)) {
      return scan(relation, bounds).iterator();
    }
    return catalog.committedRowStream(relation, bounds, readCommit);
  }

  private boolean hasOwnWrites(RelationDef relation) {
    TreeMap<byte[], PendingRow> pending = writes.get(relation.id());
    return pending != null && !pending.isEmpty();
  }

  /**
   * The visible row with the highest key — {@code MAX(key)} of a relation keyed by one BIGINT, as
   * DuckDB asks for its latest snapshot at every transaction — read backwards from the end of the
   * relation, so its cost is that row's, not the relation's. Empty if the relation has no rows.
   */
  public Optional<CatalogRow> lastRow(RelationDef relation) {
    checkActive();
    TreeMap<byte[], PendingRow> mine = writes.getOrDefault(relation.id(), new TreeMap<>(RowKeyComparator.INSTANCE));
    CatalogRow committed = catalog.lastCommittedRow(relation, readCommit, mine::containsKey);
    for (Map.Entry<byte[], PendingRow> e : mine.descendingMap().entrySet()) {
      if (!e.getValue().deleted()) {
        if (committed == null || RowKeyComparator.INSTANCE.compare(e.getKey(), committed.rowKey()) > 0) {
          return Optional.of(new CatalogRow(e.getValue().rowId(), e.getKey(), e.getValue().values().clone()));
        }
        break;
      }
    }
    return Optional.ofNullable(committed);
  }

  /** The path {@link #scan(RelationDef, ScanBounds)} reads these bounds along (for EXPLAIN and tests). */
  public AccessPath accessPath(RelationDef relation, ScanBounds bounds) {
    return catalog.accessPath(relation, bounds, readCommit);
  }

  /** The visible rows of a relation without a primary key with these row ids (its row keys), in id order. */
  public List<CatalogRow> rowsById(RelationDef relation, java.util.Collection<Long> rowIds) {
    checkActive();
    if (relation.hasPrimaryKey()) {
      throw new IllegalArgumentException(relation.name() + " is keyed by its primary key, not by row id");
    }
    List<CatalogRow> out = new ArrayList<>();
    for (long id : new java.util.TreeSet<>(rowIds)) {
      visible(relation, FactKeys.rowIdKey(id)).ifPresent(out::add);
    }
    return out;
  }

  /** The row with this primary key, if visible. */
  public Optional<CatalogRow> getByKey(RelationDef relation, Object[] values) {
    checkActive();
    byte[] key = FactKeys.primaryKey(relation, coerceAll(relation, values));
    return visible(relation, key);
  }

  private Optional<CatalogRow> visible(RelationDef relation, byte[] key) {
    TreeMap<byte[], PendingRow> mine = writes.get(relation.id());
    PendingRow p = mine == null ? null : mine.get(key);
    if (p != null) {
      return p.deleted() ? Optional.empty() : Optional.of(new CatalogRow(p.rowId(), key, p.values().clone()));
    }
    return catalog.committedRow(relation, key, readCommit);
  }

  /** Inserts a row; enforces NOT NULL and the primary key (23505 on a duplicate). */
  public CatalogRow insert(RelationDef relation, Object[] values) {
    checkWritable();
    Object[] v = checkRow(relation, values);
    long rowId = catalog.allocateRowId(relation);
    byte[] key;
    boolean existed = false;
    if (relation.hasPrimaryKey()) {
      key = FactKeys.primaryKey(relation, v);
      if (visible(relation, key).isPresent()) {
        throw catalog.duplicateKey(relation, v);
      }
      // A row deleted by this same transaction keeps its key: re-inserting replaces the deletion.
      existed = existedAtRead(relation, key);
    } else {
      key = FactKeys.rowIdKey(rowId);
    }
    pending(relation).put(key, new PendingRow(rowId, v, existed));
    touchedRelations.put(relation.id(), relation);
    return new CatalogRow(rowId, key, v.clone());
  }

  public void update(RelationDef relation, CatalogRow row, Object[] newValues) {
    checkWritable();
    Object[] v = checkRow(relation, newValues);
    if (relation.hasPrimaryKey() && !java.util.Arrays.equals(FactKeys.primaryKey(relation, v), row.rowKey())) {
      delete(relation, row);
      insert(relation, v);
      return;
    }
    pending(relation).put(row.rowKey(), new PendingRow(row.rowId(), v, existedAtRead(relation, row.rowKey())));
    touchedRelations.put(relation.id(), relation);
  }

  public void delete(RelationDef relation, CatalogRow row) {
    checkWritable();
    boolean existed = existedAtRead(relation, row.rowKey());
    if (!existed) {
      pending(relation).remove(row.rowKey()); // inserted and deleted by this transaction: nothing to write
    } else {
      pending(relation).put(row.rowKey(), new PendingRow(row.rowId(), null, true));
    }
    touchedRelations.put(relation.id(), relation);
  }

  private boolean existedAtRead(RelationDef relation, byte[] key) {
    PendingRow p = pending(relation).get(key);
    return p != null ? p.existedAtRead() : catalog.committedRow(relation, key, readCommit).isPresent();
  }

  private TreeMap<byte[], PendingRow> pending(RelationDef relation) {
    return writes.computeIfAbsent(relation.id(), id -> new TreeMap<>(RowKeyComparator.INSTANCE));
  }

  private static Object[] coerceAll(RelationDef relation, Object[] values) {
    Object[] out = new Object[relation.columns().size()];
    for (int i = 0; i < out.length && i < values.length; i++) {
      out[i] = relation.columns().get(i).type().coerce(values[i]);
    }
    return out;
  }

  private static Object[] checkRow(RelationDef relation, Object[] values) {
    if (values.length > relation.columns().size()) {
      throw new CatalogException(SqlState.DATATYPE_MISMATCH, "INSERT has more expressions than target columns ("
          + values.length + " for the " + relation.columns().size() + " columns of " + relation.name() + ")");
    }
    Object[] v = coerceAll(relation, values);
    for (int i = 0; i < v.length; i++) {
      ColumnDef c = relation.columns().get(i);
      if (v[i] == null && (c.notNull() || relation.primaryKey().contains(c.name()))) {
        throw new CatalogException(SqlState.NOT_NULL_VIOLATION, "null value in column \"" + c.name()
            + "\" of relation \"" + relation.name() + "\" violates not-null constraint");
      }
    }
    return v;
  }

  // ---- end of transaction ------------------------------------------------------------------

  /** Validates and applies the write set atomically; returns the new commit id (or the read commit if nothing was written). */
  public long commit() {
    checkActive();
    dropTemporaryRelations();
    try {
      long id = catalog.commit(this);
      state = State.COMMITTED;
      if (id > readCommit()) {
        catalog.committed(id);
      }
      return id;
    } catch (RuntimeException e) {
      state = State.FAILED;
      throw e;
    }
  }

  /** ON COMMIT DROP: temp relations and their rows leave the write set before anything is written. */
  private void dropTemporaryRelations() {
    TreeMap<byte[], PendingRow> relations = writes.get(RockLakeRelations.RELATION.id());
    if (relations == null) {
      return;
    }
    relations.entrySet().removeIf(e -> {
      PendingRow p = e.getValue();
      if (p.deleted() || !RelationDef.Kind.TEMPORARY.name().equals(p.values()[3])) {
        return false;
      }
      int id = ((Long) p.values()[0]).intValue();
      writes.remove(id);
      touchedRelations.remove(id);
      return true;
    });
  }

  public void rollback() {
    writes.clear();
    state = State.ROLLED_BACK;
  }

  public boolean isActive() {
    return state == State.ACTIVE;
  }

  private void checkActive() {
    if (state != State.ACTIVE) {
      throw new CatalogException(SqlState.INVALID_TRANSACTION_STATE, "transaction is " + state.name().toLowerCase()
          .replace('_', ' '));
    }
  }

  private void checkWritable() {
    checkActive();
    if (catalog.writeRefusal() != null) {
      throw new CatalogException(SqlState.READ_ONLY_SQL_TRANSACTION, catalog.writeRefusal());
    }
    if (readOnly) {
      throw new CatalogException(SqlState.READ_ONLY_SQL_TRANSACTION, "cannot execute a write in a read-only transaction");
    }
  }
}
