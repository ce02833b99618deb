package io.rocklake.kv;

import static io.rocklake.kv.TestData.b;
import static io.rocklake.kv.TestData.dump;
import static io.rocklake.kv.TestData.s;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.kv.store.MeteredObjectStore;
import io.rocklake.kv.store.OpKind;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class DbReaderTest {
  private final InMemoryObjectStore store = new InMemoryObjectStore();

  @Test
  void aReaderSeesCommittedDataAndCatchesUpOnRefresh() {
    try (Db db = Db.open(store, TestData.deterministic())) {
      db.put(b("a"), b("1"));
      db.flush();
      db.put(b("b"), b("2"));
      try (DbReader reader = DbReader.open(store)) {
        assertThat(dump(reader)).isEqualTo(Map.of("a", "1", "b", "2"));
        db.put(b("c"), b("3"));
        db.delete(b("a"));
        assertThat(dump(reader)).as("no refresh yet").isEqualTo(Map.of("a", "1", "b", "2"));
        reader.refresh();
        assertThat(dump(reader)).isEqualTo(Map.of("b", "2", "c", "3"));
        db.flush();
        db.compact();
        db.put(b("d"), b("4"));
        reader.refresh();
        assertThat(dump(reader)).isEqualTo(Map.of("b", "2", "c", "3", "d", "4"));
        assertThat(reader.lastSeq()).isEqualTo(db.lastSeq());
      }
    }
  }

  @Test
  void aReaderNeverWritesAnObject() {
    MeteredObjectStore metered = new MeteredObjectStore(store);
    try (Db db = Db.open(store, TestData.deterministic())) {
      db.put(b("a"), b("1"));
      db.createCheckpoint(null);
      try (DbReader reader = DbReader.open(metered)) {
        for (int i = 0; i < 20; i++) {
          db.put(b("k" + i), b("v"));
          if (i % 7 == 0) {
            db.flush();
          }
          reader.refresh();
          dump(reader);
          reader.get(b("k0"));
        }
        try (DbReader pinned = DbReader.openCheckpoint(metered, db.checkpoints().get(0).id())) {
          assertThat(dump(pinned)).isEqualTo(Map.of("a", "1"));
        }
      }
    }
    assertThat(metered.metrics().requests(OpKind.GET) + metered.metrics().requests(OpKind.LIST)).isPositive();
    assertThat(metered.metrics().requests(OpKind.PUT)).isZero();
    assertThat(metered.metrics().requests(OpKind.PUT_IF_ABSENT)).isZero();
    assertThat(metered.metrics().requests(OpKind.DELETE)).isZero();
  }

  @Test
  void aReaderOnlyEverSeesWholeBatchesInCommitOrder() throws Exception {
    // Every batch sets x, y and z to its own number: a reader must never see them differ.
    AtomicBoolean done = new AtomicBoolean();
    AtomicReference<AssertionError> failure = new AtomicReference<>();
    try (Db db = Db.open(store, TestData.deterministic().withMemtableFlushBytes(2000).withL0CompactionTrigger(3))) {
      db.write(new WriteBatch().put(b("x"), b("0")).put(b("y"), b("0")).put(b("z"), b("0")));
      try (DbReader reader = DbReader.open(store)) {
        Thread watcher = new Thread(() -> {
          long last = -1;
          try {
            while (!done.get()) {
              reader.refresh();
              TreeMap<String, String> seen = dump(reader);
              long n = Long.parseLong(seen.get("x"));
              assertThat(seen.get("y")).isEqualTo(seen.get("x"));
              assertThat(seen.get("z")).isEqualTo(seen.get("x"));
              assertThat(n).isGreaterThanOrEqualTo(last);
              last = n;
            }
          } catch (AssertionError e) {
            failure.set(e);
          }
        });
        watcher.start();
        for (int i = 1; i <= 300; i++) {
          String v = Integer.toString(i);
          db.write(new WriteBatch().put(b("x"), b(v)).put(b("y"), b(v)).put(b("z"), b(v)));
        }
        done.set(true);
        watcher.join();
        reader.refresh();
        assertThat(s(reader.get(b("z")).orElseThrow())).isEqualTo("300");
      }
    }
    if (failure.get() != null) {
      throw failure.get();
    }
  }

  @Test
  void aReaderCanRefreshOnAnInterval() throws Exception {
    try (Db db = Db.open(store, TestData.deterministic())) {
      db.put(b("a"), b("1"));
      try (DbReader reader = DbReader.open(store, java.time.Duration.ofMillis(5))) {
        db.put(b("b"), b("2"));
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (reader.get(b("b")).isEmpty() && System.nanoTime() < deadline) {
          Thread.sleep(5);
        }
        assertThat(dump(reader)).isEqualTo(Map.of("a", "1", "b", "2"));
      }
    }
  }
}
