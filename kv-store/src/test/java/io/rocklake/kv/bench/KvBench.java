package io.rocklake.kv.bench;

import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.KeyValue;
import io.rocklake.kv.WriteBatch;
import io.rocklake.kv.s3.S3BenchStore;
import io.rocklake.kv.store.LocalFolderObjectStore;
import io.rocklake.kv.store.ObjectStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Random;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteOptions;

/**
 * Same machine, same run: the kv-store on a local folder and on S3Mock against RocksDB (synchronous
 * WAL) on local disk. Prints one Markdown table row per measurement.
 */
public final class KvBench {
  static final int KEYS = 100_000;
  static final int HOT_KEYS = 10_000;
  static final byte[] VALUE = new byte[100];

  interface Engine extends AutoCloseable {
    void put(byte[] k, byte[] v) throws Exception;

    void putBatch(byte[][] keys, byte[] v) throws Exception;

    byte[] get(byte[] k) throws Exception;

    /** Reads {@code n} consecutive keys from {@code start}; returns how many it saw. */
    int scan(byte[] start, int n) throws Exception;

    /** Makes loaded data read from SSTs/levels rather than write buffers. */
    void settle() throws Exception;

    @Override
    void close() throws Exception;
  }

  static byte[] key(int i) {
    return String.format("key/%08d", i).getBytes(StandardCharsets.UTF_8);
  }

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(System.getProperty("kv.bench.dir", "target/bench"));
    Files.createDirectories(dir);
    new Random(42).nextBytes(VALUE);
    boolean withS3 = !Boolean.getBoolean("kv.bench.skipS3");
    System.out.println("| engine | measurement | result |");
    System.out.println("|---|---|---|");
    rawObjectWrite("local folder", new LocalFolderObjectStore(fresh(dir.resolve("raw"))), 500);
    Results kv = run("kv-store (local folder)", kvEngine(new LocalFolderObjectStore(fresh(dir.resolve("kv")))), 500, 200);
    Results rocks = run("RocksDB JNI (sync WAL)", new RocksEngine(fresh(dir.resolve("rocks"))), 500, 200);
    System.out.printf("| ratio | hot get kv/rocks | %.2fx |%n", kv.getOps / rocks.getOps);
    System.out.printf("| ratio | 10k scan kv/rocks | %.2fx |%n", kv.scanKeys / rocks.scanKeys);
    System.out.printf("| ratio | single commit p50 kv/rocks | %.2fx |%n", kv.commitP50 / rocks.commitP50);
    if (withS3) {
      try (ObjectStore raw = S3BenchStore.open()) {
        rawObjectWrite("S3Mock", raw, 300);
      }
      try (ObjectStore s3 = S3BenchStore.open()) {
        run("kv-store (S3Mock)", kvEngine(s3), 300, 100);
      }
      System.exit(0); // also stops the S3Mock child through its shutdown hook
    }
  }

  static Path fresh(Path p) throws Exception {
    if (Files.exists(p)) {
      try (var walk = Files.walk(p)) {
        walk.sorted((a, b) -> b.compareTo(a)).forEach(x -> x.toFile().delete());
      }
    }
    return Files.createDirectories(p);
  }

  static Engine kvEngine(ObjectStore store) {
    Db db = Db.open(store, DbOptions.defaults().withMemtableFlushBytes(4L << 20).withBackgroundCompaction(false));
    return new Engine() {
      @Override
      public void put(byte[] k, byte[] v) {
        db.put(k, v);
      }

      @Override
      public void putBatch(byte[][] keys, byte[] v) {
        WriteBatch b = new WriteBatch();
        for (byte[] k : keys) {
          b.put(k, v);
        }
        db.write(b);
      }

      @Override
      public byte[] get(byte[] k) {
        return db.get(k).orElse(null);
      }

      @Override
      public int scan(byte[] start, int n) {
        Iterator<KeyValue> it = db.scan(start, null);
        int seen = 0;
        while (seen < n && it.hasNext()) {
          it.next();
          seen++;
        }
        return seen;
      }

      @Override
      public void settle() {
        db.flush();
        db.compact();
      }

      @Override
      public void close() {
        db.close();
      }
    };
  }

  static final class RocksEngine implements Engine {
    static {
      RocksDB.loadLibrary(); // before any RocksDB object is created
    }

    private final Options options;
    private final RocksDB db;
    private final WriteOptions sync = new WriteOptions().setSync(true);

    RocksEngine(Path dir) throws Exception {
      options = new Options().setCreateIfMissing(true);
      db = RocksDB.open(options, dir.toString());
    }

    @Override
    public void put(byte[] k, byte[] v) throws Exception {
      db.put(sync, k, v);
    }

    @Override
    public void putBatch(byte[][] keys, byte[] v) throws Exception {
      try (org.rocksdb.WriteBatch b = new org.rocksdb.WriteBatch()) {
        for (byte[] k : keys) {
          b.put(k, v);
        }
        db.write(sync, b);
      }
    }

    @Override
    public byte[] get(byte[] k) throws Exception {
      return db.get(k);
    }

    @Override
    public int scan(byte[] start, int n) {
      try (RocksIterator it = db.newIterator()) {
        int seen = 0;
        for (it.seek(start); it.isValid() && seen < n; it.next()) {
          it.key();
          it.value();
          seen++;
        }
        return seen;
      }
    }

    @Override
    public void settle() throws Exception {
      db.flush(new org.rocksdb.FlushOptions().setWaitForFlush(true));
      db.compactRange();
    }

    @Override
    public void close() {
      db.close();
      options.close();
      sync.close();
    }
  }

  static final class Results {
    double commitP50;
    double getOps;
    double scanKeys;
  }

  static Results run(String name, Engine engine, int commits, int batches) throws Exception {
    Results r = new Results();
    try (engine) {
      // Durable single-key commits.
      for (int i = 0; i < 50; i++) {
        engine.put(("warm/" + i).getBytes(StandardCharsets.UTF_8), VALUE);
      }
      long[] lat = new long[commits];
      long t0 = System.nanoTime();
      for (int i = 0; i < commits; i++) {
        long s = System.nanoTime();
        engine.put(key(i), VALUE);
        lat[i] = System.nanoTime() - s;
      }
      double secs = (System.nanoTime() - t0) / 1e9;
      Arrays.sort(lat);
      r.commitP50 = lat[commits / 2] / 1e6;
      row(name, "durable 1-key commit p50 / p99", String.format("%.2f ms / %.2f ms (%.0f commits/s)", r.commitP50, lat[commits * 99 / 100] / 1e6, commits / secs));

      // 100-key batches; they also load the data set.
      long[] blat = new long[batches];
      int next = 0;
      t0 = System.nanoTime();
      for (int b = 0; b < batches; b++) {
        byte[][] keys = new byte[100][];
        for (int i = 0; i < 100; i++) {
          keys[i] = key(next++ % KEYS);
        }
        long s = System.nanoTime();
        engine.putBatch(keys, VALUE);
        blat[b] = System.nanoTime() - s;
      }
      secs = (System.nanoTime() - t0) / 1e9;
      Arrays.sort(blat);
      row(name, "durable 100-key batch p50 / p99", String.format("%.2f ms / %.2f ms (%.0f keys/s)", blat[batches / 2] / 1e6, blat[batches * 99 / 100] / 1e6, batches * 100 / secs));

      // Fill the rest of the key space in big batches, then settle into SSTs.
      for (int start = next; start < KEYS; start += 1000) {
        byte[][] keys = new byte[Math.min(1000, KEYS - start)][];
        for (int i = 0; i < keys.length; i++) {
          keys[i] = key(start + i);
        }
        engine.putBatch(keys, VALUE);
      }
      engine.settle();

      // Hot point gets over a 10k-key working set.
      Random rnd = new Random(7);
      int gets = 400_000;
      for (int i = 0; i < 100_000; i++) {
        engine.get(key(rnd.nextInt(HOT_KEYS)));
      }
      int found = 0;
      t0 = System.nanoTime();
      for (int i = 0; i < gets; i++) {
        if (engine.get(key(rnd.nextInt(HOT_KEYS))) != null) {
          found++;
        }
      }
      secs = (System.nanoTime() - t0) / 1e9;
      if (found != gets) {
        throw new IllegalStateException(name + ": " + (gets - found) + " hot keys missing");
      }
      r.getOps = gets / secs;
      row(name, "hot point get", String.format("%.0f gets/s", r.getOps));

      // 10k-key range scans.
      int scans = 40;
      for (int i = 0; i < 5; i++) {
        engine.scan(key(rnd.nextInt(KEYS - 10_000)), 10_000);
      }
      t0 = System.nanoTime();
      long keysSeen = 0;
      for (int i = 0; i < scans; i++) {
        keysSeen += engine.scan(key(rnd.nextInt(KEYS - 10_000)), 10_000);
      }
      secs = (System.nanoTime() - t0) / 1e9;
      r.scanKeys = keysSeen / secs;
      row(name, "10k-key range scan", String.format("%.1f ms per scan (%.0f keys/s)", secs * 1000 / scans, r.scanKeys));
    }
    return r;
  }

  /** The floor for a durable commit: one create-if-absent of a WAL-sized object (write + fsync + link). */
  static void rawObjectWrite(String name, ObjectStore store, int n) {
    byte[] data = new byte[160];
    for (int i = 0; i < 20; i++) {
      store.putIfAbsent("warm/" + i, data);
    }
    long[] lat = new long[n];
    for (int i = 0; i < n; i++) {
      long s = System.nanoTime();
      store.putIfAbsent(String.format("raw/%08d", i), data);
      lat[i] = System.nanoTime() - s;
    }
    Arrays.sort(lat);
    row("object store (" + name + ")", "one create-if-absent of 160 B, p50 / p99", String.format("%.2f ms / %.2f ms", lat[n / 2] / 1e6, lat[n * 99 / 100] / 1e6));
  }

  static void row(String engine, String what, String result) {
    System.out.printf("| %s | %s | %s |%n", engine, what, result);
    System.out.flush();
  }
}
