package io.rocklake.conformance.clients;

import java.util.List;

/**
 * The plain-SQL introspection queries a person or a tool asks of a DuckLake catalog, run through
 * pgjdbc against PostgreSQL and RockLake after the same DuckDB scenario was replayed into both. Each
 * is written in SQL PostgreSQL accepts, as a user would write it — nothing bent to suit RockLake.
 * {@code ordered} says the ORDER BY makes the row order total (rows are compared in order), else
 * rows are compared as multisets. {@code params} are bound with {@code PreparedStatement.setObject}.
 */
final class IntrospectionQueries {
  private IntrospectionQueries() {}

  /** One query; {@code scenario} null means it runs after every replayed scenario. */
  record Query(String name, String sql, boolean ordered, String scenario, List<Object> params) {
    @Override public String toString() {
      return name;
    }
  }

  private static Query ordered(String name, String sql, Object... params) {
    return new Query(name, sql, true, null, List.of(params));
  }

  private static Query unordered(String name, String sql, Object... params) {
    return new Query(name, sql, false, null, List.of(params));
  }

  private static Query only(String scenario, Query q) {
    return new Query(q.name(), q.sql(), q.ordered(), scenario, q.params());
  }

  /** Live at snapshot S: begun at or before S and not ended by S. */
  private static String liveAt(String alias, String snapshot) {
    return alias + ".begin_snapshot <= " + snapshot + " AND (" + alias + ".end_snapshot IS NULL OR " + alias
        + ".end_snapshot > " + snapshot + ")";
  }

  static final String DDL = "02_ddl";
  static final String PARTITIONS = "06_partition_addfiles";

