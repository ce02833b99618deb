package io.rocklake.kv.sst;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.kv.format.CorruptObjectException;
import io.rocklake.kv.lsm.Entry;
import io.rocklake.kv.lsm.EntryIterator;
import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.kv.store.MeteredObjectStore;
import io.rocklake.kv.store.OpKind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SstTest {
  private final InMemoryObjectStore backing = new InMemoryObjectStore();
  private final MeteredObjectStore store = new MeteredObjectStore(backing);

  private static byte[] k(int i) {
    return String.format("key%06d", i).getBytes(UTF_8);
  }

  /** Keys 0..n-1, each with versions at seq 2i+2 (value) and 2i+1 (older value); every 10th newest is a tombstone. */
  private SstInfo write(int n) {
    SstWriter w = new SstWriter(512);
    for (int i = 0; i < n; i++) {
      w.add(new Entry(k(i), 2L * i + 2, i % 10 == 0 ? null : ("new" + i).getBytes(UTF_8)));
      w.add(new Entry(k(i), 2L * i + 1, ("old" + i).getBytes(UTF_8)));
    }
    SstWriter.Built built = w.finish("01JAAAAAAAAAAAAAAAAAAAAAAA");
    backing.put(built.info().objectKey(), built.bytes());
    return built.info();
  }

  @Test
  void pointLookupsFindTheNewestVersionAtOrBelowTheSequence() {
    SstReader r = SstReader.open(store, write(2000), new BlockCache(1 << 20));
    Entry newest = r.get(k(1234), Long.MAX_VALUE);
    assertThat(new String(newest.value(), UTF_8)).isEqualTo("new1234");
    Entry older = r.get(k(1234), 2L * 1234 + 1);
    assertThat(new String(older.value(), UTF_8)).isEqualTo("old1234");
    assertThat(r.get(k(1234), 2L * 1234)).isNull();
    assertThat(r.get(k(20), Long.MAX_VALUE).isTombstone()).isTrue();
    assertThat(r.get("absent".getBytes(UTF_8), Long.MAX_VALUE)).isNull();
  }

  @Test
  void iterationYieldsEveryEntryInInternalOrderFromTheStartKey() {
    SstReader r = SstReader.open(store, write(500), new BlockCache(1 << 20));
    EntryIterator it = r.iterator(k(100));
    List<Entry> seen = new ArrayList<>();
    for (Entry e = it.next(); e != null; e = it.next()) {
      seen.add(e);
    }
    assertThat(seen).hasSize(800);
    assertThat(seen.get(0).key()).isEqualTo(k(100));
    assertThat(seen.get(0).seq()).isEqualTo(202);
    assertThat(seen.get(1).seq()).isEqualTo(201);
  }

  @Test
  void aColdScanFetchesManyBlocksPerRequest() {
    SstInfo info = write(5000);
    SstReader r = SstReader.open(store, info, new BlockCache(64 << 20));
    long before = store.metrics().requests(OpKind.GET_RANGE);
    EntryIterator it = r.iterator(null);
    int n = 0;
    while (it.next() != null) {
      n++;
    }
    long requests = store.metrics().requests(OpKind.GET_RANGE) - before;
    assertThat(n).isEqualTo(10_000);
    long blocks = info.size() / 512;
    assertThat(requests).isLessThan(blocks / 20);
  }

  @Test
  void aBadMagicOrFooterIsReportedPrecisely() {
    SstInfo info = write(10);
    byte[] bytes = backing.get(info.objectKey()).orElseThrow();
    bytes[bytes.length - 1] ^= 1;
    backing.overwriteForTest(info.objectKey(), bytes);
    assertThatThrownBy(() -> SstReader.open(store, info, new BlockCache(1 << 20)))
        .isInstanceOf(CorruptObjectException.class)
        .hasMessageContaining("bad SST magic")
        .hasMessageContaining(info.objectKey());
  }

  @Test
  void aFlippedIndexByteFailsTheIndexChecksum() {
    SstInfo info = write(100);
    byte[] bytes = backing.get(info.objectKey()).orElseThrow();
    long indexOffset = io.rocklake.kv.format.ByteReader.readI64(bytes, bytes.length - 52);
    bytes[(int) indexOffset + 6] ^= 0x10;
    backing.overwriteForTest(info.objectKey(), bytes);
    assertThatThrownBy(() -> SstReader.open(store, info, new BlockCache(1 << 20)))
        .isInstanceOf(CorruptObjectException.class)
        .hasMessageContaining("SST index checksum mismatch");
  }
}
