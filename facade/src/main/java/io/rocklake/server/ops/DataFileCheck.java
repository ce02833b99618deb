package io.rocklake.server.ops;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.ScanBounds;
import io.rocklake.catalog.lake.LakePaths;
import io.rocklake.kv.store.ObjectNotFoundException;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.kv.store.ObjectStoreException;
import io.rocklake.server.CatalogLocation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The lake's files the catalog's latest commit references: every data file and delete file whose
 * row is not ended ({@code end_snapshot IS NULL}) must exist at its resolved path (DuckLake's rule,
 * {@link LakePaths}, from the lake's {@code data_path} or the one given) with the size the catalog
 * recorded. Local paths are read directly; {@code s3://} paths with one ranged GET each through the
 * kv-store's S3 store (AWS settings from the environment), which tells a shorter object from a
 * longer one without downloading it; other schemes are counted as skipped, with the reason.
 */
final class DataFileCheck implements AutoCloseable {
  static final String MISSING = "data-file-missing";
  static final String WRONG_SIZE = "data-file-size";
  static final String UNREADABLE = "data-file-unreadable";

  private final Catalog catalog;
  private final Optional<String> dataPathOverride;
  private final Function<String, ObjectStore> bucketStore;
  private final ProgressLine progress;
  private final Map<String, ObjectStore> buckets = new HashMap<>();

  /** S3 buckets are read through the kv-store's S3 store with the AWS settings in {@code env}. */
  DataFileCheck(Catalog catalog, Optional<String> dataPathOverride, Map<String, String> env, ProgressLine progress) {
    this(catalog, dataPathOverride, bucket -> CatalogLocation.parse("s3://" + bucket, env).open(), progress);
  }

  /** With the store each S3 bucket is read through (a test passes its own). */
  DataFileCheck(Catalog catalog, Optional<String> dataPathOverride, Function<String, ObjectStore> bucketStore,
      ProgressLine progress) {
    this.catalog = catalog;
    this.dataPathOverride = dataPathOverride;
    this.bucketStore = bucketStore;
    this.progress = progress;
  }

  void run(VerifyReport report) {
    CatalogTransaction tx = catalog.begin();
    Optional<RelationDef> dataFiles = tx.relation(DuckLakeRelations.SCHEMA, "ducklake_data_file");
    Optional<RelationDef> deleteFiles = tx.relation(DuckLakeRelations.SCHEMA, "ducklake_delete_file");
    if (dataFiles.isEmpty() || deleteFiles.isEmpty()) {
      report.notChecked.add("data files: the catalog has no DuckLake tables yet (DuckDB never attached it)");
      return;
    }
    Optional<String> dataPath = dataPathOverride.or(() -> storedDataPath(tx));
    Paths paths = new Paths(tx, dataPath);
    List<CatalogRow> data = live(tx, dataFiles.get());
    List<CatalogRow> deletes = live(tx, deleteFiles.get());
    long total = data.size() + deletes.size();
    long done = 0;
    for (CatalogRow row : data) {
      progress.update("data files " + ++done + "/" + total);
      report.dataFiles += check(report, dataFiles.get(), "data_file_id", row, paths) ? 1 : 0;
    }
    for (CatalogRow row : deletes) {
      progress.update("data files " + ++done + "/" + total);
      report.deleteFiles += check(report, deleteFiles.get(), "delete_file_id", row, paths) ? 1 : 0;
    }
  }

  private static List<CatalogRow> live(CatalogTransaction tx, RelationDef relation) {
    ScanBounds bounds = ScanBounds.all(relation);
    bounds.isNull(column(relation, "end_snapshot"));
    return tx.scan(relation, bounds);
  }

  private static Optional<String> storedDataPath(CatalogTransaction tx) {
    RelationDef metadata = tx.requireRelation(DuckLakeRelations.SCHEMA, "ducklake_metadata");
    return tx.scan(metadata).stream()
        .filter(r -> "data_path".equals(r.get(column(metadata, "key"))) && r.get(column(metadata, "scope")) == null)
        .map(r -> (String) r.get(column(metadata, "value"))).findFirst();
  }

  /** Returns whether the file was checked (false: skipped, with the reason counted). */
  private boolean check(VerifyReport report, RelationDef relation, String idColumn, CatalogRow row, Paths paths) {
    String name = relation.name() + " " + row.get(column(relation, idColumn));
    String path = (String) row.get(column(relation, "path"));
    boolean relative = Boolean.TRUE.equals(row.get(column(relation, "path_is_relative")));
    Long recorded = (Long) row.get(column(relation, "file_size_bytes"));
    String resolved;
    if (relative) {
      Optional<String> tablePath = paths.table((Long) row.get(column(relation, "table_id")));
      if (tablePath.isEmpty()) {
        skip(report, name + ": its path is relative and " + paths.why);
        return false;
      }
      resolved = LakePaths.resolve(tablePath.get(), path, true);
    } else {
      resolved = path;
    }
    if (resolved.startsWith("s3://")) {
      checkS3(report, name, resolved, recorded);
      return true;
    }
    if (resolved.startsWith("file://")) {
      resolved = resolved.substring("file://".length());
    } else if (resolved.matches("^[a-zA-Z][a-zA-Z0-9+.-]+://.*")) {
      skip(report, name + ": " + resolved + " is neither a local path nor s3://");
      return false;
    }
    Path file = Path.of(resolved);
    if (!Files.isRegularFile(file)) {
      report.add(MISSING, resolved, -1, name + " is referenced at the latest commit but "
          + (Files.exists(file) ? "is not a regular file" : "does not exist"));
      return true;
    }
    try {
      long size = Files.size(file);
      if (recorded != null && size != recorded) {
        report.add(WRONG_SIZE, resolved, -1, name + ": expected " + recorded + " bytes (file_size_bytes), found " + size);
      }
    } catch (IOException e) {
      report.add(UNREADABLE, resolved, -1, name + ": " + e);
    }
    return true;
  }

  /**
   * One ranged GET of the two bytes from {@code recorded - 1}: one byte back means the object has
   * exactly the recorded size, two a larger one, none a smaller one.
   */
  private void checkS3(VerifyReport report, String name, String url, Long recorded) {
    String rest = url.substring("s3://".length());
    int slash = rest.indexOf('/');
    String bucket = slash < 0 ? rest : rest.substring(0, slash);
    String key = slash < 0 ? "" : rest.substring(slash + 1);
    if (bucket.isEmpty() || key.isEmpty()) {
      report.add(UNREADABLE, url, -1, name + ": not an s3://bucket/key path");
      return;
    }
    try {
      ObjectStore store = buckets.computeIfAbsent(bucket, bucketStore);
      long from = recorded == null || recorded == 0 ? 0 : recorded - 1;
      int got = store.getRange(key, from, 2).length;
      if (recorded != null) {
        long expectedBack = recorded == 0 ? 0 : 1;
        if (got != expectedBack) {
          report.add(WRONG_SIZE, url, -1, name + ": expected " + recorded + " bytes (file_size_bytes), found "
              + (got > expectedBack ? "more" : "fewer"));
        }
      }
    } catch (ObjectNotFoundException e) {
      report.add(MISSING, url, -1, name + " is referenced at the latest commit but does not exist");
    } catch (ObjectStoreException | IllegalArgumentException e) {
      report.add(UNREADABLE, url, -1, name + ": " + e.getMessage());
    }
  }

  private static void skip(VerifyReport report, String reason) {
    report.filesSkipped++;
    if (report.notChecked.size() < 20) {
      report.notChecked.add(reason);
    }
  }

  private static int column(RelationDef relation, String name) {
    return relation.columnIndex(name).orElseThrow();
  }

  /** Tables' and schemas' resolved directories, read once. */
  private static final class Paths {
    private final Map<Long, CatalogRow> tables = new HashMap<>();
    private final Map<Long, CatalogRow> schemas = new HashMap<>();
    private final RelationDef tableRel;
    private final RelationDef schemaRel;
    private final Optional<String> dataPath;
    String why;

    Paths(CatalogTransaction tx, Optional<String> dataPath) {
      this.dataPath = dataPath;
      tableRel = tx.requireRelation(DuckLakeRelations.SCHEMA, "ducklake_table");
      schemaRel = tx.requireRelation(DuckLakeRelations.SCHEMA, "ducklake_schema");
      // A table's rows: the live one if any, else the latest begun (a file may outlive a rename's row).
      for (CatalogRow r : tx.scan(tableRel)) {
        tables.merge((Long) r.get(column(tableRel, "table_id")), r, (a, b) -> newer(tableRel, a, b));
      }
      for (CatalogRow r : tx.scan(schemaRel)) {
        schemas.merge((Long) r.get(column(schemaRel, "schema_id")), r, (a, b) -> newer(schemaRel, a, b));
      }
    }

    private static CatalogRow newer(RelationDef rel, CatalogRow a, CatalogRow b) {
      int end = column(rel, "end_snapshot");
      if ((a.get(end) == null) != (b.get(end) == null)) {
        return a.get(end) == null ? a : b;
      }
      Long ba = (Long) a.get(column(rel, "begin_snapshot"));
      Long bb = (Long) b.get(column(rel, "begin_snapshot"));
      return bb != null && (ba == null || bb > ba) ? b : a;
    }

    Optional<String> table(Long tableId) {
      CatalogRow table = tableId == null ? null : tables.get(tableId);
      if (table == null) {
        why = "its table " + tableId + " is not in ducklake_table";
        return Optional.empty();
      }
      CatalogRow schema = schemas.get((Long) table.get(column(tableRel, "schema_id")));
      if (schema == null) {
        why = "the schema of its table " + tableId + " is not in ducklake_schema";
        return Optional.empty();
      }
      boolean schemaRelative = Boolean.TRUE.equals(schema.get(column(schemaRel, "path_is_relative")));
      boolean tableRelative = Boolean.TRUE.equals(table.get(column(tableRel, "path_is_relative")));
      if (schemaRelative && dataPath.isEmpty()) {
        why = "the lake has no data_path in ducklake_metadata (give --data-path)";
        return Optional.empty();
      }
      String schemaDir = LakePaths.resolve(dataPath.orElse(""), pathOf(schema, schemaRel), schemaRelative);
      return Optional.of(LakePaths.resolve(schemaDir, pathOf(table, tableRel), tableRelative));
    }

    private static String pathOf(CatalogRow row, RelationDef rel) {
      Object path = row.get(column(rel, "path"));
      return path == null ? "" : (String) path;
    }
  }

  @Override public void close() {
    buckets.values().forEach(ObjectStore::close);
  }
}
