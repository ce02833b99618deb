package io.rocklake.conformance.catalog;

import java.util.List;

/**
 * The plain-SQL queries asked of both PostgreSQL and the catalog through Calcite. Each is written
 * in SQL both accept with the same meaning: lower-case unquoted identifiers, standard functions,
 * no floating point. {@code ordered} says the ORDER BY makes the row order total, so rows are
 * compared in order; otherwise they are compared as multisets.
 */
final class DifferentialQueries {
  private DifferentialQueries() {}

  /**
   * One query: its name, its SQL (accepted identically by PostgreSQL and by the catalog's Calcite
   * connection) and whether its ORDER BY fixes a total order.
   */
  record Query(String name, String sql, boolean ordered) {
    @Override public String toString() {
      return name;
    }
  }

  private static Query ordered(String name, String sql) {
    return new Query(name, sql, true);
  }

  private static Query unordered(String name, String sql) {
    return new Query(name, sql, false);
  }

  /** A file or table is live at snapshot S when it began at or before S and has not ended by S. */
  private static String liveAt(String alias, String snapshot) {
    String p = alias.isEmpty() ? "" : alias + ".";
    return p + "begin_snapshot <= " + snapshot + " AND (" + p + "end_snapshot IS NULL OR " + p + "end_snapshot > "
        + snapshot + ")";
  }

