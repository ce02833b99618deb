package io.rocklake.server.ops;

import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The rows of a catalog relation as one transaction sees them, read by column name: the operator's
 * commands name the columns of DuckLake's and RockLake's tables as docs/catalog.md does.
 */
final class CatalogRows {
  /** One row, its values looked up by column name. */
  record Row(RelationDef relation, CatalogRow row) {
    Object get(String column) {
      return row.get(relation.columnIndex(column).orElseThrow(() -> new IllegalStateException(
          relation.name() + " has no column " + column)));
    }

    Long getLong(String column) {
      return (Long) get(column);
    }

    String getString(String column) {
      return (String) get(column);
    }
  }

  private final CatalogTransaction tx;

  CatalogRows(CatalogTransaction tx) {
    this.tx = tx;
  }

  /** Whether DuckDB has created DuckLake's tables in this catalog (its first ATTACH does). */
  boolean hasDuckLakeTables() {
    return tx.relation(DuckLakeRelations.SCHEMA, "ducklake_snapshot").isPresent();
  }

  /** Every row of the relation, none when it does not exist (yet, or any more). */
  List<Row> scan(String schema, String name) {
    Optional<RelationDef> relation = tx.relation(schema, name);
    List<Row> out = new ArrayList<>();
    relation.ifPresent(r -> tx.scan(r).forEach(row -> out.add(new Row(r, row))));
    return out;
  }

  List<Row> scan(RelationDef relation) {
    List<Row> out = new ArrayList<>();
    tx.scan(relation).forEach(row -> out.add(new Row(relation, row)));
    return out;
  }

  /** Rows of one of DuckLake's tables. */
  List<Row> lake(String name) {
    return scan(DuckLakeRelations.SCHEMA, name);
  }
}
