package io.rocklake.kv;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.kv.format.ObjectKeys;
import io.rocklake.kv.manifest.Manifest;
import io.rocklake.kv.manifest.ManifestStore;
import io.rocklake.kv.sst.SstInfo;
import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.kv.store.MeteredObjectStore;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link StoreVerifier} on a store with a many-block SST and a WAL after it: whole, it counts every
 * entry and WAL object and issues no write; damaged, each fault is named by object (and offset where
 * the bytes are at fault), including one in the last data block, which only a whole read finds.
 */
class StoreVerifierTest {
  private final InMemoryObjectStore store = new InMemoryObjectStore();
  private Db db;
  private static final int KEYS = 2_000;

  @BeforeEach
  void fill() {
    db = Db.open(store, DbOptions.defaults().withBackgroundCompaction(false));
    byte[] value = new byte[100];
    for (int i = 0; i < KEYS; i += 100) {
      WriteBatch batch = new WriteBatch();
      for (int k = i; k < i + 100; k++) {
        batch.put(String.format("key%05d", k).getBytes(StandardCharsets.UTF_8), value);
      }
      db.write(batch);
    }
    db.flush();
    for (int i = 0; i < 3; i++) {
      db.put(("wal" + i).getBytes(StandardCharsets.UTF_8), value);
    }
  }

  @AfterEach
  void close() {
    db.close();
  }

  private StoreVerifier.Report verify() {
    return new StoreVerifier(store, (what, done, total) -> {}).verify();
  }

  private Manifest manifest() {
    return new ManifestStore(store).readLatest().orElseThrow();
  }

  private List<Long> walAfterManifest() {
    List<Long> ids = new ArrayList<>();
    for (String key : store.list(ObjectKeys.WAL_PREFIX)) {
      if (ObjectKeys.parseWalId(key) > manifest().walIdFlushed()) {
        ids.add(ObjectKeys.parseWalId(key));
      }
    }
    return ids;
  }

  private void flip(String key, long at) {
    byte[] bytes = store.get(key).orElseThrow();
    bytes[(int) at] ^= 0x01;
    store.overwriteForTest(key, bytes);
  }

  @Test
  void aWholeStoreIsReadEntirelyWithoutAWrite() {
    MeteredObjectStore metered = new MeteredObjectStore(store);
    StoreVerifier.Report report = new StoreVerifier(metered, (what, done, total) -> {}).verify();
    assertThat(report.problems()).isEmpty();
    assertThat(report.ssts()).isEqualTo(1);
    assertThat(report.sstEntries()).isEqualTo(KEYS);
    assertThat(report.walObjects()).isEqualTo(walAfterManifest().size()).isGreaterThanOrEqualTo(3);
    assertThat(metered.metrics().writeRequests()).isZero();
  }

  @Test
  void aFlippedByteInTheLastDataBlockIsFound() {
    SstInfo sst = manifest().allSsts().get(0);
    byte[] footer = store.getRange(sst.objectKey(), sst.size() - 52, 52);
    long indexOffset = ByteBuffer.wrap(footer).getLong();
    flip(sst.objectKey(), indexOffset - 10); // inside the last data block, before its CRC

    List<StoreVerifier.Problem> problems = verify().problems();
    assertThat(problems).singleElement().satisfies(p -> {
      assertThat(p.kind()).isEqualTo(StoreVerifier.SST_CORRUPT);
      assertThat(p.object()).isEqualTo(sst.objectKey());
      assertThat(p.offset()).isPositive().isLessThan(indexOffset);
      assertThat(p.detail()).contains("data block checksum mismatch");
    });
  }

  @Test
  void aMissingSstIsNamed() {
    SstInfo sst = manifest().allSsts().get(0);
    store.delete(sst.objectKey());
    assertThat(verify().problems()).singleElement().satisfies(p -> {
      assertThat(p.kind()).isEqualTo(StoreVerifier.SST_MISSING);
      assertThat(p.object()).isEqualTo(sst.objectKey());
    });
  }

  @Test
  void aCorruptWalObjectAndAGapAreNamed() {
    List<Long> ids = walAfterManifest();
    String corrupt = ObjectKeys.wal(ids.get(0));
    flip(corrupt, 20);
    store.delete(ObjectKeys.wal(ids.get(1)));

    StoreVerifier.Report report = verify();
    assertThat(report.problems()).extracting(StoreVerifier.Problem::kind, StoreVerifier.Problem::object)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(StoreVerifier.WAL_CORRUPT, corrupt),
            org.assertj.core.groups.Tuple.tuple(StoreVerifier.WAL_MISSING, ObjectKeys.wal(ids.get(1))));
    assertThat(report.problems().get(0).detail()).contains("checksum mismatch");
  }

  @Test
  void aWalObjectAFlushCoveredIsNoGap() {
    long before = manifest().walIdFlushed();
    db.flush(); // the writer deletes the WAL objects this flush covered
    assertThat(manifest().walIdFlushed()).isGreaterThan(before);
    StoreVerifier.Report report = verify();
    assertThat(report.problems()).isEmpty();
  }

  @Test
  void besideAWriterThatCommitsFlushesAndCompactsItFindsNothing() throws Exception {
    InMemoryObjectStore busy = new InMemoryObjectStore();
    Db writer = Db.open(busy, DbOptions.defaults().withMemtableFlushBytes(8 << 10).withWalFlushObjects(8)
        .withL0CompactionTrigger(2).withGcInterval(java.time.Duration.ofMillis(20))
        .withGcGrace(java.time.Duration.ZERO));
    java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
    Thread load = new Thread(() -> {
      for (int i = 0; !stop.get(); i++) {
        writer.put(String.format("k%06d", i % 5_000).getBytes(StandardCharsets.UTF_8), new byte[64]);
      }
    });
    load.start();
    try {
      java.util.Set<Long> manifestsSeen = new java.util.HashSet<>();
      long deadline = System.nanoTime() + 3_000_000_000L;
      int runs = 0;
      while (System.nanoTime() < deadline || runs < 5) {
        StoreVerifier.Report report = new StoreVerifier(busy, (what, done, total) -> {}).verify();
        assertThat(report.problems()).as("run " + runs).isEmpty();
        manifestsSeen.add(report.manifest().id());
        runs++;
      }
      assertThat(manifestsSeen).as("the writer moved on between runs").hasSizeGreaterThan(2);
    } finally {
      stop.set(true);
      load.join();
      writer.close();
    }
  }

  @Test
  void aCorruptLatestManifestIsNamedAndNothingElseIsGuessed() {
    String key = manifest().objectKey();
    flip(key, 10);
    StoreVerifier.Report report = verify();
    assertThat(report.manifest()).isNull();
    assertThat(report.problems()).singleElement().satisfies(p -> {
      assertThat(p.kind()).isEqualTo(StoreVerifier.MANIFEST_CORRUPT);
      assertThat(p.object()).isEqualTo(key);
    });
  }
}