  static final List<Query> ALL = List.of(
      // ---- the primary key: points, ranges, IN lists ----
      unordered("snapshot by primary key",
          "SELECT snapshot_id, snapshot_time, schema_version, next_catalog_id, next_file_id FROM ducklake_snapshot"
              + " WHERE snapshot_id = 17"),
      ordered("snapshot key range",
          "SELECT snapshot_id, schema_version, next_file_id FROM ducklake_snapshot"
              + " WHERE snapshot_id >= 10 AND snapshot_id < 20 ORDER BY snapshot_id"),
      ordered("snapshot key BETWEEN",
          "SELECT snapshot_id, snapshot_time FROM ducklake_snapshot WHERE snapshot_id BETWEEN 5 AND 9"
              + " ORDER BY snapshot_id DESC"),
      ordered("snapshot key IN list, some absent",
          "SELECT snapshot_id, next_catalog_id FROM ducklake_snapshot"
              + " WHERE snapshot_id IN (1, 3, 5, 8, 13, 21, 34, 55, 89) ORDER BY snapshot_id"),
      unordered("snapshot key with the literal first",
          "SELECT snapshot_id FROM ducklake_snapshot WHERE 30 < snapshot_id"),
      unordered("snapshot key range OR'd",
          "SELECT snapshot_id FROM ducklake_snapshot WHERE snapshot_id < 3 OR snapshot_id > 40"),
      unordered("snapshot key not equal",
          "SELECT COUNT(*), MIN(snapshot_id), MAX(snapshot_id) FROM ducklake_snapshot WHERE snapshot_id <> 7"),
      unordered("snapshot key against fractional literals",
          "SELECT snapshot_id FROM ducklake_snapshot WHERE snapshot_id > 12.5 AND snapshot_id < 16.5"),
      unordered("snapshot key upper bound with a fractional literal",
          "SELECT snapshot_id FROM ducklake_snapshot WHERE snapshot_id <= 3.5"),
      unordered("data file key range combined with another filter",
          "SELECT data_file_id, table_id, record_count FROM ducklake_data_file"
              + " WHERE data_file_id >= 5 AND data_file_id <= 25 AND record_count > 1000"),
      unordered("no such snapshot",
          "SELECT snapshot_id FROM ducklake_snapshot WHERE snapshot_id = 999"),

      // ---- snapshot ranges ----
      ordered("tables live at snapshot 25",
          "SELECT table_id, table_name, schema_id, table_uuid FROM ducklake_table WHERE " + liveAt("", "25")
              + " ORDER BY table_id"),
      ordered("live files per table at snapshot 30",
          "SELECT t.table_id, t.table_name, COUNT(*), SUM(f.record_count), MIN(f.file_size_bytes),"
              + " MAX(f.file_size_bytes) FROM ducklake_table t JOIN ducklake_data_file f ON f.table_id = t.table_id"
              + " WHERE " + liveAt("f", "30") + " AND " + liveAt("t", "30")
              + " GROUP BY t.table_id, t.table_name ORDER BY t.table_id"),
      ordered("live file count at every snapshot",
          "SELECT s.snapshot_id, COUNT(f.data_file_id) FROM ducklake_snapshot s LEFT JOIN ducklake_data_file f"
              + " ON f.begin_snapshot <= s.snapshot_id AND (f.end_snapshot IS NULL OR f.end_snapshot > s.snapshot_id)"
              + " GROUP BY s.snapshot_id ORDER BY s.snapshot_id"),
      unordered("columns of live tables at snapshot 35",
          "SELECT c.table_id, c.column_id, c.column_name, c.column_type, c.nulls_allowed FROM ducklake_column c"
              + " JOIN ducklake_table t ON t.table_id = c.table_id WHERE " + liveAt("c", "35") + " AND "
              + liveAt("t", "35")),
      unordered("tags live at snapshot 35",
          "SELECT object_id, key, begin_snapshot FROM ducklake_tag WHERE " + liveAt("", "35")),
      unordered("files that ended inside a snapshot window",
          "SELECT data_file_id, begin_snapshot, end_snapshot FROM ducklake_data_file"
              + " WHERE end_snapshot BETWEEN 10 AND 30"),

      // ---- joins ----
      ordered("data files left-joined to their live delete files",
          "SELECT f.data_file_id, f.record_count, d.delete_file_id, d.delete_count FROM ducklake_data_file f"
              + " LEFT JOIN ducklake_delete_file d ON d.data_file_id = f.data_file_id AND d.end_snapshot IS NULL"
              + " WHERE f.end_snapshot IS NULL ORDER BY f.data_file_id, d.delete_file_id"),
      ordered("schemas, tables and column counts at snapshot 40",
          "SELECT sc.schema_name, t.table_name, COUNT(c.column_id) FROM ducklake_schema sc"
              + " JOIN ducklake_table t ON t.schema_id = sc.schema_id AND " + liveAt("t", "40")
              + " LEFT JOIN ducklake_column c ON c.table_id = t.table_id AND " + liveAt("c", "40")
              + " WHERE " + liveAt("sc", "40") + " GROUP BY sc.schema_name, t.table_name"
              + " ORDER BY sc.schema_name, t.table_name"),
      ordered("column stats per live column",
          "SELECT c.table_id, c.column_name, COUNT(*), SUM(s.value_count), SUM(s.null_count), MIN(s.min_value),"
              + " MAX(s.max_value) FROM ducklake_file_column_stats s JOIN ducklake_column c"
              + " ON c.column_id = s.column_id AND c.table_id = s.table_id WHERE c.end_snapshot IS NULL"
              + " GROUP BY c.table_id, c.column_name ORDER BY c.table_id, c.column_name"),
      unordered("partition columns of partitioned tables",
          "SELECT p.table_id, p.end_snapshot, pc.partition_key_index, c.column_name, pc.transform"
              + " FROM ducklake_partition_info p"
              + " JOIN ducklake_partition_column pc ON pc.partition_id = p.partition_id AND pc.table_id = p.table_id"
              + " JOIN ducklake_column c ON c.column_id = pc.column_id AND c.table_id = pc.table_id"),
      unordered("files scheduled for deletion with their ending snapshot",
          "SELECT s.data_file_id, s.schedule_start, f.end_snapshot, sn.snapshot_time"
              + " FROM ducklake_files_scheduled_for_deletion s JOIN ducklake_data_file f"
              + " ON f.data_file_id = s.data_file_id AND f.path = s.path"
              + " JOIN ducklake_snapshot sn ON sn.snapshot_id = f.end_snapshot"),
      unordered("tables with their optional comment",
          "SELECT t.table_id, t.table_name, g.value FROM ducklake_table t LEFT JOIN ducklake_tag g"
              + " ON g.object_id = t.table_id AND g.key = 'comment' AND g.end_snapshot IS NULL"
              + " WHERE t.end_snapshot IS NULL"),
      unordered("tables with the snapshot their comment was set",
          "SELECT t.table_id, t.table_name, g.begin_snapshot FROM ducklake_table t LEFT JOIN ducklake_tag g"
              + " ON g.object_id = t.table_id AND g.key = 'comment' AND g.end_snapshot IS NULL"
              + " WHERE t.end_snapshot IS NULL"),

      // ---- aggregates, GROUP BY, HAVING ----
      unordered("counts, distinct counts and counts of a nullable column",
          "SELECT COUNT(*), COUNT(DISTINCT table_id), COUNT(end_snapshot), COUNT(file_order), SUM(record_count)"
              + " FROM ducklake_data_file"),
      ordered("tables with at least three files",
          "SELECT table_id, COUNT(*) AS files, SUM(file_size_bytes) FROM ducklake_data_file GROUP BY table_id"
              + " HAVING COUNT(*) >= 3 ORDER BY files DESC, table_id"),
      unordered("exact averages per insert",
          "SELECT table_id, begin_snapshot, AVG(record_count), COUNT(*) FROM ducklake_data_file"
              + " GROUP BY table_id, begin_snapshot HAVING MOD(SUM(record_count), COUNT(record_count)) = 0"),
      unordered("exact average over a key range",
          "SELECT AVG(snapshot_id), AVG(next_file_id - next_file_id) FROM ducklake_snapshot"
              + " WHERE snapshot_id BETWEEN 10 AND 20"),
      unordered("inexact average",
          "SELECT AVG(snapshot_id) FROM ducklake_snapshot"),
      unordered("schema versions per table, the dropped-table group included",
          "SELECT table_id, COUNT(*), MIN(schema_version), MAX(begin_snapshot) FROM ducklake_schema_versions"
              + " GROUP BY table_id"),
      unordered("columns grouped by nullability, NULL included",
          "SELECT nulls_allowed, COUNT(*) FROM ducklake_column GROUP BY nulls_allowed"),
      unordered("aggregates over an empty input",
          "SELECT COUNT(*), SUM(record_count), MAX(data_file_id) FROM ducklake_data_file WHERE table_id = -1"),
      unordered("earliest and latest snapshot times after snapshot 20",
          "SELECT MIN(snapshot_time), MAX(snapshot_time), COUNT(*) FROM ducklake_snapshot WHERE snapshot_id > 20"),
      ordered("file partition values per table",
          "SELECT table_id, partition_key_index, COUNT(*), COUNT(partition_value), COUNT(DISTINCT partition_value)"
              + " FROM ducklake_file_partition_value GROUP BY table_id, partition_key_index"
              + " ORDER BY table_id, partition_key_index"),

      // ---- ORDER BY, LIMIT, OFFSET, NULL order ----
      ordered("largest files, paged",
          "SELECT data_file_id, path, file_size_bytes FROM ducklake_data_file"
              + " ORDER BY file_size_bytes DESC, data_file_id LIMIT 5 OFFSET 3"),
      ordered("NULL end snapshots sort first when descending",
          "SELECT data_file_id, end_snapshot FROM ducklake_data_file ORDER BY end_snapshot DESC, data_file_id"
              + " LIMIT 12"),
      ordered("NULL end snapshots sort last when ascending",
          "SELECT data_file_id, end_snapshot FROM ducklake_data_file ORDER BY end_snapshot, data_file_id"),
      ordered("explicit NULLS FIRST",
          "SELECT snapshot_id, author FROM ducklake_snapshot_changes ORDER BY author NULLS FIRST, snapshot_id"),
      ordered("table stats",
          "SELECT table_id, record_count, next_row_id, file_size_bytes FROM ducklake_table_stats ORDER BY table_id"),

      // ---- subqueries ----
      unordered("latest snapshot by scalar MAX subquery",
          "SELECT snapshot_id, snapshot_time, schema_version FROM ducklake_snapshot"
              + " WHERE snapshot_id = (SELECT MAX(snapshot_id) FROM ducklake_snapshot)"),
      ordered("live rows per table through a correlated scalar subquery",
          "SELECT f.table_id, SUM(f.record_count - COALESCE((SELECT SUM(d.delete_count) FROM ducklake_delete_file d"
              + " WHERE d.data_file_id = f.data_file_id AND d.end_snapshot IS NULL), 0))"
              + " FROM ducklake_data_file f WHERE f.end_snapshot IS NULL GROUP BY f.table_id ORDER BY f.table_id"),
      unordered("tables that have delete files (EXISTS)",
          "SELECT t.table_id, t.table_name FROM ducklake_table t"
              + " WHERE EXISTS (SELECT 1 FROM ducklake_delete_file d WHERE d.table_id = t.table_id)"),
      unordered("tables without a live file (NOT EXISTS)",
          "SELECT t.table_id, t.table_name, t.end_snapshot FROM ducklake_table t WHERE NOT EXISTS"
              + " (SELECT 1 FROM ducklake_data_file f WHERE f.table_id = t.table_id AND f.end_snapshot IS NULL)"),
      unordered("files of dropped tables (IN subquery)",
          "SELECT data_file_id, table_id, end_snapshot FROM ducklake_data_file"
              + " WHERE table_id IN (SELECT table_id FROM ducklake_table WHERE end_snapshot IS NOT NULL)"),
      unordered("schemas without live tables (NOT IN subquery)",
          "SELECT schema_id, schema_name, end_snapshot FROM ducklake_schema"
              + " WHERE schema_id NOT IN (SELECT schema_id FROM ducklake_table WHERE end_snapshot IS NULL)"),

      // ---- expressions: CASE, COALESCE, strings, arithmetic ----
      unordered("file state by CASE",
          "SELECT data_file_id, CASE WHEN end_snapshot IS NULL THEN 'live' WHEN end_snapshot - begin_snapshot < 5"
              + " THEN 'brief' ELSE 'old' END FROM ducklake_data_file"),
      unordered("file state by CASE over same-length literals",
          "SELECT data_file_id, CASE WHEN end_snapshot IS NULL THEN 'live' WHEN end_snapshot - begin_snapshot < 5"
              + " THEN 'gone' ELSE 'past' END, CASE WHEN partition_id IS NULL THEN 0 ELSE partition_id END"
              + " FROM ducklake_data_file"),
      ordered("snapshot changes with COALESCE",
          "SELECT snapshot_id, COALESCE(author, 'unknown'), COALESCE(commit_message, commit_extra_info, '-')"
              + " FROM ducklake_snapshot_changes ORDER BY snapshot_id"),
      unordered("table names LIKE a prefix or a suffix",
          "SELECT table_id, table_name, path FROM ducklake_table WHERE table_name LIKE 'e%' OR table_name LIKE '%s'"),
      unordered("changes NOT LIKE and LIKE with a single-character wildcard",
          "SELECT snapshot_id, changes_made FROM ducklake_snapshot_changes"
              + " WHERE changes_made NOT LIKE 'inserted%' AND changes_made LIKE '%_table:%'"),
      unordered("live varchar columns by string equality",
          "SELECT table_id, column_id, column_name FROM ducklake_column"
              + " WHERE column_type = 'varchar' AND end_snapshot IS NULL"),
      ordered("DISTINCT column types",
          "SELECT DISTINCT column_type FROM ducklake_column ORDER BY column_type"),
      unordered("string functions",
          "SELECT table_id, UPPER(table_name), CHAR_LENGTH(path), SUBSTRING(table_name FROM 1 FOR 3),"
              + " table_name || '@' || path FROM ducklake_table"),
      unordered("arithmetic on file sizes",
          "SELECT data_file_id, file_size_bytes - footer_size, record_count * 2 + 1, row_id_start + record_count"
              + " FROM ducklake_data_file WHERE partition_id IS NOT NULL"),
      unordered("boolean columns as predicates",
          "SELECT schema_id, schema_name, path_is_relative FROM ducklake_schema"
              + " WHERE path_is_relative OR path_is_relative IS NULL"),
      unordered("snapshots after a timestamp",
          "SELECT snapshot_id, snapshot_time FROM ducklake_snapshot"
              + " WHERE snapshot_time >= TIMESTAMP '2025-03-02 00:00:00'"),
      unordered("metadata keys and scopes",
          "SELECT key, scope, scope_id FROM ducklake_metadata"),
      unordered("metadata keys",
          "SELECT key, scope_id FROM ducklake_metadata WHERE key <> 'encrypted'"),

      // ---- more shapes ----
      unordered("row numbers per table (window)",
          "SELECT table_id, data_file_id, ROW_NUMBER() OVER (PARTITION BY table_id ORDER BY data_file_id)"
              + " FROM ducklake_data_file"),
      unordered("IN list on a non-key column",
          "SELECT data_file_id, table_id FROM ducklake_data_file WHERE table_id IN (1, 2, 3, 5, 8)"),
      unordered("column counts by a correlated subquery in the select list",
          "SELECT t.table_id, (SELECT COUNT(*) FROM ducklake_column c WHERE c.table_id = t.table_id"
              + " AND c.end_snapshot IS NULL) FROM ducklake_table t"),
      unordered("NOT IN over a subquery with NULLs is empty",
          "SELECT snapshot_id FROM ducklake_snapshot WHERE snapshot_id NOT IN (SELECT end_snapshot FROM ducklake_data_file)"),
      unordered("snapshots that ended no file (NOT IN without NULLs)",
          "SELECT snapshot_id FROM ducklake_snapshot WHERE snapshot_id NOT IN"
              + " (SELECT end_snapshot FROM ducklake_data_file WHERE end_snapshot IS NOT NULL)"),
      unordered("filtered aggregates",
          "SELECT table_id, COUNT(*) FILTER (WHERE end_snapshot IS NULL), SUM(record_count) FILTER"
              + " (WHERE file_order IS NULL), COUNT(*) FROM ducklake_data_file GROUP BY table_id"),
      ordered("latest commit per author with HAVING",
          "SELECT c.author, MAX(s.snapshot_time), COUNT(*) FROM ducklake_snapshot_changes c"
              + " JOIN ducklake_snapshot s ON s.snapshot_id = c.snapshot_id WHERE c.author IS NOT NULL"
              + " GROUP BY c.author HAVING COUNT(*) > 2 ORDER BY c.author"),
      ordered("OFFSET and FETCH in standard spelling",
          "SELECT snapshot_id, next_catalog_id FROM ducklake_snapshot ORDER BY next_catalog_id DESC, snapshot_id"
              + " OFFSET 2 ROWS FETCH NEXT 4 ROWS ONLY"),
      unordered("GROUP BY a CASE",
          "SELECT CASE WHEN record_count > 1000 THEN 'big' ELSE 'sml' END, COUNT(*), SUM(record_count)"
              + " FROM ducklake_data_file GROUP BY CASE WHEN record_count > 1000 THEN 'big' ELSE 'sml' END"),
      unordered("DISTINCT pairs",
          "SELECT DISTINCT table_id, begin_snapshot FROM ducklake_data_file"),
      ordered("snapshots that changed the schema (self-join on the key)",
          "SELECT a.snapshot_id, a.schema_version, b.schema_version FROM ducklake_snapshot a"
              + " JOIN ducklake_snapshot b ON b.snapshot_id = a.snapshot_id - 1"
              + " WHERE b.schema_version < a.schema_version ORDER BY a.snapshot_id"),

      // ---- UNION ALL ----
      unordered("catalog objects by UNION ALL",
          "SELECT 'tbl', table_id, begin_snapshot, end_snapshot FROM ducklake_table"
              + " UNION ALL SELECT 'sch', schema_id, begin_snapshot, end_snapshot FROM ducklake_schema"
              + " UNION ALL SELECT 'col', column_id, begin_snapshot, end_snapshot FROM ducklake_column"
              + " WHERE column_id = 1"),
      unordered("UNION ALL of literals of different lengths",
          "SELECT 'table', table_id FROM ducklake_table UNION ALL SELECT 'schema', schema_id FROM ducklake_schema"),
      ordered("file ids of data and delete files by UNION ALL, ordered",
          "SELECT data_file_id AS id, begin_snapshot FROM ducklake_data_file UNION ALL"
              + " SELECT delete_file_id, begin_snapshot FROM ducklake_delete_file ORDER BY id"));
}
