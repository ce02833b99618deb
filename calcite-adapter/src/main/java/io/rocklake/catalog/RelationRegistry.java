package io.rocklake.catalog;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The single source of truth for relation shapes: the DuckLake tables' ids, names and keys and the 4
 * RockLake relations are fixed; every created relation is a row of {@code rocklake_relation}, so it is
 * versioned like every other fact (a transaction sees those of its read view plus its own). That row
 * holds a DuckLake table's columns too, since they change at a commit: DuckLake 1.1's CREATE TABLE
 * has more of them than 1.0's, and its migration adds them with ALTER TABLE. Reading the catalog at
 * an earlier commit shows each table as it was then.
 *
 * <p>Column list encoding in {@code rocklake_relation.columns}: one line per column,
 * {@code name TAB type TAB t|f} (NOT NULL), in column order.
 */
public final class RelationRegistry {
  public static final int FIRST_DYNAMIC_ID = 1000;

  private final Catalog catalog;
  private final Map<String, RelationDef> fixed = new HashMap<>();
  private final Map<Integer, RelationDef> fixedById = new HashMap<>();

  RelationRegistry(Catalog catalog) {
    this.catalog = catalog;
    Stream.concat(DuckLakeRelations.ALL.stream(), RockLakeRelations.ALL.stream()).forEach(r -> {
      fixed.put(key(r.schema(), r.name()), r);
      fixedById.put(r.id(), r);
    });
    DuckLakeRelations.LATER_TABLES.forEach(r -> fixed.put(key(r.schema(), r.name()), r));
  }

  /** The relations whose id and name are fixed: DuckLake's tables and RockLake's own. */
  public static List<RelationDef> fixedRelations() {
    List<RelationDef> all = new ArrayList<>(DuckLakeRelations.ALL);
    all.addAll(RockLakeRelations.ALL);
    return all;
  }

  /**
   * A relation by name as a transaction sees it: RockLake's relations always; a DuckLake table once
   * its CREATE TABLE committed (or ran in this transaction); run-time relations while they exist.
   */
  Optional<RelationDef> resolve(String schema, String name, CatalogTransaction tx) {
    String s = schema == null ? DuckLakeRelations.SCHEMA : schema;
    RelationDef r = fixed.get(key(s, name));
    if (r != null && r.kind() == RelationDef.Kind.ROCKLAKE) {
      return Optional.of(r);
    }
    return existing(tx).stream().filter(d -> d.schema().equals(s) && d.name().equals(name)).findFirst();
  }

  /** The relations that exist for a transaction: RockLake's, then every created one, by id. */
  public List<RelationDef> existingRelations(CatalogTransaction tx) {
    List<RelationDef> created = existing(tx);
    AtCommit seen = lastSeen;
    if (seen != null && seen.relations() == created) {
      return seen.all(); // the same list for every reader of this commit: derived views cache on it
    }
    List<RelationDef> out = new ArrayList<>(RockLakeRelations.ALL);
    out.addAll(created);
    return out;
  }

  /** The relations as of one commit, for transactions that have not changed them: decoded once. */
  private record AtCommit(long commit, List<RelationDef> relations, List<RelationDef> all) {
    AtCommit(long commit, List<RelationDef> relations) {
      this(commit, relations, concat(RockLakeRelations.ALL, relations));
    }

    private static List<RelationDef> concat(List<RelationDef> a, List<RelationDef> b) {
      List<RelationDef> out = new ArrayList<>(a);
      out.addAll(b);
      return List.copyOf(out);
    }
  }

  private volatile AtCommit lastSeen;

  /** The created relations (DuckLake tables and run-time relations) visible to a transaction. */
  private List<RelationDef> existing(CatalogTransaction tx) {
    boolean shared = !tx.touchedRelations.containsKey(RockLakeRelations.RELATION.id());
    AtCommit seen = lastSeen;
    if (shared && seen != null && seen.commit() == tx.readCommit()) {
      return seen.relations();
    }
    long changedAt = catalog.relationsChangedAt();
    if (shared && seen != null && changedAt >= 0 && changedAt <= seen.commit() && seen.commit() < tx.readCommit()) {
      // No commit since the one seen changed a relation: the list is the same, and nothing is reread.
      AtCommit now = new AtCommit(tx.readCommit(), seen.relations(), seen.all());
      lastSeen = now;
      return now.relations();
    }
    List<RelationDef> out = scanExisting(tx);
    if (shared) {
      // A commit that left the relations as they were keeps the lists of the one before: whatever is
      // derived from them (pg_catalog's rows) stays valid across DuckDB's many data-only commits.
      AtCommit now = seen != null && seen.relations().equals(out)
          ? new AtCommit(tx.readCommit(), seen.relations(), seen.all())
          : new AtCommit(tx.readCommit(), List.copyOf(out));
      lastSeen = now;
      return now.relations();
    }
    return out;
  }

