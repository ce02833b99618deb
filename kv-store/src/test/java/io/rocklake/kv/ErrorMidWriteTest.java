package io.rocklake.kv;

import static io.rocklake.kv.TestData.b;
import static io.rocklake.kv.TestData.dump;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.kv.format.ObjectKeys;
import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.kv.store.ObjectStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An Error thrown in the middle of a write (the takeover suite once ran out of heap inside a
 * background flush) leaves that write's outcome as unknown as a failed store write does: the writer
 * must stop writing, and acknowledge nothing it did not make durable.
 */
class ErrorMidWriteTest {

  /** Stands for an OutOfMemoryError, without exhausting the test JVM's heap. */
  static final class SimulatedError extends Error {
    SimulatedError(String message) {
      super(message);
    }
  }

  @Test
  void anErrorInAFlushStopsTheWriterAndLosesNoAcknowledgedBatch() {
    InMemoryObjectStore backing = new InMemoryObjectStore();
    boolean[] failNextSst = {false};
    ObjectStore store = new ForwardingObjectStore(backing) {
      @Override
      public void put(String key, byte[] data) {
        if (failNextSst[0] && key.startsWith(ObjectKeys.SST_PREFIX)) {
          failNextSst[0] = false;
          throw new SimulatedError("out of memory writing " + key);
        }
        super.put(key, data);
      }
    };
    Map<String, String> acknowledged = new TreeMap<>();
    try (Db db = Db.open(store, TestData.deterministic())) {
      db.put(b("a"), b("1"));
      db.put(b("b"), b("2"));
      acknowledged.putAll(Map.of("a", "1", "b", "2"));
      failNextSst[0] = true;
      assertThatThrownBy(db::flush).isInstanceOf(SimulatedError.class); // the memtable was frozen first
      try {
        db.put(b("c"), b("3"));
        acknowledged.put("c", "3");
        db.flush();
      } catch (KvException refused) {
        assertThat(refused).hasMessageContaining("must be reopened");
      }
      assertThat(dump(db)).as("what the writer still reads").isEqualTo(acknowledged);
      assertThat(db.failure()).as("the writer records what stopped it").isPresent();
    }
    try (Db reopened = Db.open(backing, TestData.deterministic())) {
      assertThat(dump(reopened)).isEqualTo(acknowledged);
    }
  }

  @Test
  @Timeout(120) // a safety net against a hang, not a performance assertion
  void anErrorWritingASharedWalObjectAcknowledgesNoneOfItsBatches() throws Exception {
    InMemoryObjectStore backing = new InMemoryObjectStore();
    CountDownLatch leaderInside = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    int[] walWrites = {0};
    boolean[] armed = {false};
    ObjectStore store = new ForwardingObjectStore(backing) {
      @Override
      public boolean putIfAbsent(String key, byte[] data) {
        if (armed[0] && key.startsWith(ObjectKeys.WAL_PREFIX)) {
          int n;
          synchronized (walWrites) {
            n = ++walWrites[0];
          }
          if (n == 1) { // the leader's own group: held until two batches queue behind it
            leaderInside.countDown();
            try {
              release.await();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          } else if (n == 2) { // the group of the two queued batches
            throw new SimulatedError("out of memory writing " + key);
          }
        }
        return super.putIfAbsent(key, data);
      }
    };
    ExecutorService pool = Executors.newFixedThreadPool(3);
    Map<String, String> acknowledged = new TreeMap<>();
    try (Db db = Db.open(store, TestData.deterministic())) {
      armed[0] = true;
      Future<Long> leader = pool.submit(() -> db.put(b("leader"), b("1")));
      leaderInside.await();
      List<Future<Long>> queued = new ArrayList<>();
      for (String k : List.of("q1", "q2")) {
        queued.add(pool.submit(() -> db.put(b(k), b("x"))));
      }
      while (db.queuedCommits() < 2) {
        Thread.onSpinWait();
      }
      release.countDown();
      leader.get();
      acknowledged.put("leader", "1");
      List<Throwable> outcomes = new ArrayList<>();
      for (int i = 0; i < queued.size(); i++) {
        try {
          queued.get(i).get();
          acknowledged.put("q" + (i + 1), "x");
        } catch (ExecutionException e) {
          outcomes.add(e.getCause());
        }
      }
      assertThat(outcomes).as("both batches of the failed WAL object are refused").hasSize(2);
    } finally {
      pool.shutdownNow();
    }
    try (Db reopened = Db.open(backing, TestData.deterministic())) {
      assertThat(dump(reopened)).as("every acknowledged batch, after a restart").isEqualTo(acknowledged);
    }
  }
}
