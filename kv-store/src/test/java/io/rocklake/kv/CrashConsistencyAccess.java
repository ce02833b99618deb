package io.rocklake.kv;

import io.rocklake.kv.store.ObjectStore;
import java.util.function.Supplier;

/** Lets the S3 suites run the same randomized schedules as the in-memory ones. */
public final class CrashConsistencyAccess {
  private CrashConsistencyAccess() {}

  public static void crashSchedule(long seed, Supplier<ObjectStore> store) {
    CrashConsistencyTest.runSchedule(seed, store);
  }

  public static int fencingInterleaving(long seed, ObjectStore store) {
    return FencingTest.runInterleaving(seed, store);
  }
}