  static final List<Query> ALL = List.of(
      // ---- joins over the catalog's structure ----
      ordered("tables with their schema",
          "SELECT s.schema_name, t.table_name, t.table_id, t.begin_snapshot, t.end_snapshot"
              + " FROM ducklake_table t JOIN ducklake_schema s ON s.schema_id = t.schema_id"
              + " ORDER BY s.schema_name, t.table_name, t.begin_snapshot"),
      ordered("live columns of live tables (table ⋈ column ⋈ schema)",
          "SELECT s.schema_name, t.table_name, c.column_order, c.column_name, c.column_type, c.nulls_allowed"
              + " FROM ducklake_table t JOIN ducklake_column c ON c.table_id = t.table_id"
              + " JOIN ducklake_schema s ON s.schema_id = t.schema_id"
              + " WHERE t.end_snapshot IS NULL AND c.end_snapshot IS NULL AND s.end_snapshot IS NULL"
              + " ORDER BY s.schema_name, t.table_name, c.column_order"),
      ordered("tables and their stats (LEFT JOIN)",
          "SELECT t.table_id, t.table_name, st.record_count, st.next_row_id, st.file_size_bytes"
              + " FROM ducklake_table t LEFT JOIN ducklake_table_stats st ON st.table_id = t.table_id"
              + " ORDER BY t.table_id, t.table_name"),
      ordered("schema versions with the tables they describe",
          "SELECT v.begin_snapshot, v.schema_version, v.table_id, t.table_name FROM ducklake_schema_versions v"
              + " LEFT JOIN ducklake_table t ON t.table_id = v.table_id AND " + liveAt("t", "v.begin_snapshot")
              + " ORDER BY v.begin_snapshot, v.table_id"),

      // ---- time travel ----
      ordered("tables live at snapshot 10",
          "SELECT t.table_id, t.table_name FROM ducklake_table t WHERE " + liveAt("t", "10")
              + " ORDER BY t.table_id"),
      ordered("column count per table at every snapshot a table changed",
          "SELECT sn.snapshot_id, c.table_id, COUNT(*) FROM ducklake_snapshot sn JOIN ducklake_column c"
              + " ON " + liveAt("c", "sn.snapshot_id") + " GROUP BY sn.snapshot_id, c.table_id"
              + " ORDER BY sn.snapshot_id, c.table_id"),
      ordered("columns of table 2 live at a bound snapshot (parameters)",
          "SELECT column_id, column_name, column_type FROM ducklake_column"
              + " WHERE table_id = ? AND begin_snapshot <= ? AND (end_snapshot IS NULL OR end_snapshot > ?)"
              + " ORDER BY column_order, column_id", 2L, 6L, 6L),
      ordered("schemas live at the latest snapshot (scalar subquery)",
          "SELECT schema_id, schema_name FROM ducklake_schema WHERE begin_snapshot <="
              + " (SELECT MAX(snapshot_id) FROM ducklake_snapshot) AND end_snapshot IS NULL ORDER BY schema_id"),

      // ---- aggregates ----
      unordered("snapshot aggregates",
          "SELECT COUNT(*), MIN(snapshot_id), MAX(snapshot_id), SUM(schema_version), MAX(next_catalog_id),"
              + " MIN(next_file_id) FROM ducklake_snapshot"),
      ordered("column types used more than once (GROUP BY, HAVING)",
          "SELECT column_type, COUNT(*) AS n FROM ducklake_column GROUP BY column_type HAVING COUNT(*) > 1"
              + " ORDER BY n DESC, column_type"),
      ordered("live and ended rows per table (SUM of CASE)",
          "SELECT table_id, SUM(CASE WHEN end_snapshot IS NULL THEN 1 ELSE 0 END) AS live,"
              + " SUM(CASE WHEN end_snapshot IS NULL THEN 0 ELSE 1 END) AS ended, COUNT(DISTINCT column_name)"
              + " FROM ducklake_column GROUP BY table_id ORDER BY table_id"),
      unordered("table stats totals",
          "SELECT COUNT(*), SUM(record_count), MAX(file_size_bytes), MIN(next_row_id) FROM ducklake_table_stats"),
      ordered("data files per table",
          "SELECT table_id, COUNT(*), SUM(record_count), SUM(file_size_bytes), MIN(begin_snapshot)"
              + " FROM ducklake_data_file GROUP BY table_id ORDER BY table_id"),
      ordered("averages to PostgreSQL's numeric scale",
          "SELECT table_id, AVG(column_order), AVG(column_id), AVG(DISTINCT column_order) FROM ducklake_column"
              + " GROUP BY table_id ORDER BY table_id"),

      // ---- ORDER BY, LIMIT ----
      ordered("latest five snapshots",
          "SELECT snapshot_id, schema_version, next_catalog_id, next_file_id FROM ducklake_snapshot"
              + " ORDER BY snapshot_id DESC LIMIT 5"),
      ordered("columns by name, NULL parents first",
          "SELECT column_name, column_id, table_id, parent_column FROM ducklake_column"
              + " ORDER BY parent_column NULLS FIRST, column_name, column_id, begin_snapshot"),

      // ---- subqueries ----
      ordered("tables in schemas whose name starts with s (IN subquery)",
          "SELECT table_id, table_name FROM ducklake_table WHERE schema_id IN"
              + " (SELECT schema_id FROM ducklake_schema WHERE schema_name LIKE 's%') ORDER BY table_id, table_name"),
      ordered("tables that ever had a NOT NULL column (EXISTS)",
          "SELECT t.table_id, t.table_name FROM ducklake_table t WHERE EXISTS (SELECT 1 FROM ducklake_column c"
              + " WHERE c.table_id = t.table_id AND NOT c.nulls_allowed) ORDER BY t.table_id, t.table_name"),
      ordered("column count per table (correlated subquery)",
          "SELECT t.table_id, t.table_name, (SELECT COUNT(*) FROM ducklake_column c WHERE c.table_id = t.table_id"
              + " AND c.end_snapshot IS NULL) AS live_columns FROM ducklake_table t ORDER BY t.table_id, t.table_name"),
      ordered("the latest snapshot's changes",
          "SELECT snapshot_id, changes_made FROM ducklake_snapshot_changes"
              + " WHERE snapshot_id = (SELECT MAX(snapshot_id) FROM ducklake_snapshot)"),

      // ---- CASE, LIKE, IS NULL, strings ----
      ordered("table state by CASE",
          "SELECT table_id, table_name, CASE WHEN end_snapshot IS NULL THEN 'live' ELSE 'dropped at '"
              + " || end_snapshot END AS state FROM ducklake_table ORDER BY table_id, begin_snapshot"),
      ordered("snapshots that created tables (LIKE)",
          "SELECT snapshot_id, changes_made FROM ducklake_snapshot_changes WHERE changes_made LIKE '%created_table:%'"
              + " ORDER BY snapshot_id"),
      ordered("snapshots that changed no table (NOT LIKE)",
          "SELECT snapshot_id FROM ducklake_snapshot_changes WHERE changes_made NOT LIKE '%table%'"
              + " ORDER BY snapshot_id"),
      unordered("columns without defaults and parents (IS NULL)",
          "SELECT COUNT(*), COUNT(initial_default), COUNT(parent_column), COUNT(*) FILTER (WHERE default_value IS NULL)"
              + " FROM ducklake_column WHERE parent_column IS NULL"),
      ordered("string functions on table names",
          "SELECT table_id, UPPER(table_name), LOWER('X' || table_name), LENGTH(table_name),"
              + " SUBSTRING(table_name FROM 2 FOR 3), POSITION('r' IN table_name), REPLACE(table_name, 'r', 'R'),"
              + " TRIM(BOTH 'o' FROM table_name) FROM ducklake_table ORDER BY table_id, begin_snapshot"),
      ordered("COALESCE and NULLIF",
          "SELECT snapshot_id, COALESCE(author, '(none)'), COALESCE(commit_message, commit_extra_info, '-'),"
              + " NULLIF(changes_made, 'inlined_insert:2') FROM ducklake_snapshot_changes ORDER BY snapshot_id"),
      ordered("metadata settings",
          "SELECT key, value, scope, scope_id FROM ducklake_metadata ORDER BY key"),
      ordered("DISTINCT column types",
          "SELECT DISTINCT column_type FROM ducklake_column ORDER BY column_type"),
      ordered("catalog objects by UNION ALL",
          "SELECT 'schema' AS kind, schema_id AS id, schema_name AS name FROM ducklake_schema"
              + " UNION ALL SELECT 'table', table_id, table_name FROM ducklake_table ORDER BY kind, id, name"),
      ordered("column positions by window function",
          "SELECT table_id, column_name, ROW_NUMBER() OVER (PARTITION BY table_id ORDER BY column_order, column_id)"
              + " FROM ducklake_column WHERE end_snapshot IS NULL ORDER BY table_id, column_order, column_id"),
      ordered("arithmetic and casts",
          "SELECT snapshot_id, next_catalog_id - schema_version, CAST(snapshot_id AS VARCHAR) || ':' || schema_version,"
              + " snapshot_id * 2 + 1, snapshot_id % 3 FROM ducklake_snapshot ORDER BY snapshot_id"),

      // ---- server-chosen values: only NULL-ness and order ----
      ordered("snapshot times are set",
          "SELECT snapshot_id, snapshot_time FROM ducklake_snapshot ORDER BY snapshot_id"),
      ordered("snapshot times never go back",
          "SELECT a.snapshot_id, b.snapshot_time >= a.snapshot_time FROM ducklake_snapshot a"
              + " JOIN ducklake_snapshot b ON b.snapshot_id = a.snapshot_id + 1 ORDER BY a.snapshot_id"),

      // ---- the catalog's own pg_catalog, which pgjdbc and psql read ----
      ordered("columns per table from pg_catalog",
          "SELECT c.relname, COUNT(a.attnum), MAX(a.attnum) FROM pg_catalog.pg_class c"
              + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
              + " JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped"
              + " WHERE n.nspname = 'public' AND c.relkind = 'r' GROUP BY c.relname ORDER BY c.relname"),
      ordered("primary keys from pg_constraint",
          "SELECT c.relname, k.conname, k.contype, k.conkey FROM pg_catalog.pg_constraint k"
              + " JOIN pg_catalog.pg_class c ON c.oid = k.conrelid JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
              + " WHERE n.nspname = 'public' ORDER BY c.relname"),
      ordered("types of the columns of ducklake_data_file from pg_catalog",
          "SELECT a.attnum, a.attname, t.typname, a.attnotnull, pg_catalog.format_type(a.atttypid, a.atttypmod)"
              + " FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_type t ON t.oid = a.atttypid"
              + " WHERE a.attrelid = 'ducklake_data_file'::regclass AND a.attnum > 0 ORDER BY a.attnum"),

      // ---- per scenario ----
      only(DDL, ordered("inlined data tables with their table",
          "SELECT i.table_id, i.table_name, i.schema_version, t.table_name FROM ducklake_inlined_data_tables i"
              + " LEFT JOIN ducklake_table t ON t.table_id = i.table_id AND " + liveAt("t", "i.schema_version")
              + " ORDER BY i.table_id, i.schema_version")),
      only(PARTITIONS, ordered("partition columns of partitioned tables",
          "SELECT p.partition_id, p.table_id, p.begin_snapshot, p.end_snapshot, pc.partition_key_index, c.column_name,"
              + " pc.transform FROM ducklake_partition_info p"
              + " JOIN ducklake_partition_column pc ON pc.partition_id = p.partition_id AND pc.table_id = p.table_id"
              + " JOIN ducklake_column c ON c.column_id = pc.column_id AND c.table_id = pc.table_id"
              + " ORDER BY p.partition_id, pc.partition_key_index")),
      only(PARTITIONS, ordered("files per partition value",
          "SELECT v.partition_key_index, v.partition_value, COUNT(*), SUM(f.record_count)"
              + " FROM ducklake_file_partition_value v JOIN ducklake_data_file f ON f.data_file_id = v.data_file_id"
              + " GROUP BY v.partition_key_index, v.partition_value ORDER BY v.partition_key_index, v.partition_value")),
      only(PARTITIONS, ordered("average file sizes (numeric scale depends on the values)",
          "SELECT table_id, AVG(file_size_bytes), AVG(record_count), AVG(record_count * 1000000) FROM ducklake_data_file"
              + " GROUP BY table_id ORDER BY table_id")),
      only(PARTITIONS, ordered("data file paths by pattern",
          "SELECT data_file_id, path, path_is_relative, file_format FROM ducklake_data_file"
              + " WHERE path LIKE 'year=2025/%' OR path NOT LIKE '%=%' ORDER BY data_file_id")),
      only(PARTITIONS, ordered("column stats of live files",
          "SELECT s.data_file_id, c.column_name, s.value_count, s.null_count, s.min_value, s.max_value"
              + " FROM ducklake_file_column_stats s JOIN ducklake_column c ON c.column_id = s.column_id"
              + " AND c.table_id = s.table_id JOIN ducklake_data_file f ON f.data_file_id = s.data_file_id"
              + " WHERE f.end_snapshot IS NULL ORDER BY s.data_file_id, c.column_name")));
}
