package io.rocklake.kv;

import static io.rocklake.kv.TestData.b;
import static io.rocklake.kv.TestData.dump;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.kv.format.ObjectKeys;
import io.rocklake.kv.store.LocalFolderObjectStore;
import io.rocklake.kv.store.ObjectStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writers replaced faster than they flush. Under load a takeover follows a writer's first commit by
 * about a millisecond, while the flush that commit starts (on the background thread) takes longer
 * the more WAL the writer replayed; a fenced writer's flush cannot publish, so unless the opening
 * writer flushes what it replayed, each takeover hands the next one a longer log (and every open
 * writer a bigger memtable). Here every background flush is held at its SST until the next writer
 * has opened, which is that race lost every time.
 */
class TakeoverWalTailTest {
  private static final int WAL_FLUSH_OBJECTS = 8;

  @TempDir Path dir;

  private DbOptions options() {
    return DbOptions.defaults().withWalFlushObjects(WAL_FLUSH_OBJECTS).withGcInterval(Duration.ofMinutes(1));
  }

  @Test
  void writersFencedBeforeTheirFlushLandsStillLeaveTheNextOneABoundedWalToReplay() {
    BackgroundSstGate store = new BackgroundSstGate(new LocalFolderObjectStore(dir));
    Map<String, String> acknowledged = new TreeMap<>();
    List<Long> tails = new ArrayList<>();
    Db previous = null;
    for (int i = 0; i < 5 * WAL_FLUSH_OBJECTS; i++) {
      Db next = Db.open(store, options());
      store.open(); // the previous writer's flush goes on now, and finds itself fenced
      if (previous != null) {
        previous.close();
      }
      tails.add(unflushedWalObjects(store, next));
      store.hold();
      next.put(b("k" + i), b("v" + i)); // may start a background flush, held at its SST
      acknowledged.put("k" + i, "v" + i);
      previous = next;
    }
    store.open();
    previous.close();

    assertThat(tails).as("WAL objects past the manifest each new writer started from").allSatisfy(
        tail -> assertThat(tail).isLessThanOrEqualTo(WAL_FLUSH_OBJECTS));
    try (Db check = Db.open(store, options())) {
      assertThat(dump(check)).isEqualTo(acknowledged);
    }
  }

  @Test
  void writersThatNeverCommitStillLeaveTheNextOneABoundedWalToReplay() {
    ObjectStore store = new LocalFolderObjectStore(dir);
    try (Db first = Db.open(store, options())) {
      first.put(b("k"), b("v"));
    }
    List<Long> tails = new ArrayList<>();
    for (int i = 0; i < 5 * WAL_FLUSH_OBJECTS; i++) {
      try (Db next = Db.open(store, options())) { // each leaves one more fence, and nothing else
        tails.add(unflushedWalObjects(store, next));
      }
    }
    assertThat(tails).as("WAL objects past the manifest each new writer started from").allSatisfy(
        tail -> assertThat(tail).isLessThanOrEqualTo(WAL_FLUSH_OBJECTS));
    try (Db check = Db.open(store, options())) {
      assertThat(dump(check)).isEqualTo(Map.of("k", "v"));
    }
  }

  @Test
  void aWriterFencedWhileFlushingTheLogItReplayedIsNotHandedOutAndLeavesNoThreadBehind() throws InterruptedException {
    ObjectStore folder = new LocalFolderObjectStore(dir);
    Map<String, String> acknowledged = new TreeMap<>();
    try (Db first = Db.open(folder, options().withWalFlushObjects(1000))) {
      for (int i = 0; i < 2 * WAL_FLUSH_OBJECTS; i++) {
        first.put(b("k" + i), b("v" + i)); // one WAL object each, none flushed
        acknowledged.put("k" + i, "v" + i);
      }
    }
    AtomicReference<Db> newer = new AtomicReference<>();
    ObjectStore store = new ForwardingObjectStore(folder) {
      @Override
      public void put(String key, byte[] data) {
        if (key.startsWith(ObjectKeys.SST_PREFIX) && newer.get() == null) {
          newer.set(Db.open(folder, options())); // a newer writer opens while this one flushes
        }
        super.put(key, data);
      }
    };
    int collectorsBefore = liveThreads("kv-gc");

    assertThatThrownBy(() -> Db.open(store, options()))
        .isInstanceOfSatisfying(FencedException.class, e -> assertThat(e.fencingEpoch()).isEqualTo(newer.get().epoch()));
    try (Db winner = newer.get()) {
      assertThat(awaitLiveThreads("kv-gc", collectorsBefore + 1)).as("collector threads: the newer writer's only").isEqualTo(collectorsBefore + 1);
      assertThat(dump(winner)).isEqualTo(acknowledged);
    }
  }

  private static int liveThreads(String name) {
    return (int) Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && t.getName().equals(name)).count();
  }

  /** Live threads called {@code name} once there are {@code expected} (a stopped pool's thread may take a moment to end), or after 5 s. */
  private static int awaitLiveThreads(String name, int expected) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    int live = liveThreads(name);
    while (live != expected && System.nanoTime() < deadline) {
      Thread.sleep(10);
      live = liveThreads(name);
    }
    return live;
  }

  /** WAL objects a restart from {@code db}'s manifest would replay (its fence included). */
  private static long unflushedWalObjects(ObjectStore store, Db db) {
    long flushed = db.manifest().walIdFlushed();
    return store.list(ObjectKeys.WAL_PREFIX).stream().mapToLong(ObjectKeys::parseWalId).filter(id -> id > flushed).count();
  }

  /**
   * Holds SST writes made on a writer's background thread (its flushes and compactions) while
   * closed; writes on other threads, such as a writer's own open, pass.
   */
  static final class BackgroundSstGate extends ForwardingObjectStore {
    private boolean closed;

    BackgroundSstGate(ObjectStore delegate) {
      super(delegate);
    }

    synchronized void hold() {
      closed = true;
    }

    synchronized void open() {
      closed = false;
      notifyAll();
    }

    @Override
    public void put(String key, byte[] data) {
      if (key.startsWith(ObjectKeys.SST_PREFIX) && Thread.currentThread().getName().equals("kv-compaction")) {
        synchronized (this) {
          while (closed) {
            try {
              wait();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              throw new IllegalStateException(e);
            }
          }
        }
      }
      super.put(key, data);
    }
  }
}
