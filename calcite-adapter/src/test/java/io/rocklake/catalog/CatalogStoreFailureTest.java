package io.rocklake.catalog;

import static io.rocklake.catalog.CatalogFixture.SNAPSHOT;
import static io.rocklake.catalog.CatalogFixture.openDb;
import static io.rocklake.catalog.CatalogFixture.snapshot;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.kv.Db;
import io.rocklake.kv.store.FaultInjectingObjectStore;
import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.kv.store.StoreFailureReason;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A commit whose store write fails gets PostgreSQL's SQLSTATE for the OS cause and the store's text;
 * reads keep serving the last acknowledged commit; the writer reopens once the cause is gone; a
 * fenced catalog serves nothing.
 */
class CatalogStoreFailureTest {
  private final FaultInjectingObjectStore store = new FaultInjectingObjectStore(new InMemoryObjectStore());
  private Catalog catalog;

  @BeforeEach
  void openCatalog() {
    catalog = Catalog.open(openDb(store), () -> openDb(store));
  }

  private long commitSnapshot(long id) {
    CatalogTransaction tx = catalog.begin();
    tx.insert(SNAPSHOT, snapshot(id));
    return tx.commit();
  }

  private List<Long> snapshotIds() {
    CatalogTransaction tx = catalog.begin();
    try {
      return tx.scan(SNAPSHOT).stream().map(r -> (Long) r.values()[0]).toList();
    } finally {
      tx.rollback();
    }
  }

  private void createTables() {
    CatalogTransaction tx = catalog.begin();
    DuckLakeRelations.createTables(tx);
    tx.commit();
  }

  @Test
  void aCommitOnAFullDiskIs53100WithTheOsCauseAndReadsStillServeTheLastCommit() {
    createTables();
    long before = commitSnapshot(0);
    store.startOutage(StoreFailureReason.NO_SPACE);
    assertThatThrownBy(() -> commitSnapshot(1))
        .isInstanceOfSatisfying(CatalogException.class, e -> {
          assertThat(e.sqlState()).isEqualTo("53100");
          assertThat(e.detail()).contains("reads still show commit " + before);
        })
        .hasMessageStartingWith("could not write wal/")
        .hasMessageEndingWith(".wal: No space left on device");
    assertThat(snapshotIds()).containsExactly(0L);
    assertThat(catalog.latestCommit()).isEqualTo(before);
  }

  @Test
  void aReadOnlyStoreIs25006AndADeniedOneIs42501() {
    createTables();
    store.startOutage(StoreFailureReason.READ_ONLY);
    assertThatThrownBy(() -> commitSnapshot(1))
        .isInstanceOfSatisfying(CatalogException.class, e -> assertThat(e.sqlState()).isEqualTo("25006"))
        .hasMessageEndingWith(": Read-only file system");
    store.startOutage(StoreFailureReason.PERMISSION_DENIED);
    sleepPastTheReopenBackOff();
    assertThatThrownBy(() -> commitSnapshot(1))
        .isInstanceOfSatisfying(CatalogException.class, e -> assertThat(e.sqlState()).isEqualTo("42501"))
        .hasMessageEndingWith(": Permission denied");
  }

  @Test
  void onceSpaceIsBackTheNextCommitReopensTheWriterAndSucceeds() {
    createTables();
    commitSnapshot(0);
    Db first = catalog.writer();
    store.startOutage(StoreFailureReason.NO_SPACE);
    assertThatThrownBy(() -> commitSnapshot(1)).isInstanceOf(CatalogException.class);
    store.endOutage();
    long commit = commitSnapshot(1);
    assertThat(catalog.writer()).as("a new writer").isNotSameAs(first);
    assertThat(catalog.writer().epoch()).isGreaterThan(first.epoch());
    assertThat(snapshotIds()).containsExactly(0L, 1L);
    assertThat(catalog.latestCommit()).isEqualTo(commit);
  }

  @Test
  void aReopenThatStillFindsTheDiskFullSaysSoAndTheOneAfterTheBackOffSucceeds() {
    createTables();
    store.startOutage(StoreFailureReason.NO_SPACE);
    assertThatThrownBy(() -> commitSnapshot(1)).isInstanceOf(CatalogException.class);
    assertThatThrownBy(() -> commitSnapshot(1)) // reopens, and Db.open's own writes fail
        .isInstanceOfSatisfying(CatalogException.class, e -> assertThat(e.sqlState()).isEqualTo("53100"))
        .hasMessageEndingWith(": No space left on device");
    store.endOutage();
    assertThatThrownBy(() -> commitSnapshot(1)).as("within the back-off nothing is tried")
        .isInstanceOfSatisfying(CatalogException.class, e -> assertThat(e.sqlState()).isEqualTo("53100"));
    sleepPastTheReopenBackOff();
    commitSnapshot(1);
    assertThat(snapshotIds()).containsExactly(1L);
  }

