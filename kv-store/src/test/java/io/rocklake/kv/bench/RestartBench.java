package io.rocklake.kv.bench;

import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.ForwardingObjectStore;
import io.rocklake.kv.GarbageCollector;
import io.rocklake.kv.WriteBatch;
import io.rocklake.kv.store.LocalFolderObjectStore;
import io.rocklake.kv.store.ObjectStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Restart time and object counts as commits grow: for each commit count, a fresh local-folder
 * catalog gets that many small batches (shaped like a catalog commit) one after another with the
 * default options, fsync on; then the writer is closed, objects are counted (as left, and after a
 * collection once the grace period has passed) and {@code Db.open} is timed. Prints one Markdown
 * table row per commit count.
 *
 * <p>{@code -Dkv.restart.commits=1000,10000,100000} chooses the counts, {@code -Dkv.restart.dir}
 * the folder.
 */
public final class RestartBench {
  private static final int OPENS = 5;

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(System.getProperty("kv.restart.dir", "target/restart-bench"));
    List<Integer> counts = Arrays.stream(System.getProperty("kv.restart.commits", "1000,10000,100000").split(","))
        .map(String::trim).map(Integer::parseInt).toList();
    System.out.println("| commits | load s | wal objects | sst objects | manifests | total bytes | after the grace: sst / manifests / bytes | WAL reads on open | open ms (first) | open ms (median of " + OPENS + ") |");
    System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (int commits : counts) {
      Path root = KvBench.fresh(dir.resolve("c" + commits));
      DbOptions options = DbOptions.defaults();
      long loadStart = System.nanoTime();
      try (Db db = Db.open(new LocalFolderObjectStore(root), options)) {
        for (int i = 0; i < commits; i++) {
          db.write(catalogCommit(i));
        }
      }
      double loadSeconds = (System.nanoTime() - loadStart) / 1e9;
      long walObjects = count(root.resolve("wal"));
      long ssts = count(root.resolve("sst"));
      long manifests = count(root.resolve("manifest"));
      long bytes = bytes(root);
      // What the writer's collector leaves once the grace period has passed.
      Clock later = Clock.offset(Clock.systemUTC(), options.gcGrace().plusSeconds(1));
      new GarbageCollector(new LocalFolderObjectStore(root), later, options.gcGrace()).collect();
      String afterGrace = String.format("%,d / %,d / %,d", count(root.resolve("sst")), count(root.resolve("manifest")), bytes(root));
      List<Double> opens = new ArrayList<>();
      long walReads = -1;
      for (int i = 0; i < OPENS; i++) {
        WalReadCounter counted = new WalReadCounter(new LocalFolderObjectStore(root));
        long start = System.nanoTime();
        Db db = Db.open(counted, options);
        opens.add((System.nanoTime() - start) / 1e6);
        db.close();
        if (i == 0) {
          walReads = counted.walReads;
        }
      }
      List<Double> sorted = opens.stream().sorted().toList();
      System.out.printf("| %,d | %.1f | %,d | %,d | %,d | %,d | %s | %,d | %.1f | %.1f |%n",
          commits, loadSeconds, walObjects, ssts, manifests, bytes, afterGrace, walReads, opens.get(0), sorted.get(OPENS / 2));
    }
  }

  /** About what a small catalog commit writes: a few facts, the commit row, index and counters. */
  static WriteBatch catalogCommit(int i) {
    WriteBatch b = new WriteBatch();
    for (int f = 0; f < 4; f++) {
      b.put(bytes(String.format("f/%04d/%012d/%d", f, i, f)), bytes("fact-" + "x".repeat(80) + i));
    }
    b.put(bytes(String.format("f/0031/%012d", i)), bytes("commit " + i));
    b.put(bytes(String.format("i/0001/%012d", i)), bytes("live-" + "y".repeat(60)));
    b.put(bytes("m/latest_commit"), bytes(Long.toString(i)));
    b.put(bytes("m/next_row_id/1"), bytes(Long.toString(i * 4L)));
    return b;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static long count(Path folder) throws Exception {
    if (!Files.isDirectory(folder)) {
      return 0;
    }
    try (Stream<Path> files = Files.list(folder)) {
      return files.filter(p -> !p.getFileName().toString().startsWith(".")).count();
    }
  }

  private static long bytes(Path root) throws Exception {
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    }
  }

  /** Counts the WAL objects an open reads (its replay and its probe for the end of the log). */
  private static final class WalReadCounter extends ForwardingObjectStore {
    long walReads;

    WalReadCounter(ObjectStore delegate) {
      super(delegate);
    }

    @Override
    public Optional<byte[]> get(String key) {
      if (key.startsWith("wal/")) {
        walReads++;
      }
      return super.get(key);
    }
  }
}
