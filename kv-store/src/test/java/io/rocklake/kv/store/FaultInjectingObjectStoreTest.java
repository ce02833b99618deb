package io.rocklake.kv.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.kv.store.FaultInjectingObjectStore.Fault;
import org.junit.jupiter.api.Test;

class FaultInjectingObjectStoreTest {
  private final InMemoryObjectStore backing = new InMemoryObjectStore();
  private final FaultInjectingObjectStore store = new FaultInjectingObjectStore(backing);

  @Test
  void aFailedWriteLeavesNothing() {
    store.inject(0, Fault.FAIL);
    assertThatThrownBy(() -> store.put("k/a", new byte[] {1})).isInstanceOf(ObjectStoreException.class);
    assertThat(backing.get("k/a")).isEmpty();
    store.put("k/a", new byte[] {2}); // write #1 is healthy
    assertThat(backing.get("k/a")).isPresent();
  }

  @Test
  void aLostAcknowledgementStillWrites() {
    store.inject(0, Fault.LOST_ACK);
    assertThatThrownBy(() -> store.putIfAbsent("k/a", new byte[] {1})).isInstanceOf(ObjectStoreException.class);
    assertThat(backing.get("k/a")).isPresent();
  }

  @Test
  void aTornUploadLeavesOnlyAHiddenPartialObject() {
    store.inject(0, Fault.TORN);
    assertThatThrownBy(() -> store.put("wal/x.wal", new byte[] {1, 2, 3, 4})).isInstanceOf(ObjectStoreException.class);
    assertThat(backing.get("wal/x.wal")).isEmpty();
    assertThat(backing.list("wal/")).containsExactly("wal/.tmp-torn-x.wal");
    assertThat(backing.get("wal/.tmp-torn-x.wal").orElseThrow()).hasSize(2);
  }

  @Test
  void aCrashStopsEveryLaterCall() {
    store.crashAtWrite(1);
    store.put("a/1", new byte[] {1});
    assertThatThrownBy(() -> store.put("a/2", new byte[] {2})).isInstanceOf(SimulatedCrashException.class);
    assertThatThrownBy(() -> store.get("a/1")).isInstanceOf(SimulatedCrashException.class);
    assertThat(store.crashed()).isTrue();
    assertThat(backing.list("a/")).containsExactly("a/1");
  }
}
