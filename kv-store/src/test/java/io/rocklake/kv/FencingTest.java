package io.rocklake.kv;

import static io.rocklake.kv.TestData.b;
import static io.rocklake.kv.TestData.dump;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.kv.store.ObjectStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class FencingTest {

  @Test
  void theSecondWriterFencesTheFirstAndKeepsEverythingItAcknowledged() {
    ObjectStore store = new InMemoryObjectStore();
    Db first = Db.open(store, TestData.deterministic());
    first.put(b("a"), b("1"));
    first.flush();
    first.put(b("b"), b("2"));
    Db second = Db.open(store, TestData.deterministic());
    assertThatThrownBy(() -> first.put(b("c"), b("3")))
        .isInstanceOf(FencedException.class)
        .hasMessageContaining("writer epoch 1 fenced by epoch 2")
        .satisfies(e -> {
          FencedException f = (FencedException) e;
          assertThat(f.ownEpoch()).isEqualTo(1);
          assertThat(f.fencingEpoch()).isEqualTo(2);
        });
    assertThatThrownBy(first::flush).isInstanceOf(FencedException.class);
    assertThat(dump(second)).isEqualTo(Map.of("a", "1", "b", "2"));
    second.put(b("d"), b("4"));
    first.close();
    second.close();
    try (Db third = Db.open(store, TestData.deterministic())) {
      assertThat(dump(third)).isEqualTo(Map.of("a", "1", "b", "2", "d", "4"));
    }
  }

  @Test
  void aFencedWritersFlushCannotHideTheNewWritersData() {
    ObjectStore store = new InMemoryObjectStore();
    Db first = Db.open(store, TestData.deterministic());
    first.put(b("k"), b("old"));
    Db second = Db.open(store, TestData.deterministic());
    second.put(b("k"), b("new"));
    assertThatThrownBy(first::flush).isInstanceOf(FencedException.class);
    assertThatThrownBy(first::compact).isInstanceOf(FencedException.class);
    try (Db third = Db.open(store, TestData.deterministic())) {
      assertThat(dump(third)).isEqualTo(Map.of("k", "new"));
    }
    first.close();
    second.close();
  }

  /**
   * The second writer opens between two randomly chosen store calls of the first writer's work;
   * every batch either writer acknowledged must survive, in order, and the first writer must never
   * acknowledge a batch it started after the second finished opening (split brain).
   */
  @Test
  void randomizedInterleavingsNeverSplitTheBrain() {
    int runs = Integer.getInteger("kv.fencing.interleavings", 1000);
    int splitBrains = 0;
    for (int run = 0; run < runs; run++) {
      splitBrains += runInterleaving(0xFE11CEL + run, new InMemoryObjectStore());
    }
    assertThat(splitBrains).isZero();
  }

  /**
   * The second writer opens (and maybe writes) between two randomly chosen store calls of the first
   * writer's work; every batch either acknowledged must survive in order.
   *
   * @return how many batches the first writer acknowledged although it started them after the
   *     second writer had opened (split brain)
   */
  static int runInterleaving(long seed, ObjectStore shared) {
    Random rnd = new Random(seed);
    int splitBrains = 0;
    HookedObjectStore viaFirst = new HookedObjectStore(shared);
    List<Map<String, String>> ackedByFirst = new ArrayList<>();
    List<Map<String, String>> ackedBySecond = new ArrayList<>();
    Db first = Db.open(viaFirst, TestData.deterministic());
    Db[] second = new Db[1];
    for (int i = rnd.nextInt(4); i > 0; i--) {
      Map<String, String> batch = randomBatch(rnd, "first");
      first.write(TestData.toBatch(batch));
      ackedByFirst.add(batch);
    }
    int secondWrites = rnd.nextInt(3);
    viaFirst.runBeforeCall(rnd.nextInt(25), () -> {
      second[0] = Db.open(shared, TestData.deterministic());
      for (int i = 0; i < secondWrites; i++) {
        Map<String, String> batch = randomBatch(rnd, "second");
        second[0].write(TestData.toBatch(batch));
        ackedBySecond.add(batch);
      }
    });
    boolean firstFailed = false;
    for (int op = 0; op < 12 && !firstFailed; op++) {
      boolean secondOpenBefore = second[0] != null;
      try {
        int kind = rnd.nextInt(10);
        if (kind < 7) {
          Map<String, String> batch = randomBatch(rnd, "first");
          first.write(TestData.toBatch(batch));
          ackedByFirst.add(batch);
          if (secondOpenBefore) {
            splitBrains++;
          }
        } else if (kind < 9) {
          first.flush();
        } else {
          first.compact();
        }
      } catch (KvException e) {
        firstFailed = true;
        assertThat(second[0]).as("seed %d: the first writer only fails once fenced", seed).isNotNull();
        assertThat(e).isInstanceOf(FencedException.class);
      }
    }
    if (second[0] == null) {
      second[0] = Db.open(shared, TestData.deterministic());
    }
    Map<String, String> last = randomBatch(rnd, "second");
    second[0].write(TestData.toBatch(last));
    ackedBySecond.add(last);
    first.close();
    second[0].close();

    TreeMap<String, String> expected = new TreeMap<>();
    ackedByFirst.forEach(bt -> TestData.apply(expected, bt));
    ackedBySecond.forEach(bt -> TestData.apply(expected, bt));
    try (Db check = Db.open(shared, TestData.deterministic())) {
      assertThat(dump(check)).as("seed %d", seed).isEqualTo(expected);
    }
    return splitBrains;
  }

  private static Map<String, String> randomBatch(Random rnd, String writer) {
    Map<String, String> batch = new LinkedHashMap<>();
    for (int i = 1 + rnd.nextInt(3); i > 0; i--) {
      String key = "k" + rnd.nextInt(6);
      batch.put(key, rnd.nextInt(5) == 0 ? null : writer + "-" + rnd.nextInt(1000));
    }
    return batch;
  }
}
