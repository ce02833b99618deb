package io.rocklake.kv;

import static io.rocklake.kv.TestData.b;
import static io.rocklake.kv.TestData.s;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.kv.store.MeteredObjectStore;
import io.rocklake.kv.store.OpKind;
import java.util.Iterator;
import org.junit.jupiter.api.Test;

/**
 * Reading the last key of a prefix (what {@code SELECT MAX(snapshot_id)} needs) costs about one
 * data block per SST that holds the prefix's end, however many keys the prefix has. Measured as
 * ranged GETs on a cold reader over a metered store, for 1,000 and 100,000 keys.
 */
class DescendingScanCostTest {
  private static final int BLOCK = 4096;

  /** Ranged GET requests and bytes a cold reader spends on the last key of prefix {@code p/}. */
  private record Cost(long requests, long bytes) {}

  private static Cost lastKeyOfPrefix(int keys, boolean compacted) {
    InMemoryObjectStore backing = new InMemoryObjectStore();
    DbOptions options = TestData.deterministic().withBlockSize(BLOCK).withSstTargetBytes(1 << 20);
    try (Db db = Db.open(backing, options)) {
      // Neighbours on both sides, so the prefix is in the middle of its SSTs, not at their edges.
      write(db, "a/", 1000);
      write(db, "p/", keys);
      write(db, "z/", 1000);
      db.flush();
      if (compacted) {
        db.compact();
      }
    }
    MeteredObjectStore metered = new MeteredObjectStore(backing);
    try (DbReader reader = DbReader.open(metered)) {
      long requests = metered.metrics().requests(OpKind.GET_RANGE);
      long bytes = metered.metrics().bytes(OpKind.GET_RANGE);
      Iterator<KeyValue> it = reader.scanPrefixDescending(b("p/"));
      assertThat(s(it.next().key())).isEqualTo(String.format("p/%06d", keys - 1));
      return new Cost(
          metered.metrics().requests(OpKind.GET_RANGE) - requests, metered.metrics().bytes(OpKind.GET_RANGE) - bytes);
    }
  }

  private static void write(Db db, String prefix, int count) {
    TestData.writeNumbered(db, prefix, count, "v");
  }

  /** At most two requests and two blocks for 100,000 keys, and no more requests than for 1,000. */
  private static void assertTheLastKeyReadsOnlyTheLastBlocks(boolean compacted) {
    Cost small = lastKeyOfPrefix(1_000, compacted);
    Cost large = lastKeyOfPrefix(100_000, compacted);
    assertThat(large.requests()).as("requests, 100k keys").isLessThanOrEqualTo(2);
    assertThat(large.bytes()).as("bytes, 100k keys").isLessThanOrEqualTo(2L * (BLOCK + 256));
    assertThat(large.requests()).as("requests do not grow with the key count").isEqualTo(small.requests());
  }

  @Test
  void theLastKeyOfAHundredThousandKeyPrefixInTheSortedRunReadsOnlyTheLastBlocks() {
    assertTheLastKeyReadsOnlyTheLastBlocks(true);
  }

  @Test
  void theLastKeyOfAHundredThousandKeyPrefixInOneL0SstReadsOnlyTheLastBlocks() {
    assertTheLastKeyReadsOnlyTheLastBlocks(false);
  }
}
