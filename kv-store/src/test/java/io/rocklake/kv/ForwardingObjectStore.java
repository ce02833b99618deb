package io.rocklake.kv;

import io.rocklake.kv.store.ObjectStore;
import java.util.List;
import java.util.Optional;

/** Passes every call through; tests override the calls they observe or distort. */
public abstract class ForwardingObjectStore implements ObjectStore {
  private final ObjectStore delegate;

  protected ForwardingObjectStore(ObjectStore delegate) {
    this.delegate = delegate;
  }

  @Override
  public Optional<byte[]> get(String key) {
    return delegate.get(key);
  }

  @Override
  public byte[] getRange(String key, long offset, int length) {
    return delegate.getRange(key, offset, length);
  }

  @Override
  public void put(String key, byte[] data) {
    delegate.put(key, data);
  }

  @Override
  public boolean putIfAbsent(String key, byte[] data) {
    return delegate.putIfAbsent(key, data);
  }

  @Override
  public List<String> list(String prefix) {
    return delegate.list(prefix);
  }

  @Override
  public void delete(String key) {
    delegate.delete(key);
  }
}
