package io.rocklake.kv;

import io.rocklake.kv.store.ObjectStore;
import java.util.List;
import java.util.Optional;

/** Runs an action just before the n-th call through it: lets a test put another actor "between" two store calls. */
final class HookedObjectStore implements ObjectStore {
  private final ObjectStore delegate;
  private long calls;
  private long triggerAt = -1;
  private Runnable action;

  HookedObjectStore(ObjectStore delegate) {
    this.delegate = delegate;
  }

  /** Runs {@code action} once, before the call with number {@code callsFromNow} counted from now. */
  void runBeforeCall(long callsFromNow, Runnable action) {
    this.triggerAt = calls + callsFromNow;
    this.action = action;
  }

  boolean fired() {
    return action == null && triggerAt >= 0;
  }

  private void tick() {
    if (action != null && calls == triggerAt) {
      Runnable a = action;
      action = null;
      a.run();
    }
    calls++;
  }

  @Override
  public Optional<byte[]> get(String key) {
    tick();
    return delegate.get(key);
  }

  @Override
  public byte[] getRange(String key, long offset, int length) {
    tick();
    return delegate.getRange(key, offset, length);
  }

  @Override
  public void put(String key, byte[] data) {
    tick();
    delegate.put(key, data);
  }

  @Override
  public boolean putIfAbsent(String key, byte[] data) {
    tick();
    return delegate.putIfAbsent(key, data);
  }

  @Override
  public List<String> list(String prefix) {
    tick();
    return delegate.list(prefix);
  }

  @Override
  public void delete(String key) {
    tick();
    delegate.delete(key);
  }
}
