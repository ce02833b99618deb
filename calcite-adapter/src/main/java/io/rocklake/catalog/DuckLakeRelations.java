package io.rocklake.catalog;

import static io.rocklake.catalog.Relations.define;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The tables of a DuckLake catalog: the 28 of DuckLake 1.0 exactly as DuckDB 1.5.5 creates them
 * (names, column order, types, NOT NULL and primary keys; a test renders each one's CREATE TABLE and
 * compares it with the statement DuckDB sent in the conformance captures), and what DuckLake 1.1
 * adds: the 29th table {@code ducklake_view_column_tag} ({@link #LATER_TABLES}) and {@linkplain
 * #LATER_COLUMNS columns after 1.0's} on five tables. Ids 1–28 are the 1.0 tables' fact-key numbers.
 *
 * <p>Which of them a catalog has, and with which columns, is the catalog's own fact: what DuckDB's
 * CREATE TABLE and ALTER TABLE recorded in {@code rocklake_relation} at a commit ({@link
 * RelationRegistry}). A 1.0 table keeps its 1.0 columns first, in 1.0's order, in every version, so
 * code that reads a 1.0 column by position reads it in a 1.1 catalog too.
 */
public final class DuckLakeRelations {
  public static final String SCHEMA = "public";
  private static final RelationDef.Kind K = RelationDef.Kind.DUCKLAKE;

  public static final List<RelationDef> ALL = List.of(
      define(1, SCHEMA, "ducklake_metadata", K, List.of(), "key VARCHAR NOT NULL", "value VARCHAR NOT NULL",
          "scope VARCHAR", "scope_id BIGINT"),
      define(2, SCHEMA, "ducklake_snapshot", K, List.of("snapshot_id"), "snapshot_id BIGINT",
          "snapshot_time TIMESTAMP WITH TIME ZONE", "schema_version BIGINT", "next_catalog_id BIGINT",
          "next_file_id BIGINT"),
      define(3, SCHEMA, "ducklake_snapshot_changes", K, List.of("snapshot_id"), "snapshot_id BIGINT",
          "changes_made VARCHAR", "author VARCHAR", "commit_message VARCHAR", "commit_extra_info VARCHAR"),
      define(4, SCHEMA, "ducklake_schema", K, List.of("schema_id"), "schema_id BIGINT", "schema_uuid UUID",
          "begin_snapshot BIGINT", "end_snapshot BIGINT", "schema_name VARCHAR", "path VARCHAR",
          "path_is_relative BOOLEAN"),
      define(5, SCHEMA, "ducklake_table", K, List.of(), "table_id BIGINT", "table_uuid UUID",
          "begin_snapshot BIGINT", "end_snapshot BIGINT", "schema_id BIGINT", "table_name VARCHAR",
          "path VARCHAR", "path_is_relative BOOLEAN"),
      define(6, SCHEMA, "ducklake_view", K, List.of(), "view_id BIGINT", "view_uuid UUID", "begin_snapshot BIGINT",
          "end_snapshot BIGINT", "schema_id BIGINT", "view_name VARCHAR", "dialect VARCHAR", "sql VARCHAR",
          "column_aliases VARCHAR"),
      define(7, SCHEMA, "ducklake_tag", K, List.of(), "object_id BIGINT", "begin_snapshot BIGINT",
          "end_snapshot BIGINT", "key VARCHAR", "value VARCHAR"),
      define(8, SCHEMA, "ducklake_column_tag", K, List.of(), "table_id BIGINT", "column_id BIGINT",
          "begin_snapshot BIGINT", "end_snapshot BIGINT", "key VARCHAR", "value VARCHAR"),
      define(9, SCHEMA, "ducklake_data_file", K, List.of("data_file_id"), "data_file_id BIGINT", "table_id BIGINT",
          "begin_snapshot BIGINT", "end_snapshot BIGINT", "file_order BIGINT", "path VARCHAR",
          "path_is_relative BOOLEAN", "file_format VARCHAR", "record_count BIGINT", "file_size_bytes BIGINT",
          "footer_size BIGINT", "row_id_start BIGINT", "partition_id BIGINT", "encryption_key VARCHAR",
          "mapping_id BIGINT", "partial_max BIGINT"),
      define(10, SCHEMA, "ducklake_file_column_stats", K, List.of(), "data_file_id BIGINT", "table_id BIGINT",
          "column_id BIGINT", "column_size_bytes BIGINT", "value_count BIGINT", "null_count BIGINT",
          "min_value VARCHAR", "max_value VARCHAR", "contains_nan BOOLEAN", "extra_stats VARCHAR"),
      define(11, SCHEMA, "ducklake_file_variant_stats", K, List.of(), "data_file_id BIGINT", "table_id BIGINT",
          "column_id BIGINT", "variant_path VARCHAR", "shredded_type VARCHAR", "column_size_bytes BIGINT",
          "value_count BIGINT", "null_count BIGINT", "min_value VARCHAR", "max_value VARCHAR",
          "contains_nan BOOLEAN", "extra_stats VARCHAR"),
      define(12, SCHEMA, "ducklake_delete_file", K, List.of("delete_file_id"), "delete_file_id BIGINT",
          "table_id BIGINT", "begin_snapshot BIGINT", "end_snapshot BIGINT", "data_file_id BIGINT", "path VARCHAR",
          "path_is_relative BOOLEAN", "format VARCHAR", "delete_count BIGINT", "file_size_bytes BIGINT",
          "footer_size BIGINT", "encryption_key VARCHAR", "partial_max BIGINT"),
      define(13, SCHEMA, "ducklake_column", K, List.of(), "column_id BIGINT", "begin_snapshot BIGINT",
          "end_snapshot BIGINT", "table_id BIGINT", "column_order BIGINT", "column_name VARCHAR",
          "column_type VARCHAR", "initial_default VARCHAR", "default_value VARCHAR", "nulls_allowed BOOLEAN",
          "parent_column BIGINT", "default_value_type VARCHAR", "default_value_dialect VARCHAR"),
      define(14, SCHEMA, "ducklake_table_stats", K, List.of(), "table_id BIGINT", "record_count BIGINT",
          "next_row_id BIGINT", "file_size_bytes BIGINT"),
      define(15, SCHEMA, "ducklake_table_column_stats", K, List.of(), "table_id BIGINT", "column_id BIGINT",
          "contains_null BOOLEAN", "contains_nan BOOLEAN", "min_value VARCHAR", "max_value VARCHAR",
          "extra_stats VARCHAR"),
      define(16, SCHEMA, "ducklake_partition_info", K, List.of(), "partition_id BIGINT", "table_id BIGINT",
          "begin_snapshot BIGINT", "end_snapshot BIGINT"),
      define(17, SCHEMA, "ducklake_partition_column", K, List.of(), "partition_id BIGINT", "table_id BIGINT",
          "partition_key_index BIGINT", "column_id BIGINT", "transform VARCHAR"),
      define(18, SCHEMA, "ducklake_file_partition_value", K, List.of(), "data_file_id BIGINT", "table_id BIGINT",
          "partition_key_index BIGINT", "partition_value VARCHAR"),
      define(19, SCHEMA, "ducklake_files_scheduled_for_deletion", K, List.of(), "data_file_id BIGINT",
          "path VARCHAR", "path_is_relative BOOLEAN", "schedule_start TIMESTAMP WITH TIME ZONE"),
      define(20, SCHEMA, "ducklake_inlined_data_tables", K, List.of(), "table_id BIGINT", "table_name VARCHAR",
          "schema_version BIGINT"),
      define(21, SCHEMA, "ducklake_column_mapping", K, List.of(), "mapping_id BIGINT", "table_id BIGINT",
          "type VARCHAR"),
      define(22, SCHEMA, "ducklake_name_mapping", K, List.of(), "mapping_id BIGINT", "column_id BIGINT",
          "source_name VARCHAR", "target_field_id BIGINT", "parent_column BIGINT", "is_partition BOOLEAN"),
      define(23, SCHEMA, "ducklake_schema_versions", K, List.of(), "begin_snapshot BIGINT", "schema_version BIGINT",
          "table_id BIGINT"),
      define(24, SCHEMA, "ducklake_macro", K, List.of(), "schema_id BIGINT", "macro_id BIGINT", "macro_name VARCHAR",
          "begin_snapshot BIGINT", "end_snapshot BIGINT"),
      define(25, SCHEMA, "ducklake_macro_impl", K, List.of(), "macro_id BIGINT", "impl_id BIGINT",
          "dialect VARCHAR", "sql VARCHAR", "type VARCHAR"),
      define(26, SCHEMA, "ducklake_macro_parameters", K, List.of(), "macro_id BIGINT", "impl_id BIGINT",
          "column_id BIGINT", "parameter_name VARCHAR", "parameter_type VARCHAR", "default_value VARCHAR",
          "default_value_type VARCHAR"),
      define(27, SCHEMA, "ducklake_sort_info", K, List.of(), "sort_id BIGINT", "table_id BIGINT",
          "begin_snapshot BIGINT", "end_snapshot BIGINT"),
      define(28, SCHEMA, "ducklake_sort_expression", K, List.of(), "sort_id BIGINT", "table_id BIGINT",
          "sort_key_index BIGINT", "expression VARCHAR", "dialect VARCHAR", "sort_direction VARCHAR",
          "null_order VARCHAR"));

  /** The tables DuckLake 1.0 has. */
  public static final List<RelationDef> VERSION_1_0 = ALL;

  /**
   * The tables a later DuckLake version adds, without a fixed id: each gets the next relation id when
   * DuckDB creates it (in a new 1.1 catalog, with the others; in a migrated one, after its inlined
   * tables), so its OID falls where PostgreSQL's would, in creation order.
   */
  public static final List<RelationDef> LATER_TABLES = List.of(
      define(0, SCHEMA, "ducklake_view_column_tag", K, List.of(), "view_id BIGINT", "column_name VARCHAR",
          "begin_snapshot BIGINT", "end_snapshot BIGINT", "key VARCHAR", "value VARCHAR"));

  /**
   * The columns DuckLake 1.1 appends to 1.0's tables, in the order its CREATE TABLE lists them
   * (the 1.1 specification; the 2.0 development line's catalog, 1.1-dev1, has {@code row_group_count}
   * only). A catalog's table has its 1.0 columns and then some of these, each at most once: a new
   * catalog's CREATE TABLE lists them, a migrated one's {@code ALTER TABLE … ADD COLUMN} adds them.
   */
  public static final Map<String, List<ColumnDef>> LATER_COLUMNS = Map.of(
      "ducklake_schema", List.of(ColumnDef.of("parent_schema_id", ColumnType.BIGINT)),
      "ducklake_data_file", List.of(ColumnDef.of("row_group_count", ColumnType.BIGINT)),
      "ducklake_delete_file", List.of(ColumnDef.of("row_group_count", ColumnType.BIGINT)),
      "ducklake_file_column_stats", List.of(ColumnDef.of("min_is_exact", ColumnType.BOOLEAN),
          ColumnDef.of("max_is_exact", ColumnType.BOOLEAN)),
      "ducklake_table_column_stats", List.of(ColumnDef.of("min_is_exact", ColumnType.BOOLEAN),
          ColumnDef.of("max_is_exact", ColumnType.BOOLEAN)));

  private DuckLakeRelations() {}

  /** A later version's column that {@code relation} may gain, by name. */
  static Optional<ColumnDef> laterColumn(RelationDef relation, String column) {
    return LATER_COLUMNS.getOrDefault(relation.name(), List.of()).stream()
        .filter(c -> c.name().equals(column)).findFirst();
  }

  /**
   * Whether {@code columns} are a shape DuckLake gives {@code table} (one of the fixed tables):
   * exactly its 1.0 columns, then distinct {@linkplain #LATER_COLUMNS later columns} of its own.
   * NOT NULL is compared as the primary key implies it.
   */
  static boolean isShapeOf(RelationDef table, List<ColumnDef> columns) {
    List<ColumnDef> base = table.columns();
    if (columns.size() < base.size()) {
      return false;
    }
    for (int i = 0; i < base.size(); i++) {
      if (!sameColumn(table, base.get(i), columns.get(i))) {
        return false;
      }
    }
    java.util.Set<String> added = new java.util.HashSet<>();
    for (ColumnDef c : columns.subList(base.size(), columns.size())) {
      Optional<ColumnDef> later = laterColumn(table, c.name());
      if (later.isEmpty() || !added.add(c.name()) || !sameColumn(table, later.get(), c)) {
        return false;
      }
    }
    return true;
  }

  private static boolean sameColumn(RelationDef table, ColumnDef expected, ColumnDef given) {
    boolean key = table.primaryKey().contains(expected.name());
    return expected.name().equals(given.name()) && expected.type() == given.type()
        && java.util.Objects.equals(expected.typeModifier(), given.typeModifier())
        && (expected.notNull() || key) == (given.notNull() || key);
  }

  /** What DuckDB 1.5's first ATTACH does to a fresh lake: the 28 CREATE TABLEs, in one transaction. */
  public static void createTables(CatalogTransaction tx) {
    for (RelationDef r : VERSION_1_0) {
      tx.createRelation(r.schema(), r.name(), r.columns(), RelationDef.Kind.DUCKLAKE, false);
    }
  }
}
