package io.rocklake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.catalog.CatalogException;
import io.rocklake.catalog.SqlState;
import io.rocklake.kv.KeyValue;
import io.rocklake.kv.KvReader;
import io.rocklake.kv.store.ObjectNotFoundException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A scan that finds an object collected mid-way resumes on the moved-on view exactly after its last
 * key, forwards and backwards: no key lost, none twice. The reader here is an in-memory sorted map
 * that fails its n-th step once (as an SST read does when the collector got there first).
 */
class ReplicaViewTest {
  /** Keys k00..k19 in byte order; the {@code failAt}-th element read (over all scans) throws once. */
  private static class FailingOnce implements KvReader {
    final NavigableMap<String, String> data = new TreeMap<>();
    final AtomicInteger reads = new AtomicInteger();
    final int failAt;
    boolean failed;

    FailingOnce(int failAt) {
      this.failAt = failAt;
      for (int i = 0; i < 20; i++) {
        data.put(String.format("k%02d", i), "v" + i);
      }
    }

    @Override public long lastSeq() {
      return 1;
    }

    @Override public Optional<byte[]> get(byte[] key, long seq) {
      step();
      return Optional.ofNullable(data.get(new String(key, StandardCharsets.UTF_8))).map(v -> v.getBytes(StandardCharsets.UTF_8));
    }

    private void step() {
      if (reads.incrementAndGet() == failAt && !failed) {
        failed = true;
        throw new RuntimeException("reading a block", new ObjectNotFoundException("sst/gone.sst"));
      }
    }

    private Iterator<KeyValue> over(Iterable<Map.Entry<String, String>> entries) {
      Iterator<Map.Entry<String, String>> it = entries.iterator();
      return new Iterator<>() {
        @Override public boolean hasNext() {
          return it.hasNext();
        }

        @Override public KeyValue next() {
          step();
          Map.Entry<String, String> e = it.next();
          return new KeyValue(e.getKey().getBytes(StandardCharsets.UTF_8), e.getValue().getBytes(StandardCharsets.UTF_8));
        }
      };
    }

    private NavigableMap<String, String> range(byte[] start, byte[] end) {
      // Keys are ASCII; a resumed start is a key plus a zero byte, which sorts right after it.
      String from = start == null ? "" : new String(start, StandardCharsets.ISO_8859_1);
      return end == null ? data.tailMap(from, true) : data.subMap(from, true, new String(end, StandardCharsets.ISO_8859_1), false);
    }

    @Override public Iterator<KeyValue> scan(byte[] start, byte[] end, long seq) {
      return over(range(start, end).entrySet());
    }

    @Override public Iterator<KeyValue> scanDescending(byte[] start, byte[] end, long seq) {
      return over(range(start, end).descendingMap().entrySet());
    }
  }

  private static List<String> keys(Iterator<KeyValue> it) {
    List<String> out = new ArrayList<>();
    it.forEachRemaining(kv -> out.add(new String(kv.key(), StandardCharsets.UTF_8)));
    return out;
  }

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void aScanResumesAfterItsLastKeyForwardsAndBackwards() {
    for (int failAt = 1; failAt <= 12; failAt++) {
      FailingOnce reader = new FailingOnce(failAt);
      AtomicInteger recoveries = new AtomicInteger();
      ReplicaView view = new ReplicaView(reader, () -> recoveries.incrementAndGet() > 0);
      assertThat(keys(view.scan(b("k03"), b("k15")))).as("failing at read %d", failAt)
          .isEqualTo(new ArrayList<>(reader.data.subMap("k03", true, "k15", false).keySet()));
      assertThat(recoveries.get()).isEqualTo(1);
      FailingOnce backwards = new FailingOnce(failAt);
      ReplicaView back = new ReplicaView(backwards, () -> true);
      assertThat(keys(back.scanDescending(b("k03"), b("k15")))).as("failing at read %d", failAt)
          .isEqualTo(new ArrayList<>(backwards.data.subMap("k03", true, "k15", false).descendingKeySet()));
    }
  }

  @Test
  void aGetIsReadAgainAndAViewThatCannotMoveOnIs40001() {
    FailingOnce reader = new FailingOnce(1);
    assertThat(new ReplicaView(reader, () -> true).get(b("k07")).map(v -> new String(v, StandardCharsets.UTF_8)))
        .contains("v7");
    assertThatThrownBy(() -> new ReplicaView(new FailingOnce(1), () -> false).get(b("k07")))
        .isInstanceOfSatisfying(CatalogException.class, e -> assertThat(e.state()).isEqualTo(SqlState.SERIALIZATION_FAILURE))
        .hasMessageContaining("retry the statement");
  }

  @Test
  void otherFailuresAreNotRetried() {
    KvReader broken = new FailingOnce(99) {
      @Override public Optional<byte[]> get(byte[] key, long seq) {
        throw new IllegalStateException("corrupt block");
      }
    };
    AtomicInteger recoveries = new AtomicInteger();
    assertThatThrownBy(() -> new ReplicaView(broken, () -> recoveries.incrementAndGet() > 0).get(b("k01")))
        .isInstanceOf(IllegalStateException.class);
    assertThat(recoveries.get()).isZero();
  }
}
