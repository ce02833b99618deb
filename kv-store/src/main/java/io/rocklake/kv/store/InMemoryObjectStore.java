package io.rocklake.kv.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;

/** A store held in a sorted map: fast, deterministic, and shareable between a writer and readers in tests. */
public final class InMemoryObjectStore implements ObjectStore {
  private final ConcurrentSkipListMap<String, byte[]> objects = new ConcurrentSkipListMap<>();

  @Override
  public Optional<byte[]> get(String key) {
    byte[] data = objects.get(key);
    return data == null ? Optional.empty() : Optional.of(data.clone());
  }

  @Override
  public byte[] getRange(String key, long offset, int length) {
    byte[] data = objects.get(key);
    if (data == null) {
      throw new ObjectNotFoundException(key);
    }
    return Ranges.slice(data, offset, length);
  }

  @Override
  public void put(String key, byte[] data) {
    objects.put(key, data.clone());
  }

  @Override
  public boolean putIfAbsent(String key, byte[] data) {
    return objects.putIfAbsent(key, data.clone()) == null;
  }

  @Override
  public List<String> list(String prefix) {
    List<String> keys = new ArrayList<>();
    for (String key : objects.tailMap(prefix, true).keySet()) {
      if (!key.startsWith(prefix)) {
        break;
      }
      keys.add(key);
    }
    return keys;
  }

  @Override
  public void delete(String key) {
    objects.remove(key);
  }

  /** Test hook: replaces an object's bytes in place, as bit rot or a buggy tool would. */
  public void overwriteForTest(String key, byte[] data) {
    objects.put(key, Arrays.copyOf(data, data.length));
  }
}
