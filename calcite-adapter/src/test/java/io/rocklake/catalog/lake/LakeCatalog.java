package io.rocklake.catalog.lake;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.ColumnType;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.store.InMemoryObjectStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A DuckLake catalog on an in-memory store, filled row by row as DuckDB's commits would fill it: the
 * 28 tables, then snapshots, schemas, tables, columns, data and delete files with the values each
 * spec states. Row shapes follow {@link DuckLakeRelations} exactly.
 */
final class LakeCatalog implements AutoCloseable {
  final Catalog catalog = Catalog.open(Db.open(new InMemoryObjectStore(), DbOptions.defaults().withBackgroundCompaction(false)));
  private final CatalogTransaction tx = catalog.begin();

  LakeCatalog() {
    DuckLakeRelations.createTables(tx);
    metadata("data_path", "/lake/");
  }

  private RelationDef rel(String name) {
    return tx.requireRelation(DuckLakeRelations.SCHEMA, name);
  }

  LakeCatalog metadata(String key, String value) {
    tx.insert(rel("ducklake_metadata"), new Object[] {key, value, null, null});
    return this;
  }

  /** Snapshots 0..last. */
  LakeCatalog snapshots(long last) {
    for (long id = 0; id <= last; id++) {
      tx.insert(rel("ducklake_snapshot"), new Object[] {id, Instant.EPOCH.plusSeconds(id), id, id + 1, 0L});
    }
    return this;
  }

  LakeCatalog schema(long id, String name, String path, boolean relative, long begin, Long end) {
    tx.insert(rel("ducklake_schema"), new Object[] {id, UUID.randomUUID(), begin, end, name, path, relative});
    return this;
  }

  LakeCatalog table(long id, long schemaId, String name, String path, boolean relative, long begin, Long end) {
    tx.insert(rel("ducklake_table"), new Object[] {id, UUID.randomUUID(), begin, end, schemaId, name, path, relative});
    return this;
  }

  LakeCatalog column(long tableId, long id, long order, String name, String type, String initialDefault, Long parent,
      long begin, Long end) {
    tx.insert(rel("ducklake_column"), new Object[] {id, begin, end, tableId, order, name, type, initialDefault,
        initialDefault == null ? "NULL" : initialDefault, true, parent, "literal", "duckdb"});
    return this;
  }

  /** A data file with the given visibility; everything else plain (relative path, parquet, no key). */
  LakeCatalog dataFile(long id, long tableId, long begin, Long end, String path, long records, long rowIdStart) {
    return dataFile(id, tableId, begin, end, path, true, "parquet", records, rowIdStart, null, null, null);
  }

  LakeCatalog dataFile(long id, long tableId, long begin, Long end, String path, boolean relative, String format,
      long records, Long rowIdStart, String encryptionKey, Long mappingId, Long partialMax) {
    tx.insert(rel("ducklake_data_file"), new Object[] {id, tableId, begin, end, null, path, relative, format, records,
        1000L + id, 100L, rowIdStart, null, encryptionKey, mappingId, partialMax});
    return this;
  }

  /** A data file written under partition spec {@code partitionId}; otherwise as {@link #dataFile(long, long, long, Long, String, long, long)}. */
  LakeCatalog partitionedDataFile(long id, long tableId, long begin, String path, long records, long rowIdStart,
      long partitionId) {
    tx.insert(rel("ducklake_data_file"), new Object[] {id, tableId, begin, null, null, path, true, "parquet", records,
        1000L + id, 100L, rowIdStart, partitionId, null, null, null});
    return this;
  }

  /** A key of partition spec {@code partitionId}: the column it is computed from, and how. */
  LakeCatalog partitionColumn(long partitionId, long tableId, long keyIndex, long columnId, String transform) {
    tx.insert(rel("ducklake_partition_column"), new Object[] {partitionId, tableId, keyIndex, columnId, transform});
    return this;
  }

  /** A data file's value of partition key {@code keyIndex}, as DuckDB writes it (text, or null). */
  LakeCatalog filePartitionValue(long dataFileId, long tableId, long keyIndex, String value) {
    tx.insert(rel("ducklake_file_partition_value"), new Object[] {dataFileId, tableId, keyIndex, value});
    return this;
  }

