package io.rocklake.kv.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MeteredObjectStoreTest {
  @Test
  void countsRequestsAndBytesPerKind() {
    MeteredObjectStore store = new MeteredObjectStore(new InMemoryObjectStore());
    store.put("a", new byte[10]);
    store.putIfAbsent("b", new byte[5]);
    store.get("a");
    store.getRange("a", 2, 3);
    store.list("");
    store.delete("a");
    StoreMetrics m = store.metrics();
    assertThat(m.requests(OpKind.PUT)).isEqualTo(1);
    assertThat(m.bytes(OpKind.PUT)).isEqualTo(10);
    assertThat(m.bytes(OpKind.PUT_IF_ABSENT)).isEqualTo(5);
    assertThat(m.bytes(OpKind.GET)).isEqualTo(10);
    assertThat(m.bytes(OpKind.GET_RANGE)).isEqualTo(3);
    assertThat(m.requests(OpKind.LIST)).isEqualTo(1);
    assertThat(m.writeRequests()).isEqualTo(3);
  }
}
