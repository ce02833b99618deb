package io.rocklake.kv;

import io.rocklake.kv.store.ObjectStore;
import java.util.function.Supplier;

/** Lets the S3 suites run the same randomized schedules and load runs as the in-memory and folder ones. */
public final class CrashConsistencyAccess {
  private CrashConsistencyAccess() {}

  public static void crashSchedule(long seed, Supplier<ObjectStore> store) {
    CrashConsistencyTest.runSchedule(seed, store);
  }

  public static int fencingInterleaving(long seed, ObjectStore store) {
    return FencingTest.runInterleaving(seed, store);
  }

  /** {@code takeovers} writers opened one after another while three threads commit; asserts all started and nothing acknowledged is lost. */
  public static void takeoversUnderLoad(ObjectStore store, int takeovers) throws InterruptedException {
    // A calmer collector than on a folder: every S3Mock listing walks its whole store.
    DbOptions options = TakeoverUnderLoadTest.TakeoverRun.options().withGcInterval(java.time.Duration.ofSeconds(1)).withWalFlushObjects(8);
    TakeoverUnderLoadTest.TakeoverRun run = new TakeoverUnderLoadTest.TakeoverRun(store, options, 3);
    run.takeOver(takeovers);
    org.assertj.core.api.Assertions.assertThat(run.failures()).as("errors other than being fenced").isEmpty();
    org.assertj.core.api.Assertions.assertThat(run.opened()).isEqualTo(takeovers);
    run.assertEveryAcknowledgedBatchIsReadable();
  }
}
