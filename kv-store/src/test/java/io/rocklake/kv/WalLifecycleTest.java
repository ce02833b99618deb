package io.rocklake.kv;

import static io.rocklake.kv.TestData.b;
import static io.rocklake.kv.TestData.dump;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.kv.format.ObjectKeys;
import io.rocklake.kv.manifest.Checkpoint;
import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.kv.store.ObjectStore;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * Growth and lifecycle: many tiny commits must leave a bounded WAL behind, a bounded replay on
 * restart, and the background collector must honour readers and checkpoints.
 */
class WalLifecycleTest {
  private final InMemoryObjectStore store = new InMemoryObjectStore();

  @Test
  void restartReplaysABoundedNumberOfWalObjectsHoweverManyCommitsCameBefore() {
    DbOptions defaults = DbOptions.defaults();
    try (Db db = Db.open(store, defaults)) {
      for (int i = 0; i < 3000; i++) {
        db.put(b("k" + i), b("v" + i));
      }
    }
    WalReadCounter counting = new WalReadCounter(store);
    try (Db reopened = Db.open(counting, defaults)) {
      assertThat(reopened.get(b("k2999")).map(TestData::s)).contains("v2999");
      assertThat(reopened.get(b("k0")).map(TestData::s)).contains("v0");
    }
    assertThat(counting.walReads.get())
        .as("WAL objects read to reopen after 3,000 commits")
        .isLessThanOrEqualTo(2 * defaults.walFlushObjects());
  }

  @Test
  void theWalFolderStaysBoundedAsCommitsGrowAndCompactedAwaySstsAreCollected() throws Exception {
    DbOptions options =
        DbOptions.defaults().withWalFlushObjects(32).withGcInterval(Duration.ofMillis(5)).withGcGrace(Duration.ZERO);
    try (Db db = Db.open(store, options)) {
      for (int round = 0; round < 20; round++) {
        for (int i = 0; i < 200; i++) {
          db.put(b("k" + (round * 200 + i)), b("v"));
        }
        awaitUntil(() -> walObjects() <= 2 * 32, "wal/ back within 64 objects after round " + round);
      }
      awaitUntil(() -> store.list(ObjectKeys.SST_PREFIX).size() <= db.manifest().allSsts().size(),
          "only SSTs the latest manifest names remain");
      awaitUntil(() -> store.list(ObjectKeys.MANIFEST_PREFIX).size() <= 2, "old manifests collected");
      assertThat(dump(db)).hasSize(4000);
    }
    try (Db reopened = Db.open(store, options)) {
      assertThat(dump(reopened)).hasSize(4000);
    }
  }

  @Test
  void aReaderAtAnOlderManifestSurvivesTheBackgroundCollector() throws Exception {
    DbOptions options =
        DbOptions.defaults().withWalFlushObjects(8).withGcInterval(Duration.ofMillis(5)).withGcGrace(Duration.ofMinutes(1));
    try (Db db = Db.open(store, options)) {
      db.put(b("a"), b("1"));
      try (DbReader reader = DbReader.open(store)) {
        long firstBatchOfReader = reader.manifest().walIdFlushed() + 2; // after the writer's fence
        TreeMap<String, String> expected = new TreeMap<>(Map.of("a", "1"));
        for (int i = 0; i < 200; i++) {
          db.put(b("k" + i), b("v" + i));
          expected.put("k" + i, "v" + i);
        }
        awaitUntil(() -> store.get(ObjectKeys.wal(firstBatchOfReader)).isEmpty(),
            "the collector deletes the WAL objects the reader was built from");
        assertThat(dump(reader)).as("the reader's own view is still readable").isEqualTo(Map.of("a", "1"));
        reader.refresh();
        assertThat(dump(reader)).isEqualTo(expected);
      }
    }
  }

  @Test
  void theBackgroundCollectorHonoursCheckpoints() throws Exception {
    DbOptions options = DbOptions.defaults()
        .withWalFlushObjects(8)
        .withL0CompactionTrigger(2)
        .withGcInterval(Duration.ofMillis(5))
        .withGcGrace(Duration.ZERO);
    try (Db db = Db.open(store, options)) {
      db.put(b("a"), b("before"));
      Checkpoint cp = db.createCheckpoint(Duration.ofHours(1));
      for (int i = 0; i < 300; i++) {
        db.put(b("a"), b("after" + i));
      }
      long cpManifest = cp.manifestId();
      awaitUntil(() -> store.list(ObjectKeys.MANIFEST_PREFIX).size() <= 2,
          "everything but the latest and the checkpoint's manifest collected");
      assertThat(store.get(ObjectKeys.manifest(cpManifest))).isPresent();
      try (DbReader past = DbReader.openCheckpoint(store, cp.id())) {
        assertThat(dump(past)).isEqualTo(Map.of("a", "before"));
      }
      assertThat(db.get(b("a")).map(TestData::s)).contains("after299");
    }
  }

  private int walObjects() {
    return store.list(ObjectKeys.WAL_PREFIX).size();
  }

  private static void awaitUntil(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within 10 s: " + what);
      }
      Thread.sleep(5);
    }
  }

  /** Counts reads of WAL objects. */
  private static final class WalReadCounter extends ForwardingObjectStore {
    final AtomicInteger walReads = new AtomicInteger();

    WalReadCounter(ObjectStore delegate) {
      super(delegate);
    }

    @Override
    public Optional<byte[]> get(String key) {
      if (key.startsWith(ObjectKeys.WAL_PREFIX)) {
        walReads.incrementAndGet();
      }
      return super.get(key);
    }
  }
}
