package io.rocklake.catalog.lake;

import static io.rocklake.catalog.lake.CatalogLookups.col;
import static io.rocklake.catalog.lake.CatalogLookups.where;

import io.rocklake.arrowscan.DataFile;
import io.rocklake.arrowscan.InlinedDeletions;
import io.rocklake.arrowscan.InlinedRow;
import io.rocklake.arrowscan.PlanColumn;
import io.rocklake.arrowscan.ScanPlan;
import io.rocklake.catalog.CatalogException;
import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.ScanBounds;
import io.rocklake.catalog.SqlState;
import io.rocklake.catalog.lake.LakeTableRefusedException.Reason;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Builds arrow-scan's {@link ScanPlan} for one DuckLake table at one DuckLake snapshot S from the
 * {@code ducklake_*} relations as a catalog transaction sees them, following DuckLake 1.0's read path:
 *
 * <ul>
 *   <li>a row of {@code ducklake_schema}, {@code ducklake_table}, {@code ducklake_column},
 *       {@code ducklake_data_file} or {@code ducklake_delete_file} exists at S when
 *       {@code begin_snapshot <= S AND (end_snapshot IS NULL OR S < end_snapshot)};
 *   <li>the columns are the top-level ones ({@code parent_column IS NULL}) in {@code column_order};
 *   <li>a data file gets the delete file visible at S for it, the latest-begun if several;
 *   <li>paths resolve as {@link LakePaths} says, from {@code ducklake_metadata}'s {@code data_path}
 *       unless the caller overrides it (DuckDB's {@code ATTACH … (DATA_PATH '…')}).
 * </ul>
 *
 * Rows inlined in the catalog ({@code ducklake_inlined_data_<t>_<v>}) visible at S are part of the plan,
 * bound to column ids through the columns of schema version v, and so are the deletions of file rows
 * kept in the catalog ({@code ducklake_inlined_delete_<t>}). A data file without {@code row_id_start}
 * is planned with its row ids in the file; every file and inlined row carries its begin_snapshot, the
 * {@code snapshot_id} of its rows. A file with a {@code mapping_id} gets its name mapping
 * ({@link LakeNameMappings}).
 *
 * What the plan cannot express is refused with {@link LakeTableRefusedException} before any file is
 * read. Every relation with a {@code table_id} is read with {@code table_id = T AND begin_snapshot <= S}
 * bounds, so the catalog's per-table index serves it and the cost is the table's history, not the lake's.
 */
public final class LakeTablePlanner {
  private static final String DATA_PATH_KEY = "data_path";

  private final CatalogTransaction tx;
  private final Optional<String> dataPathOverride;

  private LakeTablePlanner(CatalogTransaction tx, Optional<String> dataPathOverride) {
    this.tx = tx;
    this.dataPathOverride = dataPathOverride;
  }

  /** Plans as the transaction sees the catalog, with the lake's own {@code data_path}. */
  public static LakeTablePlanner on(CatalogTransaction tx) {
    return new LakeTablePlanner(tx, Optional.empty());
  }

  /** The same planner with relative paths resolved against {@code dataPath} instead of the stored one. */
  public LakeTablePlanner withDataPath(String dataPath) {
    return new LakeTablePlanner(tx, Optional.of(dataPath));
  }

  /**
   * The plan of every column of {@code schema.table} as it is at snapshot S.
   *
   * @throws CatalogException 22023 if S is not a snapshot of the lake, 42P01 if no such table exists at S
   * @throws LakeTableRefusedException if the table's rows at S are not all in plain Parquet files
   */
  public ScanPlan plan(String schema, String table, long snapshot) {
    requireSnapshot(snapshot);
    String qualified = schema + "." + table;
    RelationDef schemas = relation("ducklake_schema");
    CatalogRow schemaRow = visibleAt(schemas, ScanBounds.all(schemas), snapshot).stream()
        .filter(r -> schema.equals(r.get(col(schemas, "schema_name")))).findFirst()
        .orElseThrow(() -> noTable(qualified, snapshot));
    long schemaId = (Long) schemaRow.get(col(schemas, "schema_id"));
    RelationDef tables = relation("ducklake_table");
    CatalogRow tableRow = visibleAt(tables, where(tables, "schema_id", schemaId), snapshot).stream()
        .filter(r -> table.equals(r.get(col(tables, "table_name")))).findFirst()
        .orElseThrow(() -> noTable(qualified, snapshot));
    return build(qualified, schemaRow, tableRow, snapshot).plan();
  }

  /** The plan of the table with that {@code table_id} as it is at snapshot S. */
  public ScanPlan plan(long tableId, long snapshot) {
    return plan(tableId, snapshot, FileRanges.NONE);
  }

  /**
   * The plan of the table at S without the data files whose column statistics (see {@link FileRanges})
   * or partition values (see {@link LakePartitionPruning}) show no row can be in {@code ranges}:
   * the rows left out are only rows the query's filter drops.
   */
  public ScanPlan plan(long tableId, long snapshot, FileRanges ranges) {
    Built built = build(tableId, snapshot);
    ScanPlan whole = built.plan();
    if (ranges.isEmpty() || whole.files().isEmpty()) {
      return whole;
    }
    RelationDef stats = relation("ducklake_file_column_stats");
    Map<Long, Map<Long, String[]>> byFile = new HashMap<>();
    for (CatalogRow r : tx.scan(stats, where(stats, "table_id", tableId))) {
      Long columnId = (Long) r.get(col(stats, "column_id"));
      if (ranges.constrains(columnId)) {
        Object nan = r.get(col(stats, "contains_nan"));
        byFile.computeIfAbsent((Long) r.get(col(stats, "data_file_id")), f -> new HashMap<>())
            .put(columnId, new String[] {(String) r.get(col(stats, "min_value")), (String) r.get(col(stats, "max_value")),
                nan == null ? null : String.valueOf(nan)});
      }
    }
    LakePartitionPruning partitions = LakePartitionPruning.of(tx, tableId, ranges);
    List<DataFile> kept = new ArrayList<>();
    for (int i = 0; i < whole.files().size(); i++) {
      Map<Long, String[]> fileStats = byFile.get(built.fileIds().get(i));
      if ((fileStats == null || !ranges.excludes(fileStats))
          && !partitions.excludes(built.fileIds().get(i), built.partitionIds().get(i))) {
        kept.add(whole.files().get(i));
      }
    }
    return new ScanPlan(whole.columns(), kept, whole.inlinedRows(), whole.projection());
  }

  /** A plan and the data_file_id and partition_id (or null) of each of its files, in the plan's order. */
  private record Built(ScanPlan plan, List<Long> fileIds, List<Long> partitionIds) {}

  private Built build(long tableId, long snapshot) {
    requireSnapshot(snapshot);
    RelationDef tables = relation("ducklake_table");
    CatalogRow tableRow = visibleAt(tables, where(tables, "table_id", tableId), snapshot).stream()
        .findFirst().orElseThrow(() -> noTable("table_id " + tableId, snapshot));
    RelationDef schemas = relation("ducklake_schema");
    long schemaId = (Long) tableRow.get(col(tables, "schema_id"));
    CatalogRow schemaRow = visibleAt(schemas, where(schemas, "schema_id", schemaId), snapshot).stream().findFirst()
        .orElseThrow(() -> noTable("table_id " + tableId, snapshot));
    String qualified = schemaRow.get(col(schemas, "schema_name")) + "." + tableRow.get(col(tables, "table_name"));
    return build(qualified, schemaRow, tableRow, snapshot);
  }

  private Built build(String table, CatalogRow schemaRow, CatalogRow tableRow, long snapshot) {
    RelationDef schemas = relation("ducklake_schema");
    RelationDef tables = relation("ducklake_table");
    long tableId = (Long) tableRow.get(col(tables, "table_id"));

    List<PlanColumn> columns = columns(tableId, snapshot);
    List<InlinedRow> inlinedRows = inlinedRows(table, tableId, snapshot,
        columns.stream().map(PlanColumn::columnId).collect(Collectors.toSet()));

    Map<Long, CatalogRow> deletes = deleteFiles(tableId, snapshot);
    RelationDef dataFiles = relation("ducklake_data_file");
    List<CatalogRow> files = new ArrayList<>(
        visibleAt(dataFiles, where(dataFiles, "table_id", tableId), snapshot));
    // Rowid order: DuckLake gives each file a contiguous range of row ids starting at row_id_start. A
    // file without one (rewritten, its rows' ids stored in it) has no known range: it sorts last.
    files.sort(Comparator.comparing((CatalogRow r) -> (Long) r.get(col(dataFiles, "row_id_start")),
            Comparator.nullsLast(Comparator.<Long>naturalOrder()))
        .thenComparingLong(r -> (Long) r.get(col(dataFiles, "data_file_id"))));
    Map<Long, List<Long>> inlinedDeletions = inlinedDeletions(tableId, snapshot);

    String tablePath = null;
    LakeNameMappings mappings = null;
    List<DataFile> planned = new ArrayList<>();
    List<Long> ids = new ArrayList<>();
    List<Long> partitionIds = new ArrayList<>();
    for (CatalogRow f : files) {
      long fileId = (Long) f.get(col(dataFiles, "data_file_id"));
      ids.add(fileId);
      partitionIds.add((Long) f.get(col(dataFiles, "partition_id")));
      String path = (String) f.get(col(dataFiles, "path"));
      String describe = "data file " + fileId + " (" + path + ")";
      Long partialMax = (Long) f.get(col(dataFiles, "partial_max"));
      // A partial data file tags each row with its snapshot: at S, arrow-scan reads those up to S.
      checkFile(table, snapshot, describe, (String) f.get(col(dataFiles, "file_format")),
          (String) f.get(col(dataFiles, "encryption_key")));
      Long mapping = (Long) f.get(col(dataFiles, "mapping_id"));
      Long rowIdStart = (Long) f.get(col(dataFiles, "row_id_start"));
      boolean relative = Boolean.TRUE.equals(f.get(col(dataFiles, "path_is_relative")));
      if (relative && tablePath == null) {
        tablePath = tablePath(schemaRow, tableRow, schemas, tables);
      }
      String resolvedPath = LakePaths.resolve(tablePath, path, relative);
      long records = (Long) f.get(col(dataFiles, "record_count"));
      long size = (Long) f.get(col(dataFiles, "file_size_bytes"));
      // No row_id_start: DuckDB rewrote the file with its rows' ids in _ducklake_internal_row_id.
      DataFile planFile = (rowIdStart == null ? DataFile.withRowIdsInFile(resolvedPath, records, size)
          : new DataFile(resolvedPath, records, size, rowIdStart, Optional.empty()))
          .withBeginSnapshot((Long) f.get(col(dataFiles, "begin_snapshot")));
      List<Long> deletedInCatalog = inlinedDeletions.get(fileId);
      if (deletedInCatalog != null) {
        planFile = planFile.withInlinedDeletions(InlinedDeletions.of(deletedInCatalog));
      }
      if (partialMax != null && partialMax > snapshot) {
        planFile = planFile.withRowsUpTo(snapshot);
      }
      if (mapping != null) {
        // Added by ducklake_add_data_files: no field ids of DuckLake's, its columns are bound by name.
        if (mappings == null) {
          mappings = new LakeNameMappings(tx, table, snapshot);
        }
        planFile = planFile.withNameMapping(mappings.mapping(mapping, describe));
      }
      CatalogRow delete = deletes.get(fileId);
      if (delete != null) {
        RelationDef deleteFiles = relation("ducklake_delete_file");
        String deletePath = (String) delete.get(col(deleteFiles, "path"));
        Long deletesPartialMax = (Long) delete.get(col(deleteFiles, "partial_max"));
        // A partial delete file tags each deletion with its snapshot: at S, arrow-scan applies those up to S.
        checkFile(table, snapshot, "delete file " + delete.get(col(deleteFiles, "delete_file_id")) + " ("
            + deletePath + ") of data file " + fileId, (String) delete.get(col(deleteFiles, "format")),
            (String) delete.get(col(deleteFiles, "encryption_key")));
        boolean deleteRelative = Boolean.TRUE.equals(delete.get(col(deleteFiles, "path_is_relative")));
        if (deleteRelative && tablePath == null) {
          tablePath = tablePath(schemaRow, tableRow, schemas, tables);
        }
        String resolved = LakePaths.resolve(tablePath, deletePath, deleteRelative);
        planFile = deletesPartialMax != null && deletesPartialMax > snapshot
            ? planFile.withDeletesUpTo(resolved, snapshot) : planFile.withDeletes(resolved);
      }
      planned.add(planFile);
    }
    return new Built(ScanPlan.allColumns(columns, planned, inlinedRows), ids, partitionIds);
  }

  /**
   * The table's top-level columns at S, in column_order, each with its fields (the rows whose
   * parent_column it is, in column_order, recursively) as children.
   */
  private List<PlanColumn> columns(long tableId, long snapshot) {
    RelationDef rel = relation("ducklake_column");
    return columns(rel, columnRowsByParent(rel, tableId, snapshot), TOP_LEVEL);
  }

  /** The parent of a top-level column in {@link #columnRowsByParent}. */
  private static final long TOP_LEVEL = -1L;

  /** The table's ducklake_column rows visible at S by parent_column ({@link #TOP_LEVEL} for none), each in column_order. */
  private Map<Long, List<CatalogRow>> columnRowsByParent(RelationDef rel, long tableId, long snapshot) {
    Map<Long, List<CatalogRow>> byParent = new HashMap<>();
    for (CatalogRow r : visibleAt(rel, where(rel, "table_id", tableId), snapshot)) {
      Long parent = (Long) r.get(col(rel, "parent_column"));
      byParent.computeIfAbsent(parent == null ? TOP_LEVEL : parent, p -> new ArrayList<>()).add(r);
    }
    byParent.values().forEach(rows -> rows.sort(Comparator.comparingLong(r -> (Long) r.get(col(rel, "column_order")))));
    return byParent;
  }

  private static List<PlanColumn> columns(RelationDef rel, Map<Long, List<CatalogRow>> byParent, long parent) {
    List<PlanColumn> columns = new ArrayList<>();
    for (CatalogRow r : byParent.getOrDefault(parent, List.of())) {
      long id = (Long) r.get(col(rel, "column_id"));
      columns.add(new PlanColumn(id, (String) r.get(col(rel, "column_name")), (String) r.get(col(rel, "column_type")),
          (String) r.get(col(rel, "initial_default")), columns(rel, byParent, id)));
    }
    return columns;
  }

  /** Per data file, the delete file visible at S; of several, the one begun last (then the highest id). */
  private Map<Long, CatalogRow> deleteFiles(long tableId, long snapshot) {
    RelationDef rel = relation("ducklake_delete_file");
    Map<Long, CatalogRow> byDataFile = new HashMap<>();
    Comparator<CatalogRow> latest = Comparator.comparingLong((CatalogRow r) -> (Long) r.get(col(rel, "begin_snapshot")))
        .thenComparingLong(r -> (Long) r.get(col(rel, "delete_file_id")));
    for (CatalogRow r : visibleAt(rel, where(rel, "table_id", tableId), snapshot)) {
      byDataFile.merge((Long) r.get(col(rel, "data_file_id")), r, (a, b) -> latest.compare(a, b) >= 0 ? a : b);
    }
    return byDataFile;
  }

  /**
   * The rows inlined in the catalog and visible at S, their values keyed by column_id. Each
   * {@code ducklake_inlined_data_<t>_<v>} holds {@code row_id, begin_snapshot, end_snapshot} then the
   * table's columns as they were at schema version v, named as then: a value is bound to the column of
   * that name at v (names are unique within a version), i.e. to its column_id, never by position
   * against the columns at S — a column dropped since v is left out, one added since is absent (its
   * initial_default applies), a renamed one keeps its id.
   */
  private List<InlinedRow> inlinedRows(String table, long tableId, long snapshot, Set<Long> columnsAtSnapshot) {
    RelationDef inlinedTables = relation("ducklake_inlined_data_tables");
    List<InlinedRow> out = new ArrayList<>();
    for (CatalogRow r : tx.scan(inlinedTables, where(inlinedTables, "table_id", tableId))) {
      String name = (String) r.get(col(inlinedTables, "table_name"));
      Optional<RelationDef> found = tx.relation(DuckLakeRelations.SCHEMA, name);
      if (found.isEmpty()) {
        continue; // dropped (flushed and cleaned up): no rows to miss
      }
      RelationDef inlined = found.get();
      List<CatalogRow> visibleRows = visibleAt(inlined, ScanBounds.all(inlined), snapshot);
      if (visibleRows.isEmpty()) {
        continue;
      }
      Long schemaVersion = (Long) r.get(col(inlinedTables, "schema_version"));
      Map<Integer, Long> columnIds = inlinedColumnIds(table, tableId, snapshot, inlined, schemaVersion);
      columnIds.values().retainAll(columnsAtSnapshot); // a column dropped since the version is no column at S
      int rowIdIndex = col(inlined, "row_id");
      int beginIndex = col(inlined, "begin_snapshot");
      for (CatalogRow row : visibleRows) {
        Object rowId = row.get(rowIdIndex);
        if (!(rowId instanceof Long id)) {
          throw new LakeTableRefusedException(table, snapshot, Reason.INLINED_DATA, "a row of " + name
              + " has no row_id, so it has no rowid to be read at");
        }
        Map<Long, Object> values = new HashMap<>();
        columnIds.forEach((index, columnId) -> values.put(columnId, row.get(index)));
        out.add(new InlinedRow(id, values, (Long) row.get(beginIndex)));
      }
    }
    return out;
  }

  /** Per value column of an inlined table (by index in the relation), the column_id it holds at schema version v. */
  private Map<Integer, Long> inlinedColumnIds(String table, long tableId, long snapshot, RelationDef inlined,
      Long schemaVersion) {
    long versionSnapshot = schemaVersionSnapshot(table, tableId, snapshot, inlined.name(), schemaVersion);
    Map<String, Long> idByName = new HashMap<>();
    for (PlanColumn c : columns(tableId, versionSnapshot)) {
      idByName.put(c.name(), c.columnId());
    }
    Map<Integer, Long> ids = new HashMap<>();
    for (int i = 0; i < inlined.columns().size(); i++) {
      String column = inlined.columns().get(i).name();
      if (CatalogLookups.isSystemColumn(column)) {
        continue;
      }
      Long id = idByName.get(column);
      if (id == null) {
        throw new LakeTableRefusedException(table, snapshot, Reason.INLINED_DATA, "column \"" + column + "\" ("
            + inlined.columns().get(i).typeSql() + ") of " + inlined.name() + " is no column of the table at schema"
            + " version " + schemaVersion + " (snapshot " + versionSnapshot + "), so its values cannot be bound to a column_id");
      }
      ids.put(i, id);
    }
    return ids;
  }

  /** A snapshot at which the lake had schema version v: its first, from ducklake_schema_versions, else ducklake_snapshot. */
  private long schemaVersionSnapshot(String table, long tableId, long snapshot, String inlinedName, Long schemaVersion) {
    if (schemaVersion != null) {
      RelationDef versions = relation("ducklake_schema_versions");
      Optional<Long> begin = tx.scan(versions, where(versions, "table_id", tableId)).stream()
          .filter(v -> schemaVersion.equals(v.get(col(versions, "schema_version"))))
          .map(v -> (Long) v.get(col(versions, "begin_snapshot"))).min(Comparator.naturalOrder());
      if (begin.isPresent()) {
        return begin.get();
      }
      RelationDef snapshots = relation("ducklake_snapshot");
      Optional<Long> first = tx.scan(snapshots, ScanBounds.all(snapshots)).stream()
          .filter(v -> schemaVersion.equals(v.get(col(snapshots, "schema_version"))))
          .map(v -> (Long) v.get(col(snapshots, "snapshot_id"))).min(Comparator.naturalOrder());
      if (first.isPresent()) {
        return first.get();
      }
    }
    throw new LakeTableRefusedException(table, snapshot, Reason.INLINED_DATA, inlinedName + " holds rows of schema"
        + " version " + schemaVersion + ", of which no snapshot is left, so its columns cannot be bound to column_ids");
  }

  /**
   * Per data_file_id, the positions of its rows deleted in the catalog at S: the rows of
   * {@code ducklake_inlined_delete_<table_id>} ({@code file_id, row_id, begin_snapshot}) with
   * {@code begin_snapshot <= S}, as DuckDB reads them. Their {@code row_id} is the row's position in
   * the file (what a delete file's {@code pos} holds), not its rowid; they have no end_snapshot (a flush
   * moves them into a delete file and removes them). Rows of files not visible at S are never asked for.
   */
  private Map<Long, List<Long>> inlinedDeletions(long tableId, long snapshot) {
    Optional<RelationDef> rel = tx.relation(DuckLakeRelations.SCHEMA, "ducklake_inlined_delete_" + tableId);
    if (rel.isEmpty()) {
      return Map.of();
    }
    RelationDef deletes = rel.get();
    ScanBounds bounds = ScanBounds.all(deletes);
    bounds.compare(col(deletes, "begin_snapshot"), ScanBounds.Comparison.LESS_OR_EQUAL, snapshot);
    int fileId = col(deletes, "file_id");
    int position = col(deletes, "row_id");
    Map<Long, List<Long>> byFile = new HashMap<>();
    for (CatalogRow r : tx.scan(deletes, bounds)) {
      if (r.get(fileId) instanceof Long file && r.get(position) instanceof Long p) {
        byFile.computeIfAbsent(file, f -> new ArrayList<>()).add(p);
      }
    }
    return byFile;
  }

  private static void checkFile(String table, long snapshot, String describe, String format, String encryptionKey) {
    if (format != null && !format.equalsIgnoreCase("parquet")) {
      throw new LakeTableRefusedException(table, snapshot, Reason.FILE_FORMAT, describe + " is in format "
          + format + "; the scan plan reads parquet only");
    }
    if (encryptionKey != null) {
      throw new LakeTableRefusedException(table, snapshot, Reason.ENCRYPTED_FILE, describe
          + " is encrypted (it has an encryption_key); the scan plan reads unencrypted files only");
    }
  }

  private String tablePath(CatalogRow schemaRow, CatalogRow tableRow, RelationDef schemas, RelationDef tables) {
    boolean schemaRelative = Boolean.TRUE.equals(schemaRow.get(col(schemas, "path_is_relative")));
    String schemaPath = (String) schemaRow.get(col(schemas, "path"));
    String schemaDir = LakePaths.resolve(schemaRelative ? dataPath() : null, schemaPath, schemaRelative);
    boolean tableRelative = Boolean.TRUE.equals(tableRow.get(col(tables, "path_is_relative")));
    return LakePaths.resolve(schemaDir, (String) tableRow.get(col(tables, "path")), tableRelative);
  }

  private String dataPath() {
    if (dataPathOverride.isPresent()) {
      return dataPathOverride.get();
    }
    RelationDef metadata = relation("ducklake_metadata");
    return tx.scan(metadata, ScanBounds.all(metadata)).stream()
        .filter(r -> DATA_PATH_KEY.equals(r.get(col(metadata, "key"))) && r.get(col(metadata, "scope")) == null)
        .map(r -> (String) r.get(col(metadata, "value"))).findFirst()
        .orElseThrow(() -> new CatalogException(SqlState.UNDEFINED_OBJECT,
            "the lake has no data_path in ducklake_metadata, so its relative paths cannot be resolved"));
  }

  /** The lake's latest snapshot as the transaction sees the catalog; 22023 for a catalog with none yet. */
  public long latestSnapshot() {
    RelationDef snapshots = relation("ducklake_snapshot");
    return tx.lastRow(snapshots).map(r -> (Long) r.get(col(snapshots, "snapshot_id")))
        .orElseThrow(() -> new CatalogException(SqlState.INVALID_PARAMETER_VALUE,
            "the lake has no snapshot yet: DuckDB has not attached this catalog"));
  }

  /** The schemas of the lake at a snapshot, by name, and its tables there (see {@link #contentsAt}). */
  public record Contents(List<String> schemas, List<LakeTableDef> tables) {}

  /**
   * The schemas of the lake at S, by name, and its tables there, by schema then table name, each with
   * its top-level columns at S in column_order — what a client describing the lake sees.
   *
   * @throws CatalogException 22023 if S is not a snapshot of the lake
   */
  public Contents contentsAt(long snapshot) {
    requireSnapshot(snapshot);
    RelationDef schemas = relation("ducklake_schema");
    Map<Long, String> schemaNames = new HashMap<>();
    for (CatalogRow r : visibleAt(schemas, ScanBounds.all(schemas), snapshot)) {
      schemaNames.put((Long) r.get(col(schemas, "schema_id")), (String) r.get(col(schemas, "schema_name")));
    }
    RelationDef tables = relation("ducklake_table");
    List<LakeTableDef> out = new ArrayList<>();
    for (CatalogRow r : visibleAt(tables, ScanBounds.all(tables), snapshot)) {
      String schema = schemaNames.get((Long) r.get(col(tables, "schema_id")));
      if (schema == null) {
        continue; // a table of a schema not visible at S is no table at S
      }
      long tableId = (Long) r.get(col(tables, "table_id"));
      out.add(new LakeTableDef(tableId, schema, (String) r.get(col(tables, "table_name")),
          columnDefs(tableId, snapshot)));
    }
    out.sort(Comparator.comparing(LakeTableDef::schema).thenComparing(LakeTableDef::name));
    return new Contents(schemaNames.values().stream().sorted().toList(), out);
  }

  /** The tables of the lake at S (see {@link #contentsAt}). */
  public List<LakeTableDef> tablesAt(long snapshot) {
    return contentsAt(snapshot).tables();
  }

  /** The top-level columns of a table at S, in column_order, as a client describing the lake sees them. */
  private List<LakeTableDef.Column> columnDefs(long tableId, long snapshot) {
    RelationDef rel = relation("ducklake_column");
    List<LakeTableDef.Column> columns = new ArrayList<>();
    for (CatalogRow r : columnRowsByParent(rel, tableId, snapshot).getOrDefault(TOP_LEVEL, List.of())) {
      columns.add(new LakeTableDef.Column((Long) r.get(col(rel, "column_id")), (String) r.get(col(rel, "column_name")),
          (String) r.get(col(rel, "column_type")), !Boolean.FALSE.equals(r.get(col(rel, "nulls_allowed")))));
    }
    return columns;
  }

  /** 22023 unless S is a snapshot of the lake. */
  public void requireSnapshot(long snapshot) {
    RelationDef snapshots = relation("ducklake_snapshot");
    if (tx.scan(snapshots, where(snapshots, "snapshot_id", snapshot)).isEmpty()) {
      throw new CatalogException(SqlState.INVALID_PARAMETER_VALUE, "DuckLake snapshot " + snapshot
          + " does not exist (never committed, or expired)");
    }
  }

  /**
   * The rows of {@code rel} visible at S among those {@code bounds} admit: {@code begin_snapshot <= S}
   * goes into the read (so the per-table index serves it where the bounds name a table), and
   * {@code end_snapshot} is checked on the rows it returns, as DuckDB does.
   */
  private List<CatalogRow> visibleAt(RelationDef rel, ScanBounds bounds, long snapshot) {
    bounds.compare(col(rel, "begin_snapshot"), ScanBounds.Comparison.LESS_OR_EQUAL, snapshot);
    return visible(rel, tx.scan(rel, bounds), snapshot);
  }

  /** DuckLake's visibility at S: {@code begin_snapshot <= S AND (end_snapshot IS NULL OR S < end_snapshot)}. */
  private static List<CatalogRow> visible(RelationDef rel, List<CatalogRow> rows, long snapshot) {
    int begin = col(rel, "begin_snapshot");
    int end = col(rel, "end_snapshot");
    List<CatalogRow> out = new ArrayList<>();
    for (CatalogRow r : rows) {
      Object b = r.get(begin);
      Object e = r.get(end);
      if (b instanceof Number bn && bn.longValue() <= snapshot
          && (e == null || e instanceof Number en && snapshot < en.longValue())) {
        out.add(r);
      }
    }
    return out;
  }

  private RelationDef relation(String name) {
    return tx.requireRelation(DuckLakeRelations.SCHEMA, name);
  }

  private static CatalogException noTable(String table, long snapshot) {
    return new CatalogException(SqlState.UNDEFINED_TABLE,
        "DuckLake table \"" + table + "\" does not exist at snapshot " + snapshot);
  }
}
