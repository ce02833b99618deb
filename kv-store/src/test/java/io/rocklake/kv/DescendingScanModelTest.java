package io.rocklake.kv;

import static io.rocklake.kv.TestData.b;
import static io.rocklake.kv.TestData.s;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.kv.store.InMemoryObjectStore;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code scanDescending} against a {@code TreeMap} model and against the forward scan reversed:
 * random batches of puts and deletes, flushes (also automatic ones), compactions, snapshots and
 * reopenings, then descending scans with random bounds (open or not, present keys or not) at the
 * latest sequence number, at every open snapshot's, and at arbitrary older ones, on the writer and
 * on a reader. Each seed replays the same run, so a failure names the seed that reproduces it.
 */
class DescendingScanModelTest {
  private static final int STEPS = 80;

  static LongStream seeds() {
    return LongStream.range(0, 150);
  }

  private record OpenSnapshot(Snapshot snapshot, TreeMap<String, String> model) {}

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void descendingScansReadLikeTheModelAndLikeTheForwardScanReversed(long seed) {
    Random random = new Random(seed);
    InMemoryObjectStore store = new InMemoryObjectStore();
    DbOptions options =
        TestData.deterministic().withMemtableFlushBytes(1500).withL0CompactionTrigger(3).withSstTargetBytes(1024);
    TreeMap<String, String> model = new TreeMap<>();
    Deque<OpenSnapshot> snapshots = new ArrayDeque<>();
    Db db = Db.open(store, options);
    DbReader reader = DbReader.open(store);
    try {
      for (int step = 0; step < STEPS; step++) {
        int action = random.nextInt(100);
        if (action < 55) {
          Map<String, String> batch = randomBatch(random);
          db.write(TestData.toBatch(batch));
          TestData.apply(model, batch);
        } else if (action < 63) {
          db.flush();
        } else if (action < 68) {
          db.compact();
        } else if (action < 74) {
          snapshots.addLast(new OpenSnapshot(db.snapshot(), new TreeMap<>(model)));
          if (snapshots.size() > 3) {
            snapshots.removeFirst().snapshot().close();
          }
        } else if (action < 76) {
          snapshots.forEach(o -> o.snapshot().close());
          snapshots.clear();
          db.close();
          db = Db.open(store, options);
        } else {
          check(random, db, reader, model, snapshots, "seed " + seed + " step " + step);
        }
      }
      check(random, db, reader, model, snapshots, "seed " + seed + " at the end");
    } finally {
      reader.close();
      db.close();
    }
  }

  private static void check(
      Random random, Db db, DbReader reader, TreeMap<String, String> model, Deque<OpenSnapshot> snapshots, String where) {
    String start = randomBound(random);
    String end = randomBound(random);
    if (start != null && end != null && start.compareTo(end) > 0) {
      String t = start;
      start = end;
      end = t;
    }
    byte[] from = start == null ? null : b(start);
    byte[] to = end == null ? null : b(end);
    String range = where + " range [" + start + ", " + end + ")";

    assertThat(list(db.scanDescending(from, to))).as("writer, latest, %s", range).isEqualTo(descending(model, start, end));
    for (OpenSnapshot o : snapshots) {
      long seq = o.snapshot().seq();
      assertThat(list(db.scanDescending(from, to, seq)))
          .as("writer at snapshot %d, %s", seq, range)
          .isEqualTo(descending(o.model(), start, end));
    }
    long anySeq = (long) (random.nextDouble() * (db.lastSeq() + 1));
    assertThat(list(db.scanDescending(from, to, anySeq)))
        .as("writer at seq %d, %s", anySeq, range)
        .isEqualTo(reversed(list(db.scan(from, to, anySeq))));

    reader.refresh();
    assertThat(list(reader.scanDescending(from, to))).as("reader, latest, %s", range).isEqualTo(descending(model, start, end));
    long readerSeq = (long) (random.nextDouble() * (reader.lastSeq() + 1));
    assertThat(list(reader.scanDescending(from, to, readerSeq)))
        .as("reader at seq %d, %s", readerSeq, range)
        .isEqualTo(reversed(list(reader.scan(from, to, readerSeq))));
  }

  /** Up to five operations on 40 keys, a quarter of them deletes; values long enough to fill several blocks. */
  private static Map<String, String> randomBatch(Random random) {
    Map<String, String> batch = new LinkedHashMap<>();
    int ops = 1 + random.nextInt(5);
    for (int i = 0; i < ops; i++) {
      String key = String.format("k%02d", random.nextInt(40));
      batch.put(key, random.nextInt(4) == 0 ? null : "v".repeat(random.nextInt(40)) + random.nextInt(1000));
    }
    return batch;
  }

  /** Null (an open bound) sometimes; otherwise a key that may or may not exist, or lies between keys. */
  private static String randomBound(Random random) {
    int r = random.nextInt(10);
    if (r == 0) {
      return null;
    }
    String key = String.format("k%02d", random.nextInt(42));
    return r < 4 ? key + "m" : key;
  }

  private static List<String> descending(TreeMap<String, String> model, String start, String end) {
    NavigableMap<String, String> range = model;
    if (start != null) {
      range = range.tailMap(start, true);
    }
    if (end != null) {
      range = range.headMap(end, false);
    }
    List<String> out = new ArrayList<>();
    range.descendingMap().forEach((k, v) -> out.add(k + "=" + v));
    return out;
  }

  private static List<String> list(Iterator<KeyValue> it) {
    List<String> out = new ArrayList<>();
    it.forEachRemaining(kv -> out.add(s(kv.key()) + "=" + s(kv.value())));
    return out;
  }

  private static List<String> reversed(List<String> forward) {
    List<String> out = new ArrayList<>(forward);
    Collections.reverse(out);
    return out;
  }
}
