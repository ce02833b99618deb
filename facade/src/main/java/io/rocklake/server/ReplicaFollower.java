package io.rocklake.server;

import io.rocklake.catalog.Catalog;
import io.rocklake.kv.DbReader;
import io.rocklake.kv.store.ObjectStore;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What makes a server a read-only replica: a kv-store reader on the catalog's store (it never writes
 * an object, so it never fences or slows the writer) and a read-only catalog on it, moved on to the
 * writer's newest commit every poll interval. Each refresh catches the reader up (the manifest and
 * the WAL objects after it, or a newer manifest when the writer collected those) and then the
 * catalog's latest commit, floor and relations mark, so a transaction that begins afterwards reads
 * the newest commit whole: its facts, like the mark, arrive in one WAL batch.
 *
 * <p>Staleness is bounded by the poll interval plus one refresh; {@link #lagMillis()} is the time
 * since the last refresh that succeeded, which grows while the store cannot be read.
 */
public final class ReplicaFollower implements AutoCloseable {
  /** How often a replica looks for the writer's commits unless told otherwise. */
  public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofMillis(100);
  private static final Logger LOG = LoggerFactory.getLogger(ReplicaFollower.class);

  private final DbReader reader;
  private final Catalog catalog;
  private final Duration pollInterval;
  private final ScheduledExecutorService poller;
  private volatile long lastRefreshNanos;
  /** Whether the last scheduled refresh failed, so that a failing store is logged once, not every tick. */
  private volatile boolean failing;
  /** Runs after a refresh that moved the catalog to a newer commit (change notifications). */
  private volatile Runnable onMoved = () -> {};

  private ReplicaFollower(ObjectStore store, String writerLocation, Duration pollInterval) {
    if (pollInterval.isNegative() || pollInterval.isZero()) {
      throw new IllegalArgumentException("the replica poll interval must be positive, not " + pollInterval);
    }
    this.pollInterval = pollInterval;
    this.reader = DbReader.open(store); // refreshed here, not on the reader's own thread: the catalog follows it
    this.lastRefreshNanos = System.nanoTime();
    this.catalog = Catalog.openReadOnly(new ReplicaView(reader, this::recover), refusal(writerLocation));
    this.poller = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "rocklake-replica-follower");
      t.setDaemon(true);
      return t;
    });
    long every = pollInterval.toMillis();
    poller.scheduleWithFixedDelay(this::tick, every, every, TimeUnit.MILLISECONDS);
  }

  /** Opens a replica of the catalog in {@code store}, which {@code writerLocation} names in refusals. */
  public static ReplicaFollower start(ObjectStore store, String writerLocation, Duration pollInterval) {
    return new ReplicaFollower(store, writerLocation, pollInterval);
  }

  /** The message of every write refused on a replica (25006). */
  static String refusal(String writerLocation) {
    return "this server is a read-only replica of the catalog at " + writerLocation
        + "; write through the writer (the rocklake serve without --read-only on that catalog)";
  }

  /** The read-only catalog that follows the writer. */
  public Catalog catalog() {
    return catalog;
  }

  public Duration pollInterval() {
    return pollInterval;
  }

  /** Catches up with the writer now: reader first, then catalog. */
  public synchronized void refresh() {
    long before = catalog.latestCommit();
    reader.refresh();
    catalog.refresh();
    lastRefreshNanos = System.nanoTime();
    if (catalog.latestCommit() != before) {
      try {
        onMoved.run();
      } catch (RuntimeException e) {
        LOG.warn("replica could not announce the commits it caught up with: {}", e.getMessage());
      }
    }
  }

  /** {@code listener} runs on the follower's thread after each refresh that brought newer commits. */
  public void onMoved(Runnable listener) {
    onMoved = listener;
  }

  /** Milliseconds since the last successful refresh: the most by which this replica can be behind, less a refresh. */
  public long lagMillis() {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - lastRefreshNanos);
  }

  /** The newest commit this replica serves. */
  public long commit() {
    return catalog.latestCommit();
  }

  private void tick() {
    try {
      refresh();
      if (failing) {
        failing = false;
        LOG.info("replica caught up with the writer again at commit {}", catalog.latestCommit());
      }
    } catch (RuntimeException e) {
      if (!failing) {
        failing = true;
        LOG.warn("replica could not read the catalog's store (serving commit {}, retrying every {} ms): {}",
            catalog.latestCommit(), pollInterval.toMillis(), e.getMessage());
      }
    }
  }

  /** A read found an object of its view collected: move to the newest manifest, if the store answers. */
  private boolean recover() {
    try {
      long before = reader.manifest().id();
      refresh();
      LOG.info("replica's view was collected under it: moved from manifest {} to {}", before, reader.manifest().id());
      return true;
    } catch (RuntimeException e) {
      LOG.warn("replica could not move to the writer's newest manifest: {}", e.getMessage());
      return false;
    }
  }

  @Override public void close() {
    poller.shutdownNow();
    reader.close();
  }
}
