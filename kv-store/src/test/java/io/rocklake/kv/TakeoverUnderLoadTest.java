package io.rocklake.kv;

import static io.rocklake.kv.TestData.b;
import static io.rocklake.kv.TestData.s;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.kv.store.LocalFolderObjectStore;
import io.rocklake.kv.store.ObjectStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replacing a writer while it commits: new writers open one after another on a catalog that several
 * threads keep committing to, on a real folder (whose listings race with the writes, as S3's do).
 */
class TakeoverUnderLoadTest {
  @TempDir Path dir;

  @Test
  void aThousandTakeoversUnderLoadAllStartAndLoseNoAcknowledgedBatch() throws Exception {
    int takeovers = Integer.getInteger("kv.takeovers", 1000);
    TakeoverRun run = new TakeoverRun(new LocalFolderObjectStore(dir), TakeoverRun.options(), 3);
    run.takeOver(takeovers);
    assertThat(run.failures()).as("errors other than being fenced").isEmpty();
    assertThat(run.opened()).isEqualTo(takeovers);
    assertThat(run.acknowledged()).as("commits under load").hasSizeGreaterThan(takeovers);
    run.assertEachTakeoverReplayedABoundedLog();
    run.assertNoWriterThreadOutlivesTheRun();
    run.assertEveryAcknowledgedBatchIsReadable();
  }

  @Test
  void racingTakeoversEachStartOrLoseToANewerWriterAndLoseNoAcknowledgedBatch() throws Exception {
    int takeovers = Integer.getInteger("kv.racing.takeovers", 200);
    TakeoverRun run = new TakeoverRun(new LocalFolderObjectStore(dir), TakeoverRun.options(), 3);
    run.takeOver(takeovers, 3);
    assertThat(run.failures()).as("errors other than being fenced by a newer writer").isEmpty();
    assertThat(run.opened() + run.fencedWhileOpening()).isEqualTo(takeovers);
    System.out.printf("racing takeovers: %d started, %d lost to a newer writer while recovering%n", run.opened(), run.fencedWhileOpening());
    assertThat(run.opened()).as("racing takeovers that started").isPositive();
    run.assertEachTakeoverReplayedABoundedLog();
    run.assertNoWriterThreadOutlivesTheRun();
    run.assertEveryAcknowledgedBatchIsReadable();
  }

  /**
   * Committer threads write to whichever writer is current while a taker opens new writers; the
   * superseded writers keep committing until they learn they are fenced.
   */
  public static final class TakeoverRun {
    private final ObjectStore store;
    private final DbOptions options;
    private final int committers;
    private final AtomicReference<Db> current = new AtomicReference<>();
    private final Map<String, String> acked = new ConcurrentHashMap<>();
    private final List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    // By epoch, not by Db: a closed writer keeps its memtables and caches, so holding on to every
    // one closed here (1,000) would retain far more than any live writer does.
    private final Set<Long> closedByTest = ConcurrentHashMap.newKeySet();
    private final AtomicLong commits = new AtomicLong();
    private final List<Db> superseded = new ArrayList<>();
    private final AtomicInteger opened = new AtomicInteger();
    private final AtomicInteger fencedWhileOpening = new AtomicInteger();
    private final AtomicLong longestReplay = new AtomicLong();
    private int writerThreadsBefore;
    private int writerThreadsAfter;
    private volatile boolean stop;

    TakeoverRun(ObjectStore store, DbOptions options, int committers) {
      this.store = store;
      this.options = options;
      this.committers = committers;
    }

    /**
     * Small flushes and a busy collector with a short grace, so that takeovers also meet flushes,
     * compactions and collections (of WAL objects, SSTs and manifests) in flight.
     */
    static DbOptions options() {
      return DbOptions.defaults()
          .withMemtableFlushBytes(16 * 1024)
          .withWalFlushObjects(64)
          .withL0CompactionTrigger(4)
          .withGcInterval(Duration.ofMillis(100))
          .withGcGrace(Duration.ofSeconds(1));
    }

    /** {@code times} takeovers, one after another. */
    void takeOver(int times) throws InterruptedException {
      takeOver(times, 1);
    }

    /** {@code times} takeovers in all by {@code takers} threads racing each other. */
    void takeOver(int times, int takers) throws InterruptedException {
      writerThreadsBefore = writerThreads();
      current.set(Db.open(store, options));
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < committers; t++) {
        int id = t;
        threads.add(new Thread(() -> commitUntilStopped(id), "committer-" + t));
      }
      List<Thread> takerThreads = new ArrayList<>();
      for (int t = 0; t < takers; t++) {
        int share = times / takers + (t < times % takers ? 1 : 0);
        takerThreads.add(new Thread(() -> takeOverRepeatedly(share), "taker-" + t));
      }
      threads.forEach(Thread::start);
      takerThreads.forEach(Thread::start);
      try {
        for (Thread th : takerThreads) {
          th.join();
        }
        awaitCommits(2);
      } finally {
        stop = true;
        for (Thread th : threads) {
          th.join();
        }
        synchronized (superseded) {
          superseded.forEach(Db::close);
        }
        current.get().close();
        writerThreadsAfter = awaitWriterThreads(writerThreadsBefore);
      }
    }

    /** Live background threads of writers (collectors and flush/compaction threads). */
    private static int writerThreads() {
      return (int) Thread.getAllStackTraces().keySet().stream()
          .filter(t -> t.isAlive() && (t.getName().equals("kv-gc") || t.getName().equals("kv-compaction")))
          .count();
    }

    /** Writer threads once there are {@code expected} (a stopped pool's thread may take a moment to end), or after 5 s. */
    private static int awaitWriterThreads(int expected) throws InterruptedException {
      long deadline = System.nanoTime() + 5_000_000_000L;
      int live = writerThreads();
      while (live > expected && System.nanoTime() < deadline) {
        Thread.sleep(10);
        live = writerThreads();
      }
      return live;
    }

    private void takeOverRepeatedly(int times) {
      for (int i = 0; i < times && failures.isEmpty(); i++) {
        try {
          awaitCommits(1); // the writer about to be replaced is committing
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
        Db next;
        try {
          next = Db.open(store, options);
        } catch (FencedException e) {
          // Another taker opened a newer writer while this one was recovering: it lost, cleanly.
          if (e.fencingEpoch() <= e.ownEpoch()) {
            failures.add(new AssertionError("fenced by an older epoch", e));
          }
          fencedWhileOpening.incrementAndGet();
          continue;
        } catch (RuntimeException e) {
          failures.add(new AssertionError("a takeover did not start: " + e, e));
          continue;
        }
        opened.incrementAndGet();
        // Batches the new writer holds beyond its manifest: the log it replayed and did not flush.
        longestReplay.accumulateAndGet(next.lastSeq() - next.manifest().lastSeq(), Math::max);
        // Keep the newest writer current, whichever taker finished first.
        Db replaced;
        while (true) {
          Db cur = current.get();
          if (cur.epoch() > next.epoch()) {
            replaced = next;
            break;
          }
          if (current.compareAndSet(cur, next)) {
            replaced = cur;
            break;
          }
        }
        synchronized (superseded) {
          superseded.add(replaced);
          if (superseded.size() > 4) {
            // Close an older one; its committers have had time to see that it is fenced.
            Db oldest = superseded.remove(0);
            closedByTest.add(oldest.epoch());
            oldest.close();
          }
        }
      }
    }

    private void awaitCommits(int n) throws InterruptedException {
      long target = commits.get() + n;
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (commits.get() < target && System.nanoTime() < deadline && failures.isEmpty()) {
        Thread.sleep(0, 200_000);
      }
    }

    private void commitUntilStopped(int committer) {
      long n = 0;
      while (!stop) {
        Db db = current.get();
        String key = "c" + committer + "-" + n;
        String value = "v" + n + "@" + db.epoch();
        try {
          // Like a catalog commit: a handful of facts in one batch.
          db.write(new WriteBatch().put(b(key), b(value)).put(b("latest/" + committer), b(key)));
          acked.put(key, value);
          commits.incrementAndGet();
          n++;
        } catch (FencedException expected) {
          // A newer writer took over (or is taking over); move on to it once it is current.
          pause();
        } catch (KvException e) {
          if (!closedByTest.contains(db.epoch())) {
            failures.add(e);
          }
        } catch (RuntimeException e) {
          failures.add(e);
        }
      }
    }

    private static void pause() {
      try {
        Thread.sleep(1);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    int opened() {
      return opened.get();
    }

    int fencedWhileOpening() {
      return fencedWhileOpening.get();
    }

    List<Throwable> failures() {
      return failures;
    }

    Map<String, String> acknowledged() {
      return acked;
    }

    /**
     * A writer flushes a replayed log at the flush trigger before it starts, so none starts with
     * {@code walFlushObjects} WAL objects' worth of batches or more (each holds at most one batch
     * per committer) however many writers came before it.
     */
    void assertEachTakeoverReplayedABoundedLog() {
      System.out.printf("longest log a takeover replayed and kept unflushed: %d batches%n", longestReplay.get());
      assertThat(longestReplay.get()).as("batches a new writer replayed and kept unflushed")
          .isLessThan((long) committers * options.walFlushObjects());
    }

    void assertNoWriterThreadOutlivesTheRun() {
      assertThat(writerThreadsAfter).as("writer threads left after every writer was closed or lost its takeover")
          .isEqualTo(writerThreadsBefore);
    }

    void assertEveryAcknowledgedBatchIsReadable() {
      try (Db check = Db.open(store, options)) {
        List<String> lost = new ArrayList<>();
        acked.forEach((k, v) -> {
          String seen = check.get(b(k)).map(TestData::s).orElse(null);
          if (!v.equals(seen)) {
            lost.add(k + "=" + v + " (read " + seen + ")");
          }
        });
        assertThat(lost).as("acknowledged but lost").isEmpty();
        assertThat(s(check.get(b("latest/0")).orElseThrow())).startsWith("c0-");
      }
    }
  }
}
