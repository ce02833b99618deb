package io.rocklake.kv.wal;

import io.rocklake.kv.format.ObjectKeys;
import io.rocklake.kv.store.ObjectStore;
import java.util.Optional;

/**
 * WAL objects by id: reading, and create-if-absent writing (which is what fences old writers). There is
 * deliberately no listing: a listing of a prefix another process is writing is not a consistent
 * snapshot (neither a folder's nor S3's), so the log is always probed id by id.
 */
public final class WalStore {
  private final ObjectStore store;

  public WalStore(ObjectStore store) {
    this.store = store;
  }

  public Optional<WalObject> tryRead(long id) {
    String key = ObjectKeys.wal(id);
    Optional<byte[]> data = store.get(key);
    if (data.isEmpty()) {
      return Optional.empty();
    }
    WalObject wal = WalObject.decode(data.get(), key);
    if (wal.walId() != id) {
      throw new io.rocklake.kv.format.CorruptObjectException(key, 14, "WAL records id " + wal.walId());
    }
    return Optional.of(wal);
  }

  public boolean tryWrite(WalObject wal) {
    return store.putIfAbsent(ObjectKeys.wal(wal.walId()), wal.encode());
  }
}