  /** A file's statistics of one column, as DuckDB writes them: min and max as text, or null. */
  LakeCatalog columnStats(long dataFileId, long tableId, long columnId, String min, String max) {
    tx.insert(rel("ducklake_file_column_stats"), new Object[] {dataFileId, tableId, columnId, 100L, 10L, 0L, min, max,
        null, null});
    return this;
  }

  /** A {@code ducklake_column_mapping} row, as ducklake_add_data_files writes it (type {@code map_by_name}). */
  LakeCatalog columnMapping(long mappingId, long tableId, String type) {
    tx.insert(rel("ducklake_column_mapping"), new Object[] {mappingId, tableId, type});
    return this;
  }

  /** A {@code ducklake_name_mapping} row: one entry of a mapping, under {@code parent} (an entry's column_id) or top-level. */
  LakeCatalog nameMapping(long mappingId, long columnId, String sourceName, long targetFieldId, Long parent,
      boolean isPartition) {
    tx.insert(rel("ducklake_name_mapping"), new Object[] {mappingId, columnId, sourceName, targetFieldId, parent,
        isPartition});
    return this;
  }

  LakeCatalog deleteFile(long id, long tableId, long begin, Long end, long dataFileId, String path) {
    return deleteFile(id, tableId, begin, end, dataFileId, path, true, "parquet", null, null);
  }

  LakeCatalog deleteFile(long id, long tableId, long begin, Long end, long dataFileId, String path, boolean relative,
      String format, String encryptionKey, Long partialMax) {
    tx.insert(rel("ducklake_delete_file"), new Object[] {id, tableId, begin, end, dataFileId, path, relative, format,
        1L, 500L, 50L, encryptionKey, partialMax});
    return this;
  }

  /**
   * An inlined-data table as DuckDB creates it: row_id, begin_snapshot, end_snapshot, then the table's
   * columns at that schema version, named as then.
   */
  RelationDef inlinedDataTable(long tableId, long schemaVersion, ColumnDef... valueColumns) {
    String name = "ducklake_inlined_data_" + tableId + "_" + schemaVersion;
    tx.insert(rel("ducklake_inlined_data_tables"), new Object[] {tableId, name, schemaVersion});
    List<ColumnDef> columns = new ArrayList<>(List.of(ColumnDef.of("row_id", ColumnType.BIGINT),
        ColumnDef.of("begin_snapshot", ColumnType.BIGINT), ColumnDef.of("end_snapshot", ColumnType.BIGINT)));
    columns.addAll(List.of(valueColumns));
    return tx.createRelation(DuckLakeRelations.SCHEMA, name, columns, RelationDef.Kind.DYNAMIC, false);
  }

  /** A row of an inlined-data table: row_id, begin, end, then its values in the table's column order. */
  LakeCatalog inlinedRow(RelationDef inlined, long rowId, long begin, Long end, Object... values) {
    Object[] row = new Object[3 + values.length];
    row[0] = rowId;
    row[1] = begin;
    row[2] = end;
    System.arraycopy(values, 0, row, 3, values.length);
    tx.insert(inlined, row);
    return this;
  }

  /** A {@code ducklake_schema_versions} row: the table's schema version v begins at that snapshot. */
  LakeCatalog schemaVersion(long begin, long version, long tableId) {
    tx.insert(rel("ducklake_schema_versions"), new Object[] {begin, version, tableId});
    return this;
  }

  RelationDef inlinedDeleteTable(long tableId) {
    return tx.createRelation(DuckLakeRelations.SCHEMA, "ducklake_inlined_delete_" + tableId,
        List.of(ColumnDef.of("file_id", ColumnType.BIGINT), ColumnDef.of("row_id", ColumnType.BIGINT),
            ColumnDef.of("begin_snapshot", ColumnType.BIGINT)), RelationDef.Kind.DYNAMIC, false);
  }

  LakeCatalog inlinedDelete(RelationDef inlinedDeletes, long fileId, long rowId, long begin) {
    tx.insert(inlinedDeletes, new Object[] {fileId, rowId, begin});
    return this;
  }

  /** Commits what was added (the first time) and opens a read transaction on it. */
  CatalogTransaction read() {
    if (tx.isActive()) {
      tx.commit();
    }
    return catalog.begin();
  }

  @Override public void close() {
    catalog.writer().close();
  }
}
