package io.rocklake.kv.store;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** What every {@link ObjectStore} must do; each implementation's test extends this. */
public abstract class ObjectStoreContract {

  protected abstract ObjectStore store();

  private static byte[] b(String s) {
    return s.getBytes(UTF_8);
  }

  @Test
  void aMissingObjectReadsAsEmpty() {
    assertThat(store().get("nothing/here")).isEmpty();
    assertThatThrownBy(() -> store().getRange("nothing/here", 0, 10)).isInstanceOf(ObjectNotFoundException.class);
  }

  @Test
  void putThenGetReturnsTheBytes() {
    store().put("a/one", b("hello"));
    assertThat(store().get("a/one")).hasValueSatisfying(v -> assertThat(v).isEqualTo(b("hello")));
  }

  @Test
  void rangedGetReturnsTheSliceAndStopsAtTheEnd() {
    store().put("r/x", b("0123456789"));
    assertThat(store().getRange("r/x", 2, 3)).isEqualTo(b("234"));
    assertThat(store().getRange("r/x", 8, 10)).isEqualTo(b("89"));
    assertThat(store().getRange("r/x", 0, 10)).isEqualTo(b("0123456789"));
  }

  @Test
  void createIfAbsentWinsOnceAndNeverOverwrites() {
    assertThat(store().putIfAbsent("cas/1", b("first"))).isTrue();
    assertThat(store().putIfAbsent("cas/1", b("second"))).isFalse();
    assertThat(store().get("cas/1")).hasValueSatisfying(v -> assertThat(v).isEqualTo(b("first")));
  }

  @Test
  protected void concurrentCreateIfAbsentHasExactlyOneWinner() throws Exception {
    int contenders = 4;
    ExecutorService pool = Executors.newFixedThreadPool(contenders);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Boolean>> results = new ArrayList<>();
      for (int i = 0; i < contenders; i++) {
        byte[] data = b("writer-" + i);
        results.add(pool.submit(() -> {
          start.await();
          return store().putIfAbsent("race/manifest", data);
        }));
      }
      start.countDown();
      int winners = 0;
      for (Future<Boolean> f : results) {
        winners += f.get() ? 1 : 0;
      }
      assertThat(winners).isEqualTo(1);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void listReturnsOnlyThePrefixInOrder() {
    store().put("wal/00000000000000000002.wal", b("2"));
    store().put("wal/00000000000000000001.wal", b("1"));
    store().put("sst/x.sst", b("s"));
    store().put("walrus/y", b("w"));
    assertThat(store().list("wal/")).containsExactly("wal/00000000000000000001.wal", "wal/00000000000000000002.wal");
    assertThat(store().list("zzz/")).isEmpty();
  }

  @Test
  void deleteRemovesAndIsIdempotent() {
    store().put("d/x", b("x"));
    store().delete("d/x");
    store().delete("d/x");
    assertThat(store().get("d/x")).isEmpty();
    assertThat(store().list("d/")).isEmpty();
  }

  @Test
  void emptyObjectsRoundTrip() {
    assertThat(store().putIfAbsent("e/empty", new byte[0])).isTrue();
    assertThat(store().get("e/empty")).hasValueSatisfying(v -> assertThat(v).isEmpty());
  }
}