  @Test
  void aCommitWhoseAcknowledgementWasLostIsFoundAppliedByTheReopenedWriter() {
    createTables();
    long before = commitSnapshot(0);
    store.inject(store.writeCount(), FaultInjectingObjectStore.Fault.LOST_ACK);
    assertThatThrownBy(() -> commitSnapshot(1))
        .isInstanceOfSatisfying(CatalogException.class, e -> {
          assertThat(e.sqlState()).isEqualTo("58030");
          assertThat(e.detail()).contains("Whether commit " + (before + 1) + " was applied is unknown");
        });
    assertThat(snapshotIds()).as("not acknowledged, not shown").containsExactly(0L);
    long next = commitSnapshot(2); // reopens first: the lost commit is replayed
    assertThat(next).isEqualTo(before + 2);
    assertThat(snapshotIds()).containsExactly(0L, 1L, 2L);
  }

  @Test
  void aFencedCatalogServesNoTransactionAnd57P01NamesTheNewWritersEpoch() {
    createTables();
    commitSnapshot(0);
    assertThat(catalog.checkFenced()).isEmpty();
    Db newer = openDb(store);
    assertThat(catalog.checkFenced()).hasValue(newer.epoch());
    assertThatThrownBy(catalog::begin)
        .isInstanceOfSatisfying(CatalogException.class, e -> assertThat(e.sqlState()).isEqualTo("57P01"))
        .hasMessage("terminating connection: this server was fenced by a newer writer (epoch " + newer.epoch()
            + "; this server's was " + (newer.epoch() - 1) + ")");
    sleepPastTheReopenBackOff();
    assertThat(newer.checkFenced()).as("a fenced catalog never reopens (which would fence the newer one)").isEmpty();
    newer.close();
  }

  @Test
  void aWriteThatRunsIntoTheNewerWriterIs57P01() {
    createTables();
    Db newer = openDb(store);
    assertThatThrownBy(() -> commitSnapshot(1))
        .isInstanceOfSatisfying(CatalogException.class, e -> assertThat(e.sqlState()).isEqualTo("57P01"))
        .hasMessageContaining("fenced by a newer writer (epoch " + newer.epoch());
    assertThat(catalog.checkFenced()).hasValue(newer.epoch());
    newer.close();
  }

  @Test
  void aFenceCheckDuringTheWritersOwnReopenDoesNotMistakeItForANewerWriter() throws Exception {
    AtomicReference<OptionalLong> seenMidReopen =
        new AtomicReference<>();
    AtomicBoolean armed = new AtomicBoolean();
    Thread[] checker = new Thread[1];
    Catalog[] reopeningRef = new Catalog[1];
    ObjectStore hooked = new ForwardingStore(store) {
      @Override public boolean putIfAbsent(String key, byte[] data) {
        boolean created = super.putIfAbsent(key, data);
        if (created && key.startsWith("manifest/") && armed.compareAndSet(true, false)) {
          // The reopened writer's bumped manifest is in the store; the catalog still holds the old
          // writer. A fence check from another thread now must not take the new epoch for a rival.
          checker[0] = new Thread(() -> seenMidReopen.set(reopeningRef[0].checkFenced()));
          checker[0].start();
          try {
            checker[0].join(300);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
        return created;
      }
    };
    Catalog reopening = Catalog.open(openDb(hooked), () -> openDb(hooked));
    reopeningRef[0] = reopening;
    CatalogTransaction first = reopening.begin();
    DuckLakeRelations.createTables(first);
    first.commit();
    store.startOutage(StoreFailureReason.NO_SPACE);
    CatalogTransaction failing = reopening.begin();
    failing.insert(SNAPSHOT, snapshot(1));
    assertThatThrownBy(failing::commit).isInstanceOf(CatalogException.class);
    store.endOutage();
    armed.set(true);
    CatalogTransaction retry = reopening.begin();
    retry.insert(SNAPSHOT, snapshot(1));
    retry.commit();
    checker[0].join(5_000);
    assertThat(seenMidReopen.get()).as("the check saw no rival").isEmpty();
    assertThat(reopening.checkFenced()).isEmpty();
    CatalogTransaction read = reopening.begin();
    assertThat(read.scan(SNAPSHOT)).hasSize(1);
    read.rollback();
  }

  private static void sleepPastTheReopenBackOff() {
    try {
      Thread.sleep(Catalog.REOPEN_BACKOFF_NANOS / 1_000_000 + 50);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** Passes every call on; a test overrides the one it watches. */
  private static class ForwardingStore implements ObjectStore {
    private final ObjectStore delegate;

    ForwardingStore(ObjectStore delegate) {
      this.delegate = delegate;
    }

    @Override public Optional<byte[]> get(String key) {
      return delegate.get(key);
    }

    @Override public byte[] getRange(String key, long offset, int length) {
      return delegate.getRange(key, offset, length);
    }

    @Override public void put(String key, byte[] data) {
      delegate.put(key, data);
    }

    @Override public boolean putIfAbsent(String key, byte[] data) {
      return delegate.putIfAbsent(key, data);
    }

    @Override public List<String> list(String prefix) {
      return delegate.list(prefix);
    }

    @Override public void delete(String key) {
      delegate.delete(key);
    }
  }
}
