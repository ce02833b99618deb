package io.rocklake.kv.store;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** Request and byte counters per operation kind; the catalog's cost metrics are built on these. */
public final class StoreMetrics {
  private final Map<OpKind, LongAdder> requests = new EnumMap<>(OpKind.class);
  private final Map<OpKind, LongAdder> bytes = new EnumMap<>(OpKind.class);

  public StoreMetrics() {
    for (OpKind kind : OpKind.values()) {
      requests.put(kind, new LongAdder());
      bytes.put(kind, new LongAdder());
    }
  }

  void record(OpKind kind, long byteCount) {
    requests.get(kind).increment();
    bytes.get(kind).add(byteCount);
  }

  public long requests(OpKind kind) {
    return requests.get(kind).sum();
  }

  public long bytes(OpKind kind) {
    return bytes.get(kind).sum();
  }

  /** PUT, create-if-absent and DELETE requests: what a read-only client must never issue. */
  public long writeRequests() {
    long total = 0;
    for (OpKind kind : OpKind.values()) {
      if (kind.isWrite()) {
        total += requests(kind);
      }
    }
    return total;
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("StoreMetrics{");
    for (OpKind kind : OpKind.values()) {
      sb.append(kind).append('=').append(requests(kind)).append('/').append(bytes(kind)).append("B ");
    }
    return sb.append('}').toString();
  }
}
