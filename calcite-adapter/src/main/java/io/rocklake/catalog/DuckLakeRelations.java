package io.rocklake.catalog;

import static io.rocklake.catalog.Relations.define;

import java.util.List;

/**
 * The 28 tables of the DuckLake 1.0 catalog exactly as DuckDB 1.5.5 creates them: names, column
 * order, types, NOT NULL and primary keys (a test renders each one's CREATE TABLE and compares it
 * with the statement DuckDB sent in the conformance captures). Ids 1–28 are their fact-key numbers.
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

  private DuckLakeRelations() {}

  /** What DuckDB's first ATTACH does to a fresh lake: the 28 CREATE TABLEs, in one transaction. */
  public static void createTables(CatalogTransaction tx) {
    for (RelationDef r : ALL) {
      tx.createRelation(r.schema(), r.name(), r.columns(), RelationDef.Kind.DUCKLAKE, false);
    }
  }
}