  private List<RelationDef> scanExisting(CatalogTransaction tx) {
    List<RelationDef> out = new ArrayList<>();
    for (CatalogRow row : tx.scan(RockLakeRelations.RELATION)) {
      out.add(decodeCreated(row));
    }
    return out;
  }

  /**
   * The relations created as of a commit, read outside any transaction (index rebuilds): a DuckLake
   * table with the columns it had then.
   */
  List<RelationDef> createdAt(long commit) {
    return catalog.committedRows(RockLakeRelations.RELATION, commit).stream().map(this::decodeCreated).toList();
  }

  /**
   * DuckLake's tables as of a commit, for the derived indexes: each fixed one with the columns it was
   * created or altered with (its 1.0 shape when no CREATE of it was recorded), then the created
   * DuckLake tables without a fixed id.
   */
  List<RelationDef> duckLakeTablesAt(long commit) {
    Map<Integer, RelationDef> created = new java.util.LinkedHashMap<>();
    for (RelationDef r : createdAt(commit)) {
      if (r.kind() == RelationDef.Kind.DUCKLAKE) {
        created.put(r.id(), r);
      }
    }
    List<RelationDef> out = new ArrayList<>();
    for (RelationDef fixedTable : DuckLakeRelations.ALL) {
      out.add(created.getOrDefault(fixedTable.id(), fixedTable));
      created.remove(fixedTable.id());
    }
    out.addAll(created.values());
    return out;
  }

  /** A {@code rocklake_relation} row as a relation: for a DuckLake table, its fixed key with the row's columns. */
  private RelationDef decodeCreated(CatalogRow row) {
    RelationDef fixedShape = fixedById.get(((Long) row.get(0)).intValue());
    RelationDef stored = decode(row);
    if (fixedShape == null) {
      return stored;
    }
    // Catalogs written before a table's columns could change stored 1.0's columns too: same result.
    return stored.columns().equals(fixedShape.columns()) ? fixedShape
        : new RelationDef(fixedShape.id(), fixedShape.schema(), fixedShape.name(), stored.columns(),
            fixedShape.primaryKey(), fixedShape.kind());
  }

  /** The run-time relations visible to a transaction. */
  public List<RelationDef> dynamic(CatalogTransaction tx) {
    return existing(tx).stream().filter(r -> r.kind() != RelationDef.Kind.DUCKLAKE).toList();
  }

  RelationDef create(CatalogTransaction tx, String schema, String name, List<ColumnDef> columns,
      List<String> primaryKey, RelationDef.Kind kind) {
    String s = schema == null ? DuckLakeRelations.SCHEMA : schema;
    RelationDef shape = fixed.get(key(s, name));
    if (shape != null) {
      return createFixed(tx, shape, columns);
    }
    for (String pk : primaryKey) {
      if (pk.indexOf(',') >= 0) {
        throw new CatalogException(SqlState.INVALID_PARAMETER_VALUE, "primary key column name \"" + pk
            + "\" contains a comma");
      }
    }
    RelationDef def = new RelationDef(catalog.allocateRelationId(), s, name, columns, primaryKey, kind);
    tx.insert(RockLakeRelations.RELATION, new Object[] {(long) def.id(), s, name, kind.name(), encode(columns),
        primaryKey.isEmpty() ? null : String.join(",", primaryKey)});
    return def;
  }

