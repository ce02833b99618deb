package io.rocklake.kv;

import static io.rocklake.kv.TestData.b;
import static io.rocklake.kv.TestData.dump;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.kv.format.ObjectKeys;
import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.kv.store.ObjectStore;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Opening a writer and catching up a reader must not depend on a listing being a consistent snapshot
 * of a prefix another process is writing, nor on WAL objects staying once a newer manifest flushed them.
 */
class RecoveryProtocolTest {
  private final InMemoryObjectStore shared = new InMemoryObjectStore();

  @Test
  void aListingThatMissesAWalObjectDoesNotStopTheNextWriter() {
    try (Db first = Db.open(shared, TestData.deterministic())) {
      for (int i = 0; i < 5; i++) {
        first.put(b("k" + i), b("v" + i));
      }
    }
    // A folder or bucket listing racing with a writer can show WAL 4 without WAL 3.
    ObjectStore racingListing = new ListingThatHides(shared, ObjectKeys.wal(3));
    try (Db second = Db.open(racingListing, TestData.deterministic())) {
      assertThat(dump(second)).isEqualTo(Map.of("k0", "v0", "k1", "v1", "k2", "v2", "k3", "v3", "k4", "v4"));
    }
  }

  @Test
  void aWriterOvertakenWhileRecoveringByOneThatFlushedAndCollectedIsFencedAndAcknowledgesNothing() {
    Db first = Db.open(shared, TestData.deterministic());
    first.put(b("a"), b("1"));
    first.put(b("b"), b("2"));
    HookedObjectStore viaSecond = new HookedObjectStore(shared);
    Db[] third = new Db[1];
    // The second writer has bumped the manifest (list, get, create) and is about to read the WAL.
    viaSecond.runBeforeCall(3, () -> {
      third[0] = Db.open(shared, TestData.deterministic());
      third[0].put(b("c"), b("3"));
      third[0].flush();
      new GarbageCollector(shared, Clock.systemUTC(), Duration.ZERO).collect();
    });
    assertThatThrownBy(() -> Db.open(viaSecond, TestData.deterministic()))
        .isInstanceOfSatisfying(FencedException.class, f -> {
          assertThat(f.ownEpoch()).isEqualTo(2);
          assertThat(f.fencingEpoch()).isEqualTo(3);
        });
    assertThat(viaSecond.fired()).isTrue();
    third[0].put(b("d"), b("4"));
    third[0].close();
    first.close();
    try (Db check = Db.open(shared, TestData.deterministic())) {
      assertThat(dump(check)).isEqualTo(Map.of("a", "1", "b", "2", "c", "3", "d", "4"));
    }
  }

  @Test
  void aStalledFencedWriterCannotAcknowledgeABatchIntoACollectedWalId() {
    Db stalled = Db.open(shared, TestData.deterministic());
    stalled.put(b("a"), b("1"));
    try (Db next = Db.open(shared, TestData.deterministic())) {
      next.put(b("b"), b("2"));
      next.flush();
      assertThat(new GarbageCollector(shared, Clock.systemUTC(), Duration.ZERO).collect().walsDeleted()).isPositive();
      // The stalled writer's next WAL id is the new writer's fence: that name must still collide.
      assertThatThrownBy(() -> stalled.put(b("lost"), b("acknowledged?"))).isInstanceOf(FencedException.class);
    }
    stalled.close();
    try (Db check = Db.open(shared, TestData.deterministic())) {
      assertThat(dump(check)).isEqualTo(Map.of("a", "1", "b", "2"));
    }
  }

  @Test
  void aStalledFencedWriterCannotAcknowledgeAfterTheNewWritersOwnCollectorDroppedItsFlushedWal() throws Exception {
    Db stalled = Db.open(shared, TestData.deterministic());
    stalled.put(b("a"), b("1"));
    long stalledBatchWal = stalled.manifest().walIdFlushed() + 2; // after its own fence
    try (Db next = Db.open(shared, TestData.deterministic().withGcInterval(Duration.ofMillis(5)))) {
      next.put(b("b"), b("2"));
      next.flush();
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (shared.get(ObjectKeys.wal(stalledBatchWal)).isPresent() && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      assertThat(shared.get(ObjectKeys.wal(stalledBatchWal))).as("flushed WAL dropped").isEmpty();
      assertThatThrownBy(() -> stalled.put(b("lost"), b("acknowledged?"))).isInstanceOf(FencedException.class);
    }
    stalled.close();
    try (Db check = Db.open(shared, TestData.deterministic())) {
      assertThat(dump(check)).isEqualTo(Map.of("a", "1", "b", "2"));
    }
  }

  @Test
  void aReaderWhoseNextWalObjectWasCollectedMidRefreshCatchesUpFromTheNewerManifest() {
    try (Db db = Db.open(shared, TestData.deterministic())) {
      db.put(b("a"), b("1"));
      HookedObjectStore viaReader = new HookedObjectStore(shared);
      try (DbReader reader = DbReader.open(viaReader)) {
        assertThat(dump(reader)).isEqualTo(Map.of("a", "1"));
        db.put(b("b"), b("2"));
        // Between the reader's look at the manifests and its first WAL read, the writer flushes
        // and the collector deletes the WAL objects that flush covered.
        viaReader.runBeforeCall(1, () -> {
          db.put(b("c"), b("3"));
          db.flush();
          new GarbageCollector(shared, Clock.systemUTC(), Duration.ZERO).collect();
          db.put(b("d"), b("4"));
        });
        reader.refresh();
        assertThat(viaReader.fired()).isTrue();
        assertThat(dump(reader)).isEqualTo(Map.of("a", "1", "b", "2", "c", "3", "d", "4"));
        assertThat(reader.lastSeq()).isEqualTo(db.lastSeq());
      }
    }
  }

  /** A store whose listings omit one key, as a listing that races with that key's creation can. */
  private static final class ListingThatHides extends ForwardingObjectStore {
    private final String hidden;

    ListingThatHides(ObjectStore delegate, String hidden) {
      super(delegate);
      this.hidden = hidden;
    }

    @Override
    public List<String> list(String prefix) {
      return super.list(prefix).stream().filter(k -> !k.equals(hidden)).toList();
    }
  }
}
