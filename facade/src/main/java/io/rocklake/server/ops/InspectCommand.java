package io.rocklake.server.ops;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.RockLakeRelations;
import io.rocklake.kv.KeyValue;
import io.rocklake.kv.format.ObjectKeys;
import io.rocklake.kv.manifest.Manifest;
import io.rocklake.kv.sst.SstInfo;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.server.CatalogLocation;
import io.rocklake.server.ops.CatalogRows.Row;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import picocli.CommandLine.Command;

/**
 * {@code rocklake inspect}: what a catalog holds at its latest commit (schemas, tables, each table's
 * live data files and their bytes, rows inlined in the catalog), how much history it keeps (commits,
 * facts, the floor) and what its kv-store is made of (manifest, L0 SSTs, sorted run, WAL objects).
 * Read-only, like {@code snapshots}.
 */
@Command(name = "inspect", mixinStandardHelpOptions = true, versionProvider = io.rocklake.server.cli.VersionProvider.class,
    description = "Shows a catalog at its latest commit: schemas, tables, per table its live data files, their bytes"
        + " and the rows inlined in the catalog; its history (commits, facts, visibility floor, gc and excise runs);"
        + " and its kv-store (manifest, L0 SSTs, sorted run, WAL objects, object counts and bytes). Read-only: it"
        + " writes nothing, so a server serving the catalog is not disturbed. Exit 0 done, 1 failed, 2 usage.")
public final class InspectCommand extends OpsCommand {
  /** Facts counted between two progress updates. */
  private static final int PROGRESS_EVERY = 50_000;

  public InspectCommand(Map<String, String> env, Function<CatalogLocation, ObjectStore> stores) {
    super(env, stores);
  }

  /** One live table and what it holds. */
  record Table(long tableId, String name, long dataFiles, long dataBytes, long records, long deleteFiles,
      long deletedRows, long inlinedRows) {}

  /** One live schema and its live tables. */
  record Schema(long schemaId, String name, List<Table> tables) {}

  /** The catalog's history. */
  record History(long commits, long factsWritten, long factsStored, long gcRuns, long excisions) {}

  /** The kv-store's shape: the manifest's SSTs, the WAL after it, and every object by kind. */
  record Store(long manifestId, long writerEpoch, int l0Ssts, long l0Bytes, int sortedRunSsts, long sortedRunBytes,
      long walObjects, long walBytes, int manifestObjects, int sstObjects, int walObjectsInStore) {}

  @Override int run(CatalogLocation location, PrintWriter out, ProgressLine progress) {
    try (OpenedCatalog opened = openReadOnly(location)) {
      Catalog catalog = opened.catalog();
      CatalogTransaction tx = catalog.begin();
      CatalogRows rows = new CatalogRows(tx);
      boolean lake = rows.hasDuckLakeTables();
      progress.update("reading the lake's tables");
      List<Schema> schemas = lake ? schemas(rows) : List.of();
      History history = history(rows, opened, progress);
      progress.update("listing the store's objects");
      Store store = store(opened);
      Long latestSnapshot = lake ? rows.lake("ducklake_snapshot").stream().map(r -> r.getLong("snapshot_id"))
          .filter(Objects::nonNull).max(Long::compare).orElse(null) : null;
      if (json()) {
        printJson(out, json(location, catalog, lake, latestSnapshot, schemas, history, store));
      } else {
        printText(out, location, catalog, lake, latestSnapshot, schemas, history, store);
      }
      return OK;
    }
  }

  private static List<Schema> schemas(CatalogRows rows) {
    Map<Long, long[]> files = new LinkedHashMap<>(); // per table: files, bytes, records, delete files, deleted rows, inlined
    for (Row f : rows.lake("ducklake_data_file")) {
      if (f.get("end_snapshot") == null) {
        long[] t = files.computeIfAbsent(f.getLong("table_id"), k -> new long[6]);
        t[0]++;
        t[1] += orZero(f.getLong("file_size_bytes"));
        t[2] += orZero(f.getLong("record_count"));
      }
    }
    for (Row d : rows.lake("ducklake_delete_file")) {
      if (d.get("end_snapshot") == null) {
        long[] t = files.computeIfAbsent(d.getLong("table_id"), k -> new long[6]);
        t[3]++;
        t[4] += orZero(d.getLong("delete_count"));
      }
    }
    for (Row i : rows.lake("ducklake_inlined_data_tables")) {
      long live = rows.lake(i.getString("table_name")).stream().filter(r -> r.get("end_snapshot") == null).count();
      files.computeIfAbsent(i.getLong("table_id"), k -> new long[6])[5] += live;
    }
    Map<Long, List<Table>> tablesOfSchema = new LinkedHashMap<>();
    for (Row t : rows.lake("ducklake_table")) {
      if (t.get("end_snapshot") == null) {
        long id = t.getLong("table_id");
        long[] c = files.getOrDefault(id, new long[6]);
        tablesOfSchema.computeIfAbsent(t.getLong("schema_id"), k -> new ArrayList<>())
            .add(new Table(id, t.getString("table_name"), c[0], c[1], c[2], c[3], c[4], c[5]));
      }
    }
    List<Schema> out = new ArrayList<>();
    for (Row s : rows.lake("ducklake_schema")) {
      if (s.get("end_snapshot") == null) {
        long id = s.getLong("schema_id");
        out.add(new Schema(id, s.getString("schema_name"), tablesOfSchema.getOrDefault(id, List.of())));
      }
    }
    return out;
  }

