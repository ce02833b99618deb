package io.rocklake.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A relation's shape: schema, name, columns in order (order matters: DuckDB's INSERTs have no column
 * list) and primary key. The id is the relation's number in fact keys; it never changes.
 */
public record RelationDef(int id, String schema, String name, List<ColumnDef> columns, List<String> primaryKey,
    Kind kind) {

  public enum Kind {
    /** One of the 28 tables of the DuckLake 1.0 catalog. */
    DUCKLAKE,
    /** One of RockLake's own relations about the catalog itself. */
    ROCKLAKE,
    /** Created at run time with its own columns (inlined data, inlined deletes). */
    DYNAMIC,
    /**
     * A session temp table created {@code ON COMMIT DROP}: visible to its transaction only, and
     * neither it nor its rows are ever written to the store.
     */
    TEMPORARY,
    /**
     * A DuckLake table at a snapshot, as a session of the lake database sees it: described from the
     * catalog's rows, never stored as a relation, its rows read from the lake's files.
     */
    LAKE
  }

  public RelationDef {
    columns = List.copyOf(columns);
    primaryKey = List.copyOf(primaryKey);
    for (String pk : primaryKey) {
      if (columns.stream().noneMatch(c -> c.name().equals(pk))) {
        throw new IllegalArgumentException("primary key column " + pk + " is not a column of " + name);
      }
    }
  }

  public OptionalInt columnIndex(String column) {
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).name().equals(column)) {
        return OptionalInt.of(i);
      }
    }
    return OptionalInt.empty();
  }

  public Optional<ColumnDef> column(String column) {
    return columns.stream().filter(c -> c.name().equals(column)).findFirst();
  }

  public int[] primaryKeyIndexes() {
    return primaryKey.stream().mapToInt(c -> columnIndex(c).getAsInt()).toArray();
  }

  /**
   * The position of the primary key when it is one BIGINT column — the keys whose row-key encoding
   * sorts as the integers do, so a range of values is a range of keys.
   */
  public OptionalInt integerKeyColumn() {
    if (primaryKey.size() != 1) {
      return OptionalInt.empty();
    }
    int k = columnIndex(primaryKey.get(0)).getAsInt();
    return columns.get(k).type() == ColumnType.BIGINT ? OptionalInt.of(k) : OptionalInt.empty();
  }

  public boolean hasPrimaryKey() {
    return !primaryKey.isEmpty();
  }

  /** PostgreSQL's name for the primary key constraint, which clients look for in 23505 errors. */
  public String primaryKeyConstraintName() {
    return name + "_pkey";
  }

  public String qualifiedName() {
    return schema + "." + name;
  }

  /** The relation's CREATE TABLE exactly as DuckDB's postgres extension spells it. */
  public String createTableSql() {
    List<String> cols = new ArrayList<>();
    boolean singlePk = primaryKey.size() == 1;
    for (ColumnDef c : columns) {
      StringBuilder sb = new StringBuilder("\"").append(c.name()).append("\" ").append(c.typeSql());
      if (c.notNull()) {
        sb.append(" NOT NULL");
      }
      if (singlePk && primaryKey.get(0).equals(c.name())) {
        sb.append(" PRIMARY KEY");
      }
      cols.add(sb.toString());
    }
    if (primaryKey.size() > 1) {
      cols.add("PRIMARY KEY(" + String.join(", ", primaryKey.stream().map(p -> "\"" + p + "\"").toList()) + ")");
    }
    return "CREATE TABLE \"" + schema + "\".\"" + name + "\"(" + String.join(", ", cols) + ");";
  }
}