  /**
   * DuckDB's CREATE TABLE of a DuckLake table: accepted when the columns are a shape DuckLake gives
   * it ({@link DuckLakeRelations#isShapeOf}: 1.0's, then some of 1.1's), so no row can be read with
   * a shape DuckLake does not know, and recorded so the table exists, with these columns, from then on.
   */
  private RelationDef createFixed(CatalogTransaction tx, RelationDef shape, List<ColumnDef> columns) {
    if (shape.kind() != RelationDef.Kind.DUCKLAKE) {
      throw new CatalogException(SqlState.DUPLICATE_TABLE, "relation \"" + shape.name() + "\" already exists");
    }
    if (!DuckLakeRelations.isShapeOf(shape, columns)) {
      throw new CatalogException(SqlState.INVALID_TABLE_DEFINITION, "table \"" + shape.name()
          + "\" must have the columns of DuckLake 1.0 (" + describe(shape.columns()) + ")"
          + laterColumnsNote(shape));
    }
    List<ColumnDef> stored = new ArrayList<>(shape.columns());
    stored.addAll(columns.subList(shape.columns().size(), columns.size()).stream()
        .map(c -> DuckLakeRelations.laterColumn(shape, c.name()).orElseThrow()).toList());
    int id = shape.id() > 0 ? shape.id() : catalog.allocateRelationId(); // a later version's table: the next id
    RelationDef created = stored.size() == shape.columns().size() && id == shape.id() ? shape
        : new RelationDef(id, shape.schema(), shape.name(), stored, shape.primaryKey(), shape.kind());
    tx.insert(RockLakeRelations.RELATION, new Object[] {(long) id, shape.schema(), shape.name(),
        shape.kind().name(), encode(created.columns()), String.join(",", shape.primaryKey())});
    return created;
  }

  private static String laterColumnsNote(RelationDef shape) {
    List<ColumnDef> later = DuckLakeRelations.LATER_COLUMNS.getOrDefault(shape.name(), List.of());
    return later.isEmpty() ? "" : ", then any of DuckLake 1.1's " + describe(later);
  }

  private static String describe(List<ColumnDef> columns) {
    return String.join(", ", columns.stream().map(c -> c.name() + " " + c.typeSql()).toList());
  }

  /**
   * ALTER TABLE … ADD COLUMN: a DuckLake table gains one of a later version's columns (DuckLake 1.1's
   * migration), a run-time relation any column; the rows written before read it as NULL, as in
   * PostgreSQL. Returns false when IF NOT EXISTS found the column there already.
   */
  boolean addColumn(CatalogTransaction tx, RelationDef relation, ColumnDef column, boolean ifNotExists) {
    if (relation.column(column.name()).isPresent()) {
      if (ifNotExists) {
        return false;
      }
      throw new CatalogException(SqlState.DUPLICATE_COLUMN, "column \"" + column.name() + "\" of relation \""
          + relation.name() + "\" already exists");
    }
    if (column.notNull()) {
      throw new CatalogException(SqlState.FEATURE_NOT_SUPPORTED, "a column added to \"" + relation.name()
          + "\" must allow NULL: the rows already there have none");
    }
    ColumnDef added = column;
    if (relation.kind() == RelationDef.Kind.DUCKLAKE) {
      RelationDef fixedShape = fixed.get(key(relation.schema(), relation.name()));
      Optional<ColumnDef> later = DuckLakeRelations.laterColumn(fixedShape, column.name());
      if (later.isEmpty() || later.get().type() != column.type()) {
        throw new CatalogException(SqlState.FEATURE_NOT_SUPPORTED, "column \"" + column.name() + "\" " + column.typeSql()
            + " is not one DuckLake adds to \"" + relation.name() + "\"" + laterColumnsNote(fixedShape));
      }
      added = later.get();
    } else if (relation.kind() != RelationDef.Kind.DYNAMIC) {
      throw new CatalogException(SqlState.INSUFFICIENT_PRIVILEGE, "relation \"" + relation.name() + "\" cannot be altered");
    }
    List<ColumnDef> columns = new ArrayList<>(relation.columns());
    columns.add(added);
    redefine(tx, relation, columns);
    return true;
  }

