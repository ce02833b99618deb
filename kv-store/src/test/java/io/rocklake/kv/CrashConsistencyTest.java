package io.rocklake.kv;

import static io.rocklake.kv.TestData.b;
import static io.rocklake.kv.TestData.dump;
import static io.rocklake.kv.TestData.s;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.kv.store.FaultInjectingObjectStore;
import io.rocklake.kv.store.FaultInjectingObjectStore.Fault;
import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.kv.store.LocalFolderObjectStore;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.kv.store.ObjectStoreException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Randomized fault schedules: failed, torn and unacknowledged PUTs and process crashes between any
 * two object writes, each followed by a reopen. After every reopen: every acknowledged batch is
 * present, the one batch whose outcome was unknown is either wholly visible or wholly absent, and
 * the store always reopens. Raise {@code -Dkv.crash.schedules} for a long run.
 */
class CrashConsistencyTest {
  private static final Fault[] FAULTS = Fault.values();

  @Test
  void inMemorySchedules() {
    int schedules = Integer.getInteger("kv.crash.schedules", 1000);
    for (int i = 0; i < schedules; i++) {
      runSchedule(0xC0FFEEL + i, InMemoryObjectStore::new);
    }
  }

  @Test
  void localFolderSchedules(@TempDir Path dir) throws Exception {
    int schedules = Math.max(50, Integer.getInteger("kv.crash.schedules", 1000) / 20);
    for (int i = 0; i < schedules; i++) {
      Path root = Files.createDirectory(dir.resolve("s" + i));
      runSchedule(0x10CA1L + i, () -> new LocalFolderObjectStore(root));
    }
  }

  static void runSchedule(long seed, Supplier<ObjectStore> disk) {
    Random rnd = new Random(seed);
    ObjectStore durable = disk.get();
    DbOptions options =
        rnd.nextBoolean()
            ? TestData.deterministic()
            : TestData.deterministic().withMemtableFlushBytes(300).withL0CompactionTrigger(3);
    TreeMap<String, String> model = new TreeMap<>();
    int lives = 1 + rnd.nextInt(3);
    for (int life = 0; life < lives; life++) {
      FaultInjectingObjectStore faulty = new FaultInjectingObjectStore(durable);
      faulty.crashAtWrite(rnd.nextInt(40));
      for (int f = rnd.nextInt(3); f > 0; f--) {
        faulty.inject(rnd.nextInt(40), FAULTS[rnd.nextInt(FAULTS.length)]);
      }
      Map<String, String> unknownOutcome = null;
      try (Db db = Db.open(faulty, options)) {
        for (int op = 0; op < 25; op++) {
          int kind = rnd.nextInt(13);
          if (kind < 9) {
            Map<String, String> batch = randomBatch(rnd);
            unknownOutcome = batch;
            db.write(TestData.toBatch(batch));
            unknownOutcome = null;
            TestData.apply(model, batch);
          } else if (kind < 11) {
            db.flush();
          } else if (kind < 12) {
            db.compact();
          } else {
            // Collect with no grace period: only what the latest manifest needs may survive.
            new GarbageCollector(faulty, java.time.Clock.systemUTC(), java.time.Duration.ZERO).collect();
          }
        }
      } catch (KvException | ObjectStoreException expected) {
        // The modelled process died or its writer gave up; what matters is what a reopen finds.
      }
      try (Db check = Db.open(durable, TestData.deterministic())) {
        TreeMap<String, String> seen = dump(check);
        if (!seen.equals(model) && unknownOutcome != null) {
          TreeMap<String, String> withBatch = new TreeMap<>(model);
          TestData.apply(withBatch, unknownOutcome);
          if (seen.equals(withBatch)) {
            model = withBatch; // the batch became durable though its commit reported failure
          }
        }
        assertThat(seen).as("schedule seed %d, life %d", seed, life).isEqualTo(model);
        for (Map.Entry<String, String> e : model.entrySet()) {
          assertThat(check.get(b(e.getKey())).map(TestData::s)).as("seed %d get %s", seed, e.getKey()).contains(e.getValue());
        }
      }
    }
  }

  private static Map<String, String> randomBatch(Random rnd) {
    Map<String, String> batch = new LinkedHashMap<>();
    for (int i = 1 + rnd.nextInt(4); i > 0; i--) {
      batch.put("key" + rnd.nextInt(12), rnd.nextInt(4) == 0 ? null : "v" + rnd.nextInt(100000));
    }
    return batch;
  }

  @SuppressWarnings("unused")
  private static String str(byte[] v) {
    return s(v);
  }
}
