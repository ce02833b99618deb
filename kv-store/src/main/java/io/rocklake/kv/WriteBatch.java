package io.rocklake.kv;

import io.rocklake.kv.lsm.Entry;
import io.rocklake.kv.lsm.Keys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Puts and deletes applied atomically: after a crash either all of them are visible or none. */
public final class WriteBatch {
  private static final byte[] TOMBSTONE = new byte[0];
  // Last write to a key within a batch wins, as if the operations were applied in order.
  private final TreeMap<byte[], byte[]> ops = new TreeMap<>(Keys.USER_ORDER);

  public WriteBatch put(byte[] key, byte[] value) {
    if (value == null) {
      throw new IllegalArgumentException("value must not be null; use delete");
    }
    ops.put(key.clone(), value.clone());
    return this;
  }

  public WriteBatch delete(byte[] key) {
    ops.put(key.clone(), TOMBSTONE);
    return this;
  }

  public boolean isEmpty() {
    return ops.isEmpty();
  }

  public int size() {
    return ops.size();
  }

  List<Entry> entries(long seq) {
    List<Entry> out = new ArrayList<>(ops.size());
    for (Map.Entry<byte[], byte[]> op : ops.entrySet()) {
      out.add(new Entry(op.getKey(), seq, op.getValue() == TOMBSTONE ? null : op.getValue()));
    }
    return out;
  }
}
