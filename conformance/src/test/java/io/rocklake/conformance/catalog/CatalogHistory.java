package io.rocklake.conformance.catalog;

import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * A deterministic DuckLake-like catalog history: what a DuckDB client would have written into the
 * 28 DuckLake tables over a few dozen snapshots, generated from a seed. Schemas and tables are
 * created and dropped, columns added and dropped, data files written, deleted from and compacted
 * away (ended by later snapshots and scheduled for deletion), tags and table stats rewritten;
 * optional values are sometimes NULL. Timestamps are whole milliseconds.
 *
 * <p>Every row is a {@link LogicalRow} with one {@link Version} per snapshot that changed it (a
 * {@code null} version is a deletion), so the same history can be replayed into the catalog commit
 * by commit and loaded into PostgreSQL as it stood at any snapshot ({@link #rowsAt}).
 */
final class CatalogHistory {
  static final RelationDef METADATA = relation("ducklake_metadata");
  static final RelationDef SNAPSHOT = relation("ducklake_snapshot");
  static final RelationDef SNAPSHOT_CHANGES = relation("ducklake_snapshot_changes");
  static final RelationDef SCHEMA = relation("ducklake_schema");
  static final RelationDef TABLE = relation("ducklake_table");
  static final RelationDef TAG = relation("ducklake_tag");
  static final RelationDef COLUMN_TAG = relation("ducklake_column_tag");
  static final RelationDef DATA_FILE = relation("ducklake_data_file");
  static final RelationDef FILE_COLUMN_STATS = relation("ducklake_file_column_stats");
  static final RelationDef DELETE_FILE = relation("ducklake_delete_file");
  static final RelationDef COLUMN = relation("ducklake_column");
  static final RelationDef TABLE_STATS = relation("ducklake_table_stats");
  static final RelationDef TABLE_COLUMN_STATS = relation("ducklake_table_column_stats");
  static final RelationDef PARTITION_INFO = relation("ducklake_partition_info");
  static final RelationDef PARTITION_COLUMN = relation("ducklake_partition_column");
  static final RelationDef FILE_PARTITION_VALUE = relation("ducklake_file_partition_value");
  static final RelationDef FILES_SCHEDULED_FOR_DELETION = relation("ducklake_files_scheduled_for_deletion");
  static final RelationDef SCHEMA_VERSIONS = relation("ducklake_schema_versions");

  /** A row's values as of one snapshot; {@code values == null} means the row was deleted there. */
  record Version(int snapshot, Object[] values) {}

  /** One row through its life. */
  static final class LogicalRow {
    final RelationDef relation;
    final List<Version> versions = new ArrayList<>();

    LogicalRow(RelationDef relation) {
      this.relation = relation;
    }

    Object[] current() {
      return versions.get(versions.size() - 1).values().clone();
    }
  }

  private final List<LogicalRow> rows;
  private final int lastSnapshot;

  private CatalogHistory(List<LogicalRow> rows, int lastSnapshot) {
    this.rows = rows;
    this.lastSnapshot = lastSnapshot;
  }

  /** A history of {@code snapshots} snapshots (ids 0 to snapshots - 1) from a seed. */
  static CatalogHistory generate(long seed, int snapshots) {
    Generator g = new Generator(new Random(seed));
    for (int s = 0; s < snapshots; s++) {
      g.snapshot(s);
    }
    return new CatalogHistory(g.rows, snapshots - 1);
  }

  int lastSnapshot() {
    return lastSnapshot;
  }

  /** The row changes snapshot {@code s} made, in the order they were made. */
  List<Map.Entry<LogicalRow, Version>> changesAt(int s) {
    List<Map.Entry<LogicalRow, Version>> out = new ArrayList<>();
    for (LogicalRow r : rows) {
      for (Version v : r.versions) {
        if (v.snapshot() == s) {
          out.add(Map.entry(r, v));
        }
      }
    }
    return out;
  }

  /** The rows of a relation as they stood after snapshot {@code s}. */
  List<Object[]> rowsAt(RelationDef relation, int s) {
    List<Object[]> out = new ArrayList<>();
    for (LogicalRow r : rows) {
      if (r.relation != relation) {
        continue;
      }
      Version latest = null;
      for (Version v : r.versions) {
        if (v.snapshot() <= s) {
          latest = v;
        }
      }
      if (latest != null && latest.values() != null) {
        out.add(latest.values().clone());
      }
    }
    return out;
  }

  private static RelationDef relation(String name) {
    return DuckLakeRelations.ALL.stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
  }

  // ---- the generator -------------------------------------------------------------------------

  private static final String[] SCHEMA_NAMES = {"sales", "staging", "analytics", "archive"};
  private static final String[] TABLE_NAMES = {"orders", "customers", "events", "line_items", "payments",
      "sessions", "inventory", "audit_log", "order_returns", "events_daily"};
  private static final String[] COLUMN_NAMES = {"id", "name", "amount", "created_at", "status", "region",
      "quantity", "is_active", "note", "price_cents"};
  private static final String[] COLUMN_TYPES = {"int64", "varchar", "timestamp", "int32", "boolean", "date",
      "decimal(18,3)"};
  private static final String[] AUTHORS = {"alice", "bob", "etl_job"};

  private static final class SchemaM {
    long id;
    String name;
    LogicalRow row;
  }

  private static final class ColumnM {
    long id;
    String name;
    String type;
    LogicalRow row;
  }

  private static final class FileM {
    long id;
    long recordCount;
    LogicalRow row;
    LogicalRow deleteRow;
    long deleted;
  }

  private static final class TableM {
    long id;
    String name;
    SchemaM schema;
    LogicalRow row;
    LogicalRow stats;
    LogicalRow tag;
    Long partitionId;
    LogicalRow partitionRow;
    long nextRowId;
    long recordCount;
    long fileSize;
    long nextColumnId = 1;
    final List<ColumnM> columns = new ArrayList<>();
    final List<FileM> files = new ArrayList<>();
  }

  private static final class Generator {
    final Random rnd;
    final List<LogicalRow> rows = new ArrayList<>();
    final List<SchemaM> schemas = new ArrayList<>();
    final List<TableM> tables = new ArrayList<>();
    final Map<String, Integer> nameUses = new LinkedHashMap<>();
    int snapshot;
    long schemaVersion;
    long nextCatalogId = 1;
    long nextFileId;
    long timeMillis = Instant.parse("2025-03-01T09:00:00Z").toEpochMilli();
    final List<String> changes = new ArrayList<>();

    Generator(Random rnd) {
      this.rnd = rnd;
    }

    void snapshot(int s) {
      snapshot = s;
      changes.clear();
      timeMillis += 1 + rnd.nextInt(3_600_000);
      if (s == 0) {
        insert(METADATA, "version", "0.3", null, null);
        insert(METADATA, "created_by", "DuckDB 1.5.5", null, null);
        insert(METADATA, "data_path", "s3://lake/data/", null, null);
        insert(METADATA, "encrypted", "false", null, null);
        SchemaM main = new SchemaM();
        main.id = 0;
        main.name = "main";
        main.row = insert(SCHEMA, 0L, uuid(), 0L, null, "main", "main/", true);
        schemas.add(main);
        changes.add("created_schema:\"main\"");
      } else {
        int actions = rnd.nextInt(5) == 0 ? 2 : 1;
        for (int a = 0; a < actions; a++) {
          action();
        }
      }
      Instant at = Instant.ofEpochMilli(timeMillis);
      insert(SNAPSHOT, (long) s, at, schemaVersion, nextCatalogId, nextFileId);
      String author = rnd.nextInt(3) == 0 ? null : AUTHORS[rnd.nextInt(AUTHORS.length)];
      String message = rnd.nextInt(2) == 0 ? null : "step " + s + (author == null ? "" : " by " + author);
      String extra = rnd.nextInt(6) == 0 ? "{\"job\":" + rnd.nextInt(100) + "}" : null;
      insert(SNAPSHOT_CHANGES, (long) s, String.join(",", changes), author, message, extra);
    }

    void action() {
      List<TableM> live = liveTables();
      if (live.size() < 3) {
        createTable();
        return;
      }
      int roll = rnd.nextInt(100);
      if (roll < 40) {
        insertFiles(pick(live));
      } else if (roll < 52) {
        deleteRows(pick(live));
      } else if (roll < 60) {
        compact(pick(live));
      } else if (roll < 68) {
        createTable();
      } else if (roll < 73) {
        dropTable(pick(live));
      } else if (roll < 80) {
        addColumn(pick(live));
      } else if (roll < 85) {
        dropColumn(pick(live));
      } else if (roll < 90) {
        createOrDropSchema();
      } else {
        setComment(pick(live));
      }
    }

    // ---- DDL ----

    void createTable() {
      List<SchemaM> liveSchemas = schemas.stream().filter(sc -> isLive(sc.row)).toList();
      TableM t = new TableM();
      t.id = nextCatalogId++;
      String base = TABLE_NAMES[rnd.nextInt(TABLE_NAMES.length)];
      int uses = nameUses.merge(base, 1, Integer::sum);
      t.name = uses == 1 ? base : base + "_v" + uses;
      t.schema = liveSchemas.get(rnd.nextInt(liveSchemas.size()));
      t.row = insert(TABLE, t.id, uuid(), (long) snapshot, null, t.schema.id, t.name, t.name + "/", true);
      int columns = 2 + rnd.nextInt(4);
      for (int c = 0; c < columns; c++) {
        addColumnTo(t, c == 0 ? "id" : COLUMN_NAMES[1 + rnd.nextInt(COLUMN_NAMES.length - 1)] + "_" + c,
            c == 0 ? "int64" : COLUMN_TYPES[rnd.nextInt(COLUMN_TYPES.length)]);
      }
      t.stats = insert(TABLE_STATS, t.id, 0L, 0L, 0L);
      schemaVersion++;
      insert(SCHEMA_VERSIONS, (long) snapshot, schemaVersion, t.id);
      if (rnd.nextInt(2) == 0) {
        t.partitionId = nextCatalogId++;
        t.partitionRow = insert(PARTITION_INFO, t.partitionId, t.id, (long) snapshot, null);
        ColumnM first = t.columns.get(rnd.nextInt(t.columns.size()));
        insert(PARTITION_COLUMN, t.partitionId, t.id, 0L, first.id,
            first.type.equals("timestamp") ? "year" : "identity");
      }
      if (rnd.nextInt(3) == 0) {
        setComment(t);
      }
      tables.add(t);
      changes.add("created_table:\"" + t.schema.name + "\".\"" + t.name + "\"");
    }

    void addColumnTo(TableM t, String name, String type) {
      ColumnM c = new ColumnM();
      c.id = t.nextColumnId++;
      c.name = name;
      c.type = type;
      String initialDefault = rnd.nextInt(4) == 0 ? "0" : null;
      String defaultValue = rnd.nextInt(3) == 0 ? "NULL" : null;
      Boolean nullsAllowed = c.id == 1 ? Boolean.FALSE : rnd.nextInt(8) == 0 ? null : rnd.nextBoolean();
      c.row = insert(COLUMN, c.id, (long) snapshot, null, t.id, c.id - 1, name, type, initialDefault,
          defaultValue, nullsAllowed, null, defaultValue == null ? null : "literal",
          defaultValue == null ? null : "duckdb");
      t.columns.add(c);
      if (rnd.nextInt(6) == 0) {
        insert(COLUMN_TAG, t.id, c.id, (long) snapshot, null, "comment", "column " + name);
      }
    }

    void addColumn(TableM t) {
      addColumnTo(t, COLUMN_NAMES[rnd.nextInt(COLUMN_NAMES.length)] + "_" + t.nextColumnId,
          COLUMN_TYPES[rnd.nextInt(COLUMN_TYPES.length)]);
      schemaVersion++;
      insert(SCHEMA_VERSIONS, (long) snapshot, schemaVersion, t.id);
      changes.add("altered_table:" + t.id);
    }

    void dropColumn(TableM t) {
      List<ColumnM> live = t.columns.stream().filter(c -> isLive(c.row) && c.id != 1).toList();
      if (live.isEmpty()) {
        addColumn(t);
        return;
      }
      end(pick(live).row);
      schemaVersion++;
      insert(SCHEMA_VERSIONS, (long) snapshot, schemaVersion, t.id);
      changes.add("altered_table:" + t.id);
    }

    void dropTable(TableM t) {
      end(t.row);
      for (ColumnM c : t.columns) {
        endIfLive(c.row);
      }
      for (FileM f : t.files) {
        endIfLive(f.row);
        if (f.deleteRow != null) {
          endIfLive(f.deleteRow);
        }
      }
      if (t.partitionRow != null) {
        endIfLive(t.partitionRow);
      }
      if (t.tag != null) {
        endIfLive(t.tag);
      }
      delete(t.stats);
      schemaVersion++;
      insert(SCHEMA_VERSIONS, (long) snapshot, schemaVersion, null);
      changes.add("dropped_table:" + t.id);
    }

    void createOrDropSchema() {
      for (SchemaM sc : schemas) {
        boolean empty = tables.stream().noneMatch(t -> t.schema == sc && isLive(t.row));
        if (sc.id != 0 && isLive(sc.row) && empty) {
          end(sc.row);
          schemaVersion++;
          changes.add("dropped_schema:" + sc.id);
          return;
        }
      }
      SchemaM sc = new SchemaM();
      sc.id = nextCatalogId++;
      sc.name = SCHEMA_NAMES[schemas.size() % SCHEMA_NAMES.length] + (schemas.size() > SCHEMA_NAMES.length ? "2" : "");
      sc.row = insert(SCHEMA, sc.id, uuid(), (long) snapshot, null, sc.name, sc.name + "/",
          rnd.nextInt(4) == 0 ? null : Boolean.TRUE);
      schemas.add(sc);
      schemaVersion++;
      changes.add("created_schema:\"" + sc.name + "\"");
    }

    void setComment(TableM t) {
      if (t.tag != null) {
        endIfLive(t.tag);
      }
      String value = rnd.nextInt(5) == 0 ? null : "table of " + t.name + " (rev " + snapshot + ")";
      t.tag = insert(TAG, t.id, (long) snapshot, null, "comment", value);
      changes.add("altered_table:" + t.id);
    }

    // ---- data ----

    void insertFiles(TableM t) {
      int n = 1 + rnd.nextInt(3);
      for (int i = 0; i < n; i++) {
        addFile(t, 1 + rnd.nextInt(5000), i);
      }
      changes.add("inserted_into_table:" + t.id);
    }

    FileM addFile(TableM t, long records, int order) {
      FileM f = new FileM();
      f.id = nextFileId++;
      f.recordCount = records;
      long size = 400 + records * (8 + rnd.nextInt(40));
      long footer = 200 + rnd.nextInt(800);
      f.row = insert(DATA_FILE, f.id, t.id, (long) snapshot, null, rnd.nextInt(4) == 0 ? null : (long) order,
          "ducklake-" + uuid() + ".parquet", true, "parquet", records, size, footer, t.nextRowId, t.partitionId,
          null, null, null);
      for (ColumnM c : t.columns) {
        if (!isLive(c.row)) {
          continue;
        }
        long nulls = c.id == 1 ? 0 : rnd.nextInt(3) == 0 ? rnd.nextInt((int) Math.min(records, 50) + 1) : 0;
        String[] minMax = minMax(c.type);
        insert(FILE_COLUMN_STATS, f.id, t.id, c.id, records * (1 + rnd.nextInt(8)), records, nulls,
            minMax[0], minMax[1], c.type.startsWith("decimal") ? Boolean.FALSE : null, null);
      }
      if (t.partitionId != null) {
        insert(FILE_PARTITION_VALUE, f.id, t.id, 0L, rnd.nextInt(4) == 0 ? null : "p" + rnd.nextInt(4));
      }
      t.files.add(f);
      t.nextRowId += records;
      t.recordCount += records;
      t.fileSize += size;
      Object[] stats = t.stats.current();
      stats[1] = t.recordCount;
      stats[2] = t.nextRowId;
      stats[3] = t.fileSize;
      update(t.stats, stats);
      return f;
    }

    void deleteRows(TableM t) {
      List<FileM> live = t.files.stream().filter(f -> isLive(f.row) && f.recordCount > 1).toList();
      if (live.isEmpty()) {
        insertFiles(t);
        return;
      }
      FileM f = pick(live);
      if (f.deleted >= f.recordCount - 1) {
        insertFiles(t);
        return;
      }
      if (f.deleteRow != null) {
        end(f.deleteRow); // a second delete rewrites the file's deletion vector
      }
      f.deleted += 1 + rnd.nextInt((int) Math.min(f.recordCount - 1 - f.deleted, 200));
      f.deleteRow = insert(DELETE_FILE, nextFileId++, t.id, (long) snapshot, null, f.id,
          "ducklake-" + uuid() + "-delete.parquet", true, "parquet", f.deleted, 100 + f.deleted * 4,
          50L + rnd.nextInt(50), null, null);
      changes.add("deleted_from_table:" + t.id);
    }

    void compact(TableM t) {
      List<FileM> live = t.files.stream().filter(f -> isLive(f.row)).toList();
      if (live.size() < 2) {
        insertFiles(t);
        return;
      }
      long remaining = 0;
      for (FileM f : live) {
        end(f.row);
        if (f.deleteRow != null) {
          endIfLive(f.deleteRow);
        }
        remaining += f.recordCount - f.deleted;
        insert(FILES_SCHEDULED_FOR_DELETION, f.id, (String) f.row.current()[5], true,
            Instant.ofEpochMilli(timeMillis));
      }
      addFile(t, remaining, 0);
      changes.add("merge_adjacent:" + t.id);
    }

    String[] minMax(String type) {
      if (rnd.nextInt(7) == 0) {
        return new String[] {null, null};
      }
      switch (type) {
        case "int64": case "int32": {
          int a = rnd.nextInt(10_000);
          return new String[] {String.valueOf(a), String.valueOf(a + rnd.nextInt(10_000))};
        }
        case "timestamp":
          return new String[] {"2025-01-0" + (1 + rnd.nextInt(4)) + " 00:00:00", "2025-02-1" + rnd.nextInt(9)
              + " 12:30:00"};
        case "date":
          return new String[] {"2024-0" + (1 + rnd.nextInt(9)) + "-01", "2024-1" + rnd.nextInt(3) + "-28"};
        case "boolean":
          return new String[] {"false", rnd.nextBoolean() ? "true" : "false"};
        case "decimal(18,3)":
          return new String[] {rnd.nextInt(100) + ".125", (100 + rnd.nextInt(900)) + ".500"};
        default:
          return new String[] {"a" + (char) ('a' + rnd.nextInt(26)), "z" + (char) ('a' + rnd.nextInt(26))};
      }
    }

    // ---- rows ----

    LogicalRow insert(RelationDef relation, Object... values) {
      if (values.length != relation.columns().size()) {
        throw new IllegalArgumentException(relation.name() + " has " + relation.columns().size() + " columns");
      }
      LogicalRow r = new LogicalRow(relation);
      r.versions.add(new Version(snapshot, values.clone()));
      rows.add(r);
      return r;
    }

    void update(LogicalRow r, Object[] values) {
      Version last = r.versions.get(r.versions.size() - 1);
      if (last.snapshot() == snapshot) {
        r.versions.set(r.versions.size() - 1, new Version(snapshot, values.clone()));
      } else {
        r.versions.add(new Version(snapshot, values.clone()));
      }
    }

    void delete(LogicalRow r) {
      Version last = r.versions.get(r.versions.size() - 1);
      if (last.snapshot() == snapshot) {
        r.versions.remove(r.versions.size() - 1);
      }
      r.versions.add(new Version(snapshot, null));
    }

    /** Sets {@code end_snapshot} to the current snapshot. */
    void end(LogicalRow r) {
      Object[] v = r.current();
      v[r.relation.columnIndex("end_snapshot").getAsInt()] = (long) snapshot;
      update(r, v);
    }

    void endIfLive(LogicalRow r) {
      if (isLive(r)) {
        end(r);
      }
    }

    boolean isLive(LogicalRow r) {
      Object[] v = r.versions.get(r.versions.size() - 1).values();
      return v != null && v[r.relation.columnIndex("end_snapshot").getAsInt()] == null;
    }

    List<TableM> liveTables() {
      return tables.stream().filter(t -> isLive(t.row)).toList();
    }

    <T> T pick(List<T> list) {
      return list.get(rnd.nextInt(list.size()));
    }

    UUID uuid() {
      return new UUID(rnd.nextLong(), rnd.nextLong());
    }
  }
}