  /**
   * ALTER TABLE … RENAME COLUMN of a run-time relation: DuckLake 1.1's migration renames the inlined
   * data tables' {@code row_id}, {@code begin_snapshot} and {@code end_snapshot} to their
   * {@code _ducklake_} names. Values stay where they are: a fact holds them by position.
   */
  void renameColumn(CatalogTransaction tx, RelationDef relation, String from, String to) {
    if (relation.kind() != RelationDef.Kind.DYNAMIC) {
      throw new CatalogException(SqlState.FEATURE_NOT_SUPPORTED, "the columns of \"" + relation.name()
          + "\" are DuckLake's and cannot be renamed");
    }
    int at = relation.columnIndex(from).orElseThrow(() -> new CatalogException(SqlState.UNDEFINED_COLUMN,
        "column \"" + from + "\" does not exist"));
    if (relation.column(to).isPresent()) {
      throw new CatalogException(SqlState.DUPLICATE_COLUMN, "column \"" + to + "\" of relation \""
          + relation.name() + "\" already exists");
    }
    List<ColumnDef> columns = new ArrayList<>(relation.columns());
    ColumnDef c = columns.get(at);
    columns.set(at, new ColumnDef(to, c.type(), c.notNull(), c.typeModifier()));
    List<String> key = relation.primaryKey().stream().map(k -> k.equals(from) ? to : k).toList();
    redefine(tx, relation, columns, key);
  }

  private void redefine(CatalogTransaction tx, RelationDef relation, List<ColumnDef> columns) {
    redefine(tx, relation, columns, relation.primaryKey());
  }

  /** Rewrites a relation's {@code rocklake_relation} row: its new shape holds from this commit on. */
  private void redefine(CatalogTransaction tx, RelationDef relation, List<ColumnDef> columns, List<String> primaryKey) {
    CatalogRow row = tx.getByKey(RockLakeRelations.RELATION, new Object[] {(long) relation.id()})
        .orElseThrow(() -> new CatalogException(SqlState.UNDEFINED_TABLE, "relation \"" + relation.name()
            + "\" does not exist"));
    Object[] values = row.values().clone();
    values[4] = encode(columns);
    values[5] = primaryKey.isEmpty() ? null : String.join(",", primaryKey);
    tx.update(RockLakeRelations.RELATION, row, values);
  }

  void drop(CatalogTransaction tx, RelationDef relation) {
    if (relation.kind() != RelationDef.Kind.DYNAMIC && relation.kind() != RelationDef.Kind.TEMPORARY) {
      throw new CatalogException(SqlState.INVALID_PARAMETER_VALUE, "relation \"" + relation.name()
          + "\" is part of the catalog's fixed shape and cannot be dropped");
    }
    tx.getByKey(RockLakeRelations.RELATION, new Object[] {(long) relation.id()})
        .ifPresent(row -> tx.delete(RockLakeRelations.RELATION, row));
  }

  Optional<RelationDef> byId(int id, long atCommit) {
    RelationDef r = fixedById.get(id);
    if (r != null) {
      return Optional.of(r);
    }
    return catalog.committedRow(RockLakeRelations.RELATION,
        FactKeys.primaryKey(RockLakeRelations.RELATION, new Object[] {(long) id, null, null, null, null, null}),
        atCommit).map(RelationRegistry::decode);
  }

  static String encode(List<ColumnDef> columns) {
    StringBuilder sb = new StringBuilder();
    for (ColumnDef c : columns) {
      if (c.name().indexOf('\t') >= 0 || c.name().indexOf('\n') >= 0) {
        throw new CatalogException(SqlState.INVALID_PARAMETER_VALUE, "column name \"" + c.name()
            + "\" contains a tab or newline");
      }
      sb.append(c.name()).append('\t').append(c.typeSql()).append('\t').append(c.notNull() ? 't' : 'f').append('\n');
    }
    return sb.toString();
  }

  static RelationDef decode(CatalogRow row) {
    List<ColumnDef> cols = new ArrayList<>();
    for (String line : ((String) row.get(4)).split("\n")) {
      if (line.isEmpty()) {
        continue;
      }
      String[] f = line.split("\t", -1);
      String typeSql = f[1];
      int paren = typeSql.indexOf('(');
      ColumnType type = ColumnType.fromSql(typeSql).orElseThrow(
          () -> new CatalogException(SqlState.INTERNAL_ERROR, "stored column type " + typeSql + " is unknown"));
      cols.add(new ColumnDef(f[0], type, f[2].equals("t"), paren < 0 ? null : typeSql.substring(paren)));
    }
    String pk = (String) row.get(5);
    return new RelationDef(((Long) row.get(0)).intValue(), (String) row.get(1), (String) row.get(2), cols,
        pk == null || pk.isEmpty() ? List.of() : List.of(pk.split(",")), RelationDef.Kind.valueOf((String) row.get(3)));
  }

  private static String key(String schema, String name) {
    return schema + "\u0000" + name;
  }
}
