package io.rocklake.catalog.bench;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.ScanBounds;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.store.LocalFolderObjectStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Catalog latency as history grows: after N commits of DuckLake-like history (each commit a new
 * snapshot and 10 data files in one of 100 tables; once a table has 30 live files the commit also
 * ends them all, as a compaction that rewrites the table does), on a local folder with fsync:
 *   - commit: a real DuckLake-shaped commit (snapshot + 10 files, sometimes 30 file ends), durable;
 *   - visible files: all data files of one table visible at the latest snapshot.
 * History is built with real commits. Run: {@code ./mvnw -B -pl calcite-adapter -am test-compile exec:exec@catalog-bench}
 * (sizes with {@code -Dcatalog.bench.sizes=1000,10000,100000}; block cache with
 * {@code -Dcatalog.bench.blockCacheMb=N}, default the kv-store's; {@code -Dcatalog.bench.settle=true}
 * flushes and compacts before the reads are timed).
 */
public final class CatalogBench {
  static final RelationDef SNAPSHOT = DuckLakeRelations.ALL.get(1);
  static final RelationDef DATA_FILE = DuckLakeRelations.ALL.get(8);
  static final int TABLES = 100;
  static final int FILES_PER_COMMIT = 10;

  private final Catalog catalog;
  private final Random rnd = new Random(42);
  private long snapshot;
  private long nextFile;
  private long ended;
  private final List<List<Long>> liveFiles = new ArrayList<>();

  CatalogBench(Catalog catalog) {
    this.catalog = catalog;
    for (int t = 0; t < TABLES; t++) {
      liveFiles.add(new ArrayList<>());
    }
  }

  /** One DuckLake-like commit; returns its latency in microseconds. */
  long commit() {
    long start = System.nanoTime();
    CatalogTransaction tx = catalog.begin();
    long s = ++snapshot;
    tx.insert(SNAPSHOT, new Object[] {s, Instant.ofEpochSecond(1_700_000_000L + s), s, s, nextFile});
    int table = rnd.nextInt(TABLES);
    List<Long> live = liveFiles.get(table);
    if (live.size() >= 3 * FILES_PER_COMMIT) {
      while (!live.isEmpty()) {
        long id = live.remove(0);
        CatalogRow row = tx.getByKey(DATA_FILE, dataFile(id, table, 0)).orElseThrow();
        Object[] v = row.values();
        v[3] = s;
        tx.update(DATA_FILE, row, v);
        ended++;
      }
    }
    for (int i = 0; i < FILES_PER_COMMIT; i++) {
      long id = nextFile++;
      tx.insert(DATA_FILE, dataFile(id, table, s));
      live.add(id);
    }
    tx.commit();
    return (System.nanoTime() - start) / 1000;
  }

  static Object[] dataFile(long id, int table, long begin) {
    return new Object[] {id, (long) table, begin, null, id, "main/t" + table + "/f" + id + ".parquet", true,
        "parquet", 1000L, 65_536L, 1024L, id * 1000, null, null, null, null};
  }

  /** Data-file facts written so far: one per file inserted, one per file ended. */
  long dataFileFacts() {
    return nextFile + ended;
  }

  /**
   * All data files of a table visible at the latest snapshot, through the live index (at the latest
   * snapshot, visible means begin_snapshot <= S and end_snapshot IS NULL); latency in microseconds.
   */
  long visibleFiles(int table, int[] countOut) {
    long start = System.nanoTime();
    CatalogTransaction tx = catalog.begin();
    long s = snapshot;
    int n = 0;
    ScanBounds live = ScanBounds.all(DATA_FILE);
    live.compare(1, ScanBounds.Comparison.EQUAL, (long) table);
    live.isNull(3);
    for (CatalogRow r : tx.scan(DATA_FILE, live)) {
      if ((Long) r.get(2) <= s) {
        n++;
      }
    }
    countOut[0] = n;
    return (System.nanoTime() - start) / 1000;
  }

  /** The same answer by scanning every data-file fact (what a relation without index costs). */
  long visibleFilesByScan(int table, int[] countOut) {
    long start = System.nanoTime();
    CatalogTransaction tx = catalog.begin();
    long s = snapshot;
    int n = 0;
    for (CatalogRow r : tx.scan(DATA_FILE)) {
      Long tableId = (Long) r.get(1);
      Long begin = (Long) r.get(2);
      Long end = (Long) r.get(3);
      if (tableId == table && begin <= s && (end == null || end > s)) {
        n++;
      }
    }
    countOut[0] = n;
    return (System.nanoTime() - start) / 1000;
  }

  public static void main(String[] args) throws IOException {
    String sizes = System.getProperty("catalog.bench.sizes", "1000,10000,100000");
    Path dir = Path.of(System.getProperty("catalog.bench.dir", "target/catalog-bench"));
    System.out.println("commits  facts(data_file)  commit_p50_us  commit_p99_us  visible_p50_us  visible_p99_us  scan_p50_us  visible_files");
    for (String size : sizes.split(",")) {
      int n = Integer.parseInt(size.trim());
      Path root = dir.resolve("n" + n);
      deleteTree(root);
      Files.createDirectories(root);
      DbOptions options = DbOptions.defaults();
      long cacheMb = Long.getLong("catalog.bench.blockCacheMb", 0);
      if (cacheMb > 0) {
        options = options.withBlockCacheBytes(cacheMb << 20);
      }
      try (Db db = Db.open(new LocalFolderObjectStore(root), options)) {
        Catalog catalog = Catalog.open(db);
        CatalogBench bench = new CatalogBench(catalog);
        long t0 = System.nanoTime();
        for (int c = 0; c < n; c++) {
          bench.commit();
          if (c > 0 && c % 10_000 == 0) {
            System.err.printf("  %d/%d commits (%.0f s)%n", c, n, (System.nanoTime() - t0) / 1e9);
          }
        }
        long[] commits = new long[200];
        for (int i = 0; i < commits.length; i++) {
          commits[i] = bench.commit();
        }
        if (Boolean.getBoolean("catalog.bench.settle")) {
          db.flush(); // measure reads on a settled store, not against a background compaction
          db.compact();
        }
        long[] visible = new long[200];
        int[] count = new int[1];
        int[] scanCount = new int[1];
        for (int i = 0; i < visible.length; i++) {
          visible[i] = bench.visibleFiles(i % TABLES, count);
        }
        long[] scans = new long[n >= 100_000 ? 3 : 10];
        for (int i = 0; i < scans.length; i++) {
          scans[i] = bench.visibleFilesByScan((visible.length - 1) % TABLES, scanCount);
        }
        if (scanCount[0] != count[0]) {
          throw new IllegalStateException("index found " + count[0] + " files, scan " + scanCount[0]);
        }
        Arrays.sort(commits);
        Arrays.sort(visible);
        Arrays.sort(scans);
        long facts = bench.dataFileFacts();
        System.out.printf(Locale.ROOT, "%7d  %16d  %13d  %13d  %14d  %14d  %11d  %13d%n", n, facts,
            commits[commits.length / 2], commits[commits.length * 99 / 100], visible[visible.length / 2],
            visible[visible.length * 99 / 100], scans[scans.length / 2], count[0]);
      }
      deleteTree(root);
    }
  }

  private static void deleteTree(Path root) throws IOException {
    if (Files.exists(root)) {
      try (var walk = Files.walk(root)) {
        walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }
}
