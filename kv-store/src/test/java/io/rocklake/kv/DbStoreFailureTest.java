package io.rocklake.kv;

import static io.rocklake.kv.TestData.b;
import static io.rocklake.kv.TestData.dump;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.kv.store.FaultInjectingObjectStore;
import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.kv.store.StoreFailureReason;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the writer does when its store stops taking writes: why, what it still serves, how it comes back. */
class DbStoreFailureTest {
  private final FaultInjectingObjectStore store = new FaultInjectingObjectStore(new InMemoryObjectStore());

  @Test
  void aCommitOnAFullStoreSaysNoSpaceAndTheWriterServesItsLastAcknowledgedState() {
    Db db = Db.open(store, TestData.deterministic());
    db.put(b("a"), b("1"));
    store.startOutage(StoreFailureReason.NO_SPACE);
    assertThatThrownBy(() -> db.put(b("b"), b("2")))
        .isInstanceOf(KvException.class)
        .hasMessageContaining("could not write wal/")
        .hasMessageEndingWith(": No space left on device")
        .satisfies(e -> assertThat(StoreFailureReason.in(e)).isEqualTo(StoreFailureReason.NO_SPACE));
    assertThat(dump(db)).isEqualTo(Map.of("a", "1"));
    assertThat(db.failure()).isPresent();
    db.close();
  }

  @Test
  void aFailedWriterTakesNoFurtherWriteEvenAfterTheCauseClears() {
    Db db = Db.open(store, TestData.deterministic());
    store.startOutage(StoreFailureReason.READ_ONLY);
    assertThatThrownBy(() -> db.put(b("a"), b("1"))).isInstanceOf(KvException.class);
    store.endOutage();
    // The failed WAL write's outcome is unknown: committing on could reuse its WAL id.
    assertThatThrownBy(() -> db.put(b("b"), b("2")))
        .hasMessageContaining("must be reopened")
        .satisfies(e -> assertThat(StoreFailureReason.in(e)).isEqualTo(StoreFailureReason.READ_ONLY));
    db.close();
  }

  @Test
  void aWriterOpenedAgainOnceTheCauseClearsKeepsWhatLandedAndWrites() {
    Db db = Db.open(store, TestData.deterministic());
    db.put(b("a"), b("1"));
    store.inject(store.writeCount(), FaultInjectingObjectStore.Fault.LOST_ACK);
    assertThatThrownBy(() -> db.put(b("b"), b("2"))).isInstanceOf(KvException.class);
    store.startOutage(StoreFailureReason.NO_SPACE);
    assertThatThrownBy(() -> Db.open(store, TestData.deterministic()))
        .satisfies(e -> assertThat(StoreFailureReason.in(e)).isEqualTo(StoreFailureReason.NO_SPACE));
    store.endOutage();
    db.close();
    try (Db reopened = Db.open(store, TestData.deterministic())) {
      assertThat(dump(reopened)).as("the batch whose acknowledgement was lost had landed")
          .isEqualTo(Map.of("a", "1", "b", "2"));
      reopened.put(b("c"), b("3"));
      assertThat(dump(reopened)).isEqualTo(Map.of("a", "1", "b", "2", "c", "3"));
    }
  }

  @Test
  void aWriterLearnsItWasFencedWithoutWritingAndThenRefusesWrites() {
    Db first = Db.open(store, TestData.deterministic());
    first.put(b("a"), b("1"));
    assertThat(first.checkFenced()).isEmpty();
    long writesBefore = store.writeCount();
    Db second = Db.open(store, TestData.deterministic());
    long writesAfterSecondOpened = store.writeCount();
    assertThat(first.checkFenced()).hasValue(second.epoch());
    assertThat(store.writeCount()).as("checking wrote nothing").isEqualTo(writesAfterSecondOpened);
    assertThat(writesAfterSecondOpened).isGreaterThan(writesBefore);
    assertThatThrownBy(() -> first.put(b("b"), b("2")))
        .isInstanceOfSatisfying(FencedException.class, f -> assertThat(f.fencingEpoch()).isEqualTo(second.epoch()));
    assertThat(store.writeCount()).as("a known-fenced writer does not even try").isEqualTo(writesAfterSecondOpened);
    assertThat(first.failure()).containsInstanceOf(FencedException.class);
    first.close();
    second.close();
  }

  @Test
  void fencingOutranksAnEarlierFullDisk() {
    Db first = Db.open(store, TestData.deterministic());
    store.startOutage(StoreFailureReason.NO_SPACE);
    assertThatThrownBy(() -> first.put(b("a"), b("1"))).isInstanceOf(KvException.class);
    store.endOutage();
    Db second = Db.open(store, TestData.deterministic());
    assertThat(first.checkFenced()).hasValue(second.epoch());
    assertThat(first.failure()).containsInstanceOf(FencedException.class);
    first.close();
    second.close();
  }

  @Test
  void aFlushThatRunsOutOfSpaceKeepsEveryAcknowledgedBatchReadableAndStopsWritesUntilReopened() {
    Db db = Db.open(store, TestData.deterministic());
    db.put(b("a"), b("1"));
    store.startOutage(StoreFailureReason.NO_SPACE);
    assertThatThrownBy(db::flush)
        .hasMessageEndingWith(": No space left on device")
        .satisfies(e -> assertThat(StoreFailureReason.in(e)).isEqualTo(StoreFailureReason.NO_SPACE));
    assertThat(dump(db)).isEqualTo(Map.of("a", "1"));
    store.endOutage();
    assertThatThrownBy(() -> db.put(b("b"), b("2")))
        .satisfies(e -> assertThat(StoreFailureReason.in(e)).isEqualTo(StoreFailureReason.NO_SPACE));
    db.close();
    try (Db reopened = Db.open(store, TestData.deterministic())) {
      assertThat(dump(reopened)).isEqualTo(Map.of("a", "1"));
      reopened.put(b("b"), b("2"));
      reopened.flush();
      assertThat(dump(reopened)).isEqualTo(Map.of("a", "1", "b", "2"));
    }
  }
}
