package io.rocklake.kv;

import static io.rocklake.kv.TestData.b;
import static io.rocklake.kv.TestData.dump;
import static io.rocklake.kv.TestData.s;
import static io.rocklake.kv.TestData.toMap;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.kv.format.CorruptObjectException;
import io.rocklake.kv.format.ObjectKeys;
import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.kv.store.LocalFolderObjectStore;
import io.rocklake.kv.store.ObjectStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DbTest {
  private final InMemoryObjectStore store = new InMemoryObjectStore();

  @Test
  void aPutIsReadableAndADeleteHidesIt() {
    try (Db db = Db.open(store, TestData.deterministic())) {
      db.put(b("k"), b("v1"));
      assertThat(db.get(b("k"))).hasValueSatisfying(v -> assertThat(s(v)).isEqualTo("v1"));
      db.put(b("k"), b("v2"));
      assertThat(s(db.get(b("k")).orElseThrow())).isEqualTo("v2");
      db.delete(b("k"));
      assertThat(db.get(b("k"))).isEmpty();
    }
  }

  @Test
  void aBatchIsAppliedWholeUnderOneSequenceNumber() {
    try (Db db = Db.open(store, TestData.deterministic())) {
      long before = db.lastSeq();
      long seq = db.write(new WriteBatch().put(b("a"), b("1")).put(b("b"), b("2")).delete(b("c")));
      assertThat(seq).isEqualTo(before + 1);
      assertThat(dump(db)).isEqualTo(Map.of("a", "1", "b", "2"));
      assertThat(db.get(b("a"), before)).isEmpty();
    }
  }

  @Test
  void everyAcknowledgedBatchSurvivesReopeningWithoutAFlush() {
    try (Db db = Db.open(store, TestData.deterministic())) {
      for (int i = 0; i < 50; i++) {
        db.put(b("key" + i), b("value" + i));
      }
    }
    try (Db db = Db.open(store, TestData.deterministic())) {
      assertThat(dump(db)).hasSize(50).containsEntry("key7", "value7");
      assertThat(db.epoch()).isEqualTo(2);
    }
  }

  @Test
  void scansAreOrderedAndHonourBoundsAndPrefixesAcrossMemtableAndSsts() {
    try (Db db = Db.open(store, TestData.deterministic())) {
      for (int i = 0; i < 300; i++) {
        db.put(b(String.format("t/%04d", i)), b("v" + i));
        if (i % 97 == 0) {
          db.flush();
        }
      }
      db.put(b("u/0"), b("other"));
      db.delete(b("t/0005"));
      db.compact();
      db.put(b("t/0010"), b("new"));
      TreeMap<String, String> range = toMap(db.scan(b("t/0003"), b("t/0012")));
      assertThat(range.keySet()).containsExactly("t/0003", "t/0004", "t/0006", "t/0007", "t/0008", "t/0009", "t/0010", "t/0011");
      assertThat(range.get("t/0010")).isEqualTo("new");
      assertThat(toMap(db.scanPrefix(b("t/"))).size()).isEqualTo(299);
      assertThat(toMap(db.scanPrefix(b("u/")))).isEqualTo(Map.of("u/0", "other"));
    }
  }

  @Test
  void flushedAndCompactedDataReopensIdentically() {
    TreeMap<String, String> expected;
    try (Db db = Db.open(store, TestData.deterministic())) {
      for (int i = 0; i < 200; i++) {
        db.put(b("k" + (i % 60)), b("v" + i));
        if (i % 50 == 49) {
          db.flush();
        }
      }
      db.compact();
      db.put(b("tail"), b("unflushed"));
      expected = dump(db);
      assertThat(db.manifest().l0()).isEmpty();
      assertThat(db.manifest().sortedRun()).isNotEmpty();
    }
    try (Db db = Db.open(store, TestData.deterministic())) {
      assertThat(dump(db)).isEqualTo(expected);
    }
  }

  @Test
  void aSnapshotKeepsReadingTheSameStateAcrossFlushAndCompaction() {
    try (Db db = Db.open(store, TestData.deterministic())) {
      db.put(b("a"), b("old"));
      db.put(b("b"), b("old"));
      try (Snapshot snap = db.snapshot()) {
        db.put(b("a"), b("new"));
        db.delete(b("b"));
        db.flush();
        db.compact();
        assertThat(toMap(db.scan(null, null, snap.seq()))).isEqualTo(Map.of("a", "old", "b", "old"));
        assertThat(s(db.get(b("b"), snap.seq()).orElseThrow())).isEqualTo("old");
        assertThat(dump(db)).isEqualTo(Map.of("a", "new"));
      }
    }
  }

  @Test
  void concurrentCommitsAreAllDurableAndShareWalObjects() throws Exception {
    int threads = 4;
    int perThread = 100;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try (Db db = Db.open(store, TestData.deterministic())) {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        futures.add(pool.submit(() -> {
          for (int i = 0; i < perThread; i++) {
            db.put(b("t" + thread + "-" + i), b("x"));
          }
        }));
      }
      for (Future<?> f : futures) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    long walObjects = store.list(ObjectKeys.WAL_PREFIX).size();
    assertThat(walObjects).isLessThanOrEqualTo(threads * perThread + 1);
    try (Db db = Db.open(store, TestData.deterministic())) {
      assertThat(dump(db)).hasSize(threads * perThread);
    }
  }

  @Test
  void theMemtableFlushesByItselfWhenFull() {
    try (Db db = Db.open(store, TestData.deterministic().withMemtableFlushBytes(4096))) {
      for (int i = 0; i < 500; i++) {
        db.put(b("key" + i), new byte[64]);
      }
      assertThat(db.manifest().l0()).isNotEmpty();
      assertThat(db.manifest().walIdFlushed()).isGreaterThan(1);
    }
  }

  @Test
  void backgroundCompactionKeepsL0Short() throws Exception {
    DbOptions opts = TestData.deterministic().withMemtableFlushBytes(2048).withL0CompactionTrigger(3).withBackgroundCompaction(true);
    try (Db db = Db.open(store, opts)) {
      for (int i = 0; i < 1000; i++) {
        db.put(b("key" + (i % 200)), b("v" + i));
      }
    }
    try (Db db = Db.open(store, TestData.deterministic())) {
      // Whenever a flush brings L0 to the trigger, the compaction that follows empties it.
      assertThat(db.manifest().l0()).hasSizeLessThan(3);
      assertThat(db.manifest().walIdFlushed()).isPositive();
      assertThat(dump(db)).hasSize(200).containsEntry("key199", "v999");
    }
  }

  @Test
  void aCorruptSstBlockIsReportedWithItsObjectAndOffsetNeverReturnedAsData() {
    try (Db db = Db.open(store, TestData.deterministic())) {
      for (int i = 0; i < 100; i++) {
        db.put(b("key" + i), b("value" + i));
      }
      db.flush();
    }
    String sst = store.list(ObjectKeys.SST_PREFIX).get(0);
    byte[] bytes = store.get(sst).orElseThrow();
    bytes[20] ^= 0x40; // inside the first data block
    store.overwriteForTest(sst, bytes);
    try (Db db = Db.open(store, TestData.deterministic())) {
      assertThatThrownBy(() -> dump(db))
          .isInstanceOf(CorruptObjectException.class)
          .hasMessageContaining(sst)
          .hasMessageContaining("checksum mismatch");
    }
  }

  @Test
  void aCorruptManifestStopsTheOpenWithAPreciseError() {
    try (Db db = Db.open(store, TestData.deterministic())) {
      db.put(b("a"), b("b"));
    }
    String latest = store.list(ObjectKeys.MANIFEST_PREFIX).get(store.list(ObjectKeys.MANIFEST_PREFIX).size() - 1);
    byte[] bytes = store.get(latest).orElseThrow();
    bytes[bytes.length - 6] ^= 1;
    store.overwriteForTest(latest, bytes);
    assertThatThrownBy(() -> Db.open(store, TestData.deterministic()))
        .isInstanceOf(CorruptObjectException.class)
        .hasMessageContaining(latest);
  }

  @Test
  void aTruncatedWalObjectIsReportedNotSkipped() {
    try (Db db = Db.open(store, TestData.deterministic())) {
      db.put(b("a"), b("1"));
      db.put(b("b"), b("2"));
    }
    List<String> wals = store.list(ObjectKeys.WAL_PREFIX);
    String withData = wals.get(1); // wals: fencing object of the first open, then the two commits
    byte[] bytes = store.get(withData).orElseThrow();
    store.overwriteForTest(withData, java.util.Arrays.copyOf(bytes, bytes.length - 3));
    assertThatThrownBy(() -> Db.open(store, TestData.deterministic()))
        .isInstanceOf(CorruptObjectException.class)
        .hasMessageContaining(withData)
        .hasMessageContaining("WAL object checksum mismatch");
  }

  @Test
  void worksOnALocalFolder(@TempDir Path dir) {
    ObjectStore folder = new LocalFolderObjectStore(dir);
    try (Db db = Db.open(folder, TestData.deterministic())) {
      db.put(b("a"), b("1"));
      db.flush();
      db.put(b("b"), b("2"));
    }
    try (Db db = Db.open(new LocalFolderObjectStore(dir), TestData.deterministic())) {
      assertThat(dump(db)).isEqualTo(Map.of("a", "1", "b", "2"));
    }
  }
}
