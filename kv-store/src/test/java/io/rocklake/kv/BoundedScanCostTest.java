package io.rocklake.kv;

import static io.rocklake.kv.TestData.b;
import static io.rocklake.kv.TestData.s;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.kv.sst.SstInfo;
import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.kv.store.MeteredObjectStore;
import io.rocklake.kv.store.OpKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A forward scan fetches only data blocks that can hold a key of its range: SSTs whose key range
 * misses {@code [start, end)} are not read at all, and readahead stops at the end key. Measured as
 * ranged GETs on a cold reader over a metered store.
 */
class BoundedScanCostTest {
  private final InMemoryObjectStore backing = new InMemoryObjectStore();
  private final MeteredObjectStore metered = new MeteredObjectStore(backing);
  private final DbOptions options = TestData.deterministic().withBlockSize(4096).withSstTargetBytes(8 << 10);

  private static void writeKeys(Db db, String prefix, int count) {
    TestData.writeNumbered(db, prefix, count, "value-");
  }

  private static List<String> keys(Iterator<KeyValue> it) {
    List<String> out = new ArrayList<>();
    it.forEachRemaining(kv -> out.add(s(kv.key())));
    return out;
  }

  /** Ranged GETs (requests, bytes) one action issues. */
  private long[] rangedGets(Runnable action) {
    long requests = metered.metrics().requests(OpKind.GET_RANGE);
    long bytes = metered.metrics().bytes(OpKind.GET_RANGE);
    action.run();
    return new long[] {
      metered.metrics().requests(OpKind.GET_RANGE) - requests, metered.metrics().bytes(OpKind.GET_RANGE) - bytes
    };
  }

  @Test
  void aScanOfARangeBeforeAnL0SstsFirstKeyReadsNoneOfItsDataBlocks() {
    try (Db db = Db.open(backing, options)) {
      writeKeys(db, "m/", 200);
      db.flush();
      writeKeys(db, "z/", 200);
      db.flush();
      assertThat(db.manifest().l0()).hasSize(2);
    }
    try (DbReader reader = DbReader.open(metered)) {
      List<String> found = new ArrayList<>();
      long[] cost = rangedGets(() -> found.addAll(keys(reader.scan(b("n/"), b("p/")))));
      assertThat(found).isEmpty();
      assertThat(cost[0]).as("ranged GETs for a range no SST holds").isZero();

      long[] control = rangedGets(() -> found.addAll(keys(reader.scan(b("z/000010"), b("z/000020")))));
      assertThat(found).hasSize(10);
      assertThat(control[0]).as("a range the SST does hold is read").isPositive();
    }
  }

  @Test
  void aScanOfTheGapBetweenTwoSortedRunSstsReadsNeither() {
    SstInfo before;
    SstInfo after;
    try (Db db = Db.open(backing, options)) {
      writeKeys(db, "k/", 2000);
      db.flush();
      db.compact();
      List<SstInfo> run = db.manifest().sortedRun();
      assertThat(run).hasSizeGreaterThan(2);
      before = run.get(run.size() / 2);
      after = run.get(run.size() / 2 + 1);
    }
    byte[] gapStart = Arrays.copyOf(before.lastKey(), before.lastKey().length + 1); // just after its last key
    try (DbReader reader = DbReader.open(metered)) {
      List<String> found = new ArrayList<>();
      long[] cost = rangedGets(() -> found.addAll(keys(reader.scan(gapStart, after.firstKey()))));
      assertThat(found).isEmpty();
      assertThat(cost[0]).as("ranged GETs for the gap between %s and %s", s(before.lastKey()), s(after.firstKey())).isZero();
    }
  }

  @Test
  void aShortScanAtTheStartOfALargeSstReadsAboutOneBlockNotTheReadahead() {
    try (Db db = Db.open(backing, options)) {
      writeKeys(db, "k/", 50_000);
      db.flush();
      assertThat(db.manifest().l0()).hasSize(1);
      assertThat(db.manifest().l0().get(0).size()).isGreaterThan(1 << 20);
    }
    try (DbReader reader = DbReader.open(metered)) {
      List<String> found = new ArrayList<>();
      long[] cost = rangedGets(() -> found.addAll(keys(reader.scan(b("k/000000"), b("k/000010")))));
      assertThat(found).hasSize(10);
      assertThat(cost[1]).as("bytes fetched for ten keys in 4 KiB blocks").isLessThanOrEqualTo(2 * 4096 + 512);
    }
  }
}
