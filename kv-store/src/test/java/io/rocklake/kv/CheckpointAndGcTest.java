package io.rocklake.kv;

import static io.rocklake.kv.TestData.b;
import static io.rocklake.kv.TestData.dump;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.kv.format.ObjectKeys;
import io.rocklake.kv.manifest.Checkpoint;
import io.rocklake.kv.store.InMemoryObjectStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CheckpointAndGcTest {
  private final InMemoryObjectStore store = new InMemoryObjectStore();
  private final MutableClock clock = new MutableClock();
  private final DbOptions options = TestData.deterministic().withClock(clock);

  @Test
  void aCheckpointKeepsItsStateReadableAfterCompactionAndCollection() {
    try (Db db = Db.open(store, options)) {
      db.put(b("a"), b("1"));
      db.put(b("b"), b("1"));
      Checkpoint cp = db.createCheckpoint(Duration.ofHours(1));
      db.put(b("a"), b("2"));
      db.delete(b("b"));
      db.flush();
      db.compact();
      clock.advance(Duration.ofMinutes(30));
      GarbageCollector.Report report = new GarbageCollector(store, clock, Duration.ofMinutes(10)).collect();
      assertThat(report.manifestsDeleted()).isPositive();
      try (DbReader past = DbReader.openCheckpoint(store, cp.id())) {
        assertThat(dump(past)).isEqualTo(Map.of("a", "1", "b", "1"));
      }
      try (DbReader now = DbReader.open(store)) {
        assertThat(dump(now)).isEqualTo(Map.of("a", "2"));
      }
    }
  }

  @Test
  void collectionRemovesOnlyWhatNoLiveManifestOrCheckpointReferences() {
    Checkpoint cp;
    try (Db db = Db.open(store, options)) {
      for (int i = 0; i < 30; i++) {
        db.put(b("k" + i), b("v" + i));
        if (i % 10 == 9) {
          db.flush();
        }
      }
      cp = db.createCheckpoint(Duration.ofHours(1));
      db.put(b("k0"), b("changed"));
      db.flush();
      db.compact();
      int sstsBefore = store.list(ObjectKeys.SST_PREFIX).size();

      // Within the grace period no SST or manifest a reader might hold goes away; flushed WAL objects
      // do (their batches are in the latest manifest's SSTs; a reader missing one re-reads it).
      GarbageCollector gc = new GarbageCollector(store, clock, Duration.ofMinutes(10));
      GarbageCollector.Report withinGrace = gc.collect();
      assertThat(withinGrace.sstsDeleted()).isZero();
      assertThat(withinGrace.manifestsDeleted()).isZero();
      assertThat(withinGrace.walsDeleted()).isPositive();
      // What remains is unflushed, or the empty fencing object this writer opened with.
      assertThat(store.list(ObjectKeys.WAL_PREFIX)).allSatisfy(k ->
          assertThat(ObjectKeys.parseWalId(k) > db.manifest().walIdFlushed()
              || io.rocklake.kv.wal.WalObject.decode(store.get(k).orElseThrow(), k).batches().isEmpty()).isTrue());

      clock.advance(Duration.ofMinutes(20));
      GarbageCollector.Report pinned = gc.collect();
      // The compacted-away L0s of the checkpoint survive; only the post-checkpoint L0 goes.
      assertThat(pinned.sstsDeleted()).isEqualTo(1);
      assertThat(store.list(ObjectKeys.SST_PREFIX)).hasSize(sstsBefore - 1);
      try (DbReader past = DbReader.openCheckpoint(store, cp.id())) {
        assertThat(dump(past)).hasSize(30).containsEntry("k0", "v0");
      }

      clock.advance(Duration.ofHours(2)); // the checkpoint expires
      db.put(b("x"), b("y"));
      db.flush(); // writes a manifest without the expired checkpoint
      db.compact();
      clock.advance(Duration.ofMinutes(20));
      gc.collect();
      for (String key : store.list(ObjectKeys.SST_PREFIX)) {
        String id = ObjectKeys.parseSstId(key);
        assertThat(db.manifest().allSsts()).anySatisfy(s -> assertThat(s.id()).isEqualTo(id));
      }
      assertThat(store.list(ObjectKeys.MANIFEST_PREFIX)).hasSize(1);
    }
    try (Db reopened = Db.open(store, options)) {
      assertThat(dump(reopened)).hasSize(31).containsEntry("k0", "changed");
    }
  }

  @Test
  void anOrphanSstFromACrashedFlushIsCollectedOnlyAfterTheGracePeriod() {
    try (Db db = Db.open(store, options)) {
      db.put(b("a"), b("1"));
    }
    String orphan = "sst/" + io.rocklake.kv.format.Ulid.generate(clock.millis()) + ".sst";
    store.put(orphan, new byte[] {1, 2, 3});
    GarbageCollector gc = new GarbageCollector(store, clock, Duration.ofMinutes(10));
    gc.collect();
    assertThat(store.get(orphan)).isPresent();
    clock.advance(Duration.ofMinutes(11));
    gc.collect();
    assertThat(store.get(orphan)).isEmpty();
  }

  /** A clock tests move by hand. */
  static final class MutableClock extends Clock {
    private Instant now = Instant.parse("2026-01-01T00:00:00Z");

    void advance(Duration d) {
      now = now.plus(d);
    }

    @Override
    public ZoneOffset getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }
}
