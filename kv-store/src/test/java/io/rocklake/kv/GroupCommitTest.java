package io.rocklake.kv;

import static io.rocklake.kv.TestData.b;
import static io.rocklake.kv.TestData.dump;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.kv.format.ObjectKeys;
import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.kv.store.ObjectStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class GroupCommitTest {

  @Test
  @Timeout(120) // a safety net against a hang, not a performance assertion
  void batchesQueuedBehindAWalWriteShareTheNextWalObject() throws Exception {
    InMemoryObjectStore backing = new InMemoryObjectStore();
    CountDownLatch release = new CountDownLatch(1);
    GateOnWalWrites store = new GateOnWalWrites(backing, release);
    ExecutorService pool = Executors.newFixedThreadPool(6);
    try (Db db = Db.open(store, TestData.deterministic())) {
      int walsAfterOpen = backing.list(ObjectKeys.WAL_PREFIX).size();
      store.armed = true;
      Future<?> leader = pool.submit(() -> db.put(b("leader"), b("1")));
      store.entered.await(); // the leader is inside its WAL write
      List<Future<Long>> followers = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        int n = i;
        followers.add(pool.submit(() -> db.put(b("follower" + n), b("x"))));
      }
      while (db.queuedCommits() < 5) {
        Thread.onSpinWait();
      }
      release.countDown();
      leader.get();
      List<Long> seqs = new ArrayList<>();
      for (Future<Long> f : followers) {
        seqs.add(f.get());
      }
      assertThat(seqs).doesNotHaveDuplicates();
      assertThat(backing.list(ObjectKeys.WAL_PREFIX)).hasSize(walsAfterOpen + 2);
      assertThat(dump(db)).hasSize(6);
    } finally {
      pool.shutdownNow();
    }
    try (Db reopened = Db.open(backing, TestData.deterministic())) {
      assertThat(dump(reopened)).hasSize(6);
    }
  }

  /** Holds the first WAL write after arming until released. */
  private static final class GateOnWalWrites extends ForwardingObjectStore {
    private final CountDownLatch release;
    final CountDownLatch entered = new CountDownLatch(1);
    volatile boolean armed;

    GateOnWalWrites(ObjectStore delegate, CountDownLatch release) {
      super(delegate);
      this.release = release;
    }

    @Override
    public boolean putIfAbsent(String key, byte[] data) {
      if (armed && key.startsWith(ObjectKeys.WAL_PREFIX)) {
        armed = false;
        entered.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return super.putIfAbsent(key, data);
    }
  }
}