  private static History history(CatalogRows rows, OpenedCatalog opened, ProgressLine progress) {
    long commits = 0;
    long written = 0;
    for (Row c : rows.scan(RockLakeRelations.COMMIT)) {
      commits++;
      written += c.getLong("facts");
    }
    long stored = 0;
    Iterator<KeyValue> facts = opened.scan(new byte[] {'f'}, new byte[] {'f' + 1}); // every fact key (docs/formats.md)
    while (facts.hasNext()) {
      facts.next();
      if (++stored % PROGRESS_EVERY == 0) {
        progress.update("counting facts: " + stored);
      }
    }
    return new History(commits, written, stored, rows.scan(RockLakeRelations.RETENTION).size(),
        rows.scan(RockLakeRelations.EXCISION).size());
  }

  private static Store store(OpenedCatalog opened) {
    Manifest m = opened.manifest();
    ObjectStore objects = opened.store();
    List<String> wal = objects.list(ObjectKeys.WAL_PREFIX);
    long walObjects = 0;
    long walBytes = 0;
    for (String key : wal) {
      if (ObjectKeys.parseWalId(key) > m.walIdFlushed()) { // the log not yet in the SSTs, replayed on open
        walObjects++;
        walBytes += objects.get(key).map(b -> (long) b.length).orElse(0L);
      }
    }
    Set<String> ssts = new HashSet<>();
    for (String key : objects.list(ObjectKeys.SST_PREFIX)) {
      if (ObjectKeys.parseSstId(key) != null) {
        ssts.add(key);
      }
    }
    int manifests = (int) objects.list(ObjectKeys.MANIFEST_PREFIX).stream().filter(k -> k.endsWith(".manifest")).count();
    int walInStore = (int) wal.stream().filter(k -> ObjectKeys.parseWalId(k) >= 0).count();
    return new Store(m.id(), m.writerEpoch(), m.l0().size(), bytes(m.l0()), m.sortedRun().size(), bytes(m.sortedRun()),
        walObjects, walBytes, manifests, ssts.size(), walInStore);
  }

  private static long bytes(List<SstInfo> ssts) {
    return ssts.stream().mapToLong(SstInfo::size).sum();
  }

  private static long orZero(Long v) {
    return v == null ? 0 : v;
  }

  private static ObjectNode json(CatalogLocation location, Catalog catalog, boolean lake, Long latestSnapshot,
      List<Schema> schemas, History h, Store s) {
    ObjectNode root = object().put("catalog", location.toString()).put("latest_commit", catalog.latestCommit())
        .put("floor", catalog.floor()).put("ducklake_tables", lake).put("latest_snapshot", latestSnapshot);
    ArrayNode schemaList = root.putArray("schemas");
    for (Schema schema : schemas) {
      ObjectNode sn = schemaList.addObject().put("schema_id", schema.schemaId()).put("schema_name", schema.name());
      ArrayNode tables = sn.putArray("tables");
      for (Table t : schema.tables()) {
        tables.addObject().put("table_id", t.tableId()).put("table_name", t.name()).put("data_files", t.dataFiles())
            .put("data_file_bytes", t.dataBytes()).put("data_file_records", t.records())
            .put("delete_files", t.deleteFiles()).put("deleted_rows", t.deletedRows())
            .put("inlined_rows", t.inlinedRows());
      }
    }
    root.putObject("history").put("commits", h.commits()).put("facts_written", h.factsWritten())
        .put("facts_stored", h.factsStored()).put("gc_runs", h.gcRuns()).put("excisions", h.excisions());
    ObjectNode kv = root.putObject("kv_store").put("manifest_id", s.manifestId()).put("writer_epoch", s.writerEpoch())
        .put("l0_ssts", s.l0Ssts()).put("l0_bytes", s.l0Bytes()).put("sorted_run_ssts", s.sortedRunSsts())
        .put("sorted_run_bytes", s.sortedRunBytes()).put("wal_objects", s.walObjects()).put("wal_bytes", s.walBytes());
    kv.putObject("objects").put("manifest", s.manifestObjects()).put("sst", s.sstObjects())
        .put("wal", s.walObjectsInStore());
    return root;
  }

  private static void printText(PrintWriter out, CatalogLocation location, Catalog catalog, boolean lake,
      Long latestSnapshot, List<Schema> schemas, History h, Store s) {
    out.printf("catalog %s: latest commit %d, floor commit %d, latest snapshot %s%n", location, catalog.latestCommit(),
        catalog.floor(), latestSnapshot == null ? "none" : latestSnapshot);
    if (!lake) {
      out.println("no DuckLake tables yet: DuckDB has not attached this catalog");
    }
    for (Schema schema : schemas) {
      out.printf("schema %s (id %d): %d tables%n", schema.name(), schema.schemaId(), schema.tables().size());
      for (Table t : schema.tables()) {
        out.printf("  table %s (id %d): %d data files, %d bytes, %d records; %d delete files (%d rows); %d inlined rows%n",
            t.name(), t.tableId(), t.dataFiles(), t.dataBytes(), t.records(), t.deleteFiles(), t.deletedRows(),
            t.inlinedRows());
      }
    }
    out.printf("history: %d commits, %d facts written, %d stored; %d gc runs, %d excisions%n", h.commits(),
        h.factsWritten(), h.factsStored(), h.gcRuns(), h.excisions());
    out.printf("kv-store: manifest %d (writer epoch %d); L0 %d SSTs, %d bytes; sorted run %d SSTs, %d bytes;"
        + " WAL after the manifest %d objects, %d bytes%n", s.manifestId(), s.writerEpoch(), s.l0Ssts(), s.l0Bytes(),
        s.sortedRunSsts(), s.sortedRunBytes(), s.walObjects(), s.walBytes());
    out.printf("objects in the store: %d manifests, %d SSTs, %d WAL objects%n", s.manifestObjects(), s.sstObjects(),
        s.walObjectsInStore());
  }
}
