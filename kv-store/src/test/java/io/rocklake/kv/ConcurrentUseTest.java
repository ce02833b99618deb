package io.rocklake.kv;

import static io.rocklake.kv.TestData.b;
import static io.rocklake.kv.TestData.dump;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.kv.store.LocalFolderObjectStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Committers, the background flusher/compactor, a read-only client and in-process readers all at
 * once on a local folder: every read sees whole batches, never goes back in time, and the final
 * state holds every acknowledged batch.
 */
class ConcurrentUseTest {
  private static final int WRITERS = 3;
  private static final int BATCHES = 300;

  @Test
  @Timeout(300) // a safety net against a hang, not a performance assertion
  void everythingRunsTogetherWithoutTornOrLostBatches(@TempDir Path dir) throws Exception {
    LocalFolderObjectStore store = new LocalFolderObjectStore(dir);
    DbOptions options =
        DbOptions.defaults().withMemtableFlushBytes(8 * 1024).withL0CompactionTrigger(3).withBlockSize(512).withSstTargetBytes(16 * 1024);
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS + 2);
    AtomicBoolean done = new AtomicBoolean();
    try (Db db = Db.open(store, options)) {
      List<Future<?>> writers = new ArrayList<>();
      for (int t = 0; t < WRITERS; t++) {
        int thread = t;
        writers.add(pool.submit(() -> {
          for (int i = 1; i <= BATCHES; i++) {
            String v = Integer.toString(i);
            db.write(new WriteBatch().put(b("t" + thread + "/a"), b(v)).put(b("t" + thread + "/b"), b(v)).put(b("fill/" + thread + "/" + i), new byte[40]));
          }
        }));
      }
      Future<Integer> inProcess = pool.submit(() -> watch(() -> dump(db), done));
      Future<Integer> readOnly = pool.submit(() -> {
        try (DbReader reader = DbReader.open(store)) {
          return watch(() -> {
            reader.refresh();
            return dump(reader);
          }, done);
        }
      });
      for (Future<?> w : writers) {
        w.get();
      }
      done.set(true);
      assertThat(inProcess.get()).isPositive();
      assertThat(readOnly.get()).isPositive();
      assertThat(db.manifest().walIdFlushed()).isPositive();
    } finally {
      pool.shutdownNow();
    }
    try (Db reopened = Db.open(store, options)) {
      TreeMap<String, String> all = dump(reopened);
      for (int t = 0; t < WRITERS; t++) {
        assertThat(all).containsEntry("t" + t + "/a", Integer.toString(BATCHES)).containsEntry("t" + t + "/b", Integer.toString(BATCHES));
      }
      assertThat(all).hasSize(WRITERS * (BATCHES + 2));
    }
  }

  interface Snapshotter {
    Map<String, String> read() throws Exception;
  }

  /** Reads until done; asserts whole batches and monotonic progress; returns how many reads it made. */
  private static int watch(Snapshotter snapshotter, AtomicBoolean done) throws Exception {
    int[] last = new int[WRITERS];
    int reads = 0;
    while (!done.get() || reads == 0) {
      Map<String, String> seen = snapshotter.read();
      for (int t = 0; t < WRITERS; t++) {
        String a = seen.get("t" + t + "/a");
        assertThat(seen.get("t" + t + "/b")).isEqualTo(a);
        int n = a == null ? 0 : Integer.parseInt(a);
        assertThat(n).isGreaterThanOrEqualTo(last[t]);
        long fills = seen.keySet().stream().filter(k -> k.startsWith("fill/" + 0 + "/")).count();
        if (t == 0) {
          assertThat(fills).isEqualTo(n); // batch i wrote fill/0/i: the fills seen match the counter
        }
        last[t] = n;
      }
      reads++;
    }
    return reads;
  }
}
