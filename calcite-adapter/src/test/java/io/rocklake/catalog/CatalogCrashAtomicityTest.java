package io.rocklake.catalog;

import static io.rocklake.catalog.CatalogFixture.SNAPSHOT;
import static io.rocklake.catalog.CatalogFixture.TABLE;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.kv.Db;
import io.rocklake.kv.KvException;
import io.rocklake.kv.store.FaultInjectingObjectStore;
import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.kv.store.ObjectStoreException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Catalog commits under failed, torn and unacknowledged PUTs and crashes between any two object
 * writes: after reopening, every acknowledged commit is wholly present, the one commit whose
 * outcome was unknown is wholly present or wholly absent, and nothing else is.
 */
class CatalogCrashAtomicityTest {
  private static final FaultInjectingObjectStore.Fault[] FAULTS = FaultInjectingObjectStore.Fault.values();

  @Test
  void everyCommitIsAllOrNothing() {
    int schedules = Integer.getInteger("catalog.crash.schedules", 300);
    int interrupted = 0;
    for (int i = 0; i < schedules; i++) {
      interrupted += runSchedule(0xCA7A1L + i);
    }
    // The schedules must really hit commits: most lives end in a fault, not after all 12 commits.
    assertThat(interrupted).isGreaterThan(schedules);
  }

  /** Returns how many of the schedule's lives a fault cut short. */
  private static int runSchedule(long seed) {
    int interrupted = 0;
    Random rnd = new Random(seed);
    InMemoryObjectStore durable = new InMemoryObjectStore();
    TreeSet<Long> acknowledged = new TreeSet<>(); // snapshot ids of acknowledged commits
    Long unknown = null;
    long nextSnapshot = 0;
    for (int life = 0; life < 2; life++) {
      FaultInjectingObjectStore faulty = new FaultInjectingObjectStore(durable);
      faulty.crashAtWrite(rnd.nextInt(30));
      if (rnd.nextBoolean()) {
        faulty.inject(rnd.nextInt(30), FAULTS[rnd.nextInt(FAULTS.length)]);
      }
      try (Db db = CatalogFixture.openDb(faulty)) {
        Catalog catalog = Catalog.open(db);
        for (int c = 0; c < 12; c++) {
          long id = nextSnapshot++;
          CatalogTransaction tx = catalog.begin();
          tx.insert(SNAPSHOT, CatalogFixture.snapshot(id));
          for (int t = 0; t < 3; t++) { // every commit of snapshot s writes three table rows for s
            tx.insert(TABLE, CatalogFixture.table(id, "s" + id + "_" + t, id));
          }
          unknown = id;
          tx.commit();
          unknown = null;
          acknowledged.add(id);
        }
      } catch (CatalogException | KvException | ObjectStoreException e) {
        interrupted++; // the modelled process died; what counts is what a reopen finds
      }
      try (Db db = CatalogFixture.openDb(durable)) {
        Catalog catalog = Catalog.open(db);
        CatalogTransaction read = catalog.begin();
        TreeSet<Long> snapshots = new TreeSet<>();
        read.scan(SNAPSHOT).forEach(r -> snapshots.add((Long) r.get(0)));
        List<Long> tableSnapshots = new ArrayList<>();
        read.scan(TABLE).forEach(r -> tableSnapshots.add((Long) r.get(0)));
        if (unknown != null && snapshots.contains(unknown)) {
          acknowledged.add(unknown); // applied though its commit reported failure
        }
        unknown = null;
        assertThat(snapshots).as("seed %d life %d", seed, life).isEqualTo(acknowledged);
        for (long s : snapshots) {
          assertThat(tableSnapshots.stream().filter(x -> x == s).count()).as("seed %d: rows of commit %d", seed, s)
              .isEqualTo(3);
        }
        assertThat(tableSnapshots).hasSize(3 * snapshots.size());
        assertThat(catalog.begin().scan(RockLakeRelations.COMMIT)).hasSize(snapshots.size());
      }
    }
    return interrupted;
  }
}
