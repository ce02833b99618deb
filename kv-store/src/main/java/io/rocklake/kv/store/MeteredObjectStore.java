package io.rocklake.kv.store;

import java.util.List;
import java.util.Optional;

/** Counts requests and bytes per operation kind, then delegates. Failed calls are counted too. */
public final class MeteredObjectStore implements ObjectStore {
  private final ObjectStore delegate;
  private final StoreMetrics metrics;

  public MeteredObjectStore(ObjectStore delegate) {
    this(delegate, new StoreMetrics());
  }

  /** Counts into {@code metrics}, which other stores may share: one server's many catalogs report as one. */
  public MeteredObjectStore(ObjectStore delegate, StoreMetrics metrics) {
    this.delegate = delegate;
    this.metrics = metrics;
  }

  public StoreMetrics metrics() {
    return metrics;
  }

  @Override
  public Optional<byte[]> get(String key) {
    Optional<byte[]> result = Optional.empty();
    try {
      result = delegate.get(key);
      return result;
    } finally {
      metrics.record(OpKind.GET, result.map(b -> (long) b.length).orElse(0L));
    }
  }

  @Override
  public byte[] getRange(String key, long offset, int length) {
    byte[] result = null;
    try {
      result = delegate.getRange(key, offset, length);
      return result;
    } finally {
      metrics.record(OpKind.GET_RANGE, result == null ? 0 : result.length);
    }
  }

  @Override
  public void put(String key, byte[] data) {
    metrics.record(OpKind.PUT, data.length);
    delegate.put(key, data);
  }

  @Override
  public boolean putIfAbsent(String key, byte[] data) {
    metrics.record(OpKind.PUT_IF_ABSENT, data.length);
    return delegate.putIfAbsent(key, data);
  }

  @Override
  public List<String> list(String prefix) {
    metrics.record(OpKind.LIST, 0);
    return delegate.list(prefix);
  }

  @Override
  public void delete(String key) {
    metrics.record(OpKind.DELETE, 0);
    delegate.delete(key);
  }

  @Override
  public void close() {
    delegate.close();
  }
}
