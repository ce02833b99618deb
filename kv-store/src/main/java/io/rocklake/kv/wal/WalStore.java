package io.rocklake.kv.wal;

import io.rocklake.kv.KvException;
import io.rocklake.kv.format.ObjectKeys;
import io.rocklake.kv.store.ObjectStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** WAL objects by id: listing, reading, and create-if-absent writing (which is what fences old writers). */
public final class WalStore {
  private final ObjectStore store;

  public WalStore(ObjectStore store) {
    this.store = store;
  }

  /** Ids greater than {@code afterId}, ascending; stray names are ignored. */
  public List<Long> idsAfter(long afterId) {
    List<Long> ids = new ArrayList<>();
    for (String key : store.list(ObjectKeys.WAL_PREFIX)) {
      long id = ObjectKeys.parseWalId(key);
      if (id > afterId) {
        ids.add(id);
      }
    }
    ids.sort(null);
    return ids;
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

  public WalObject read(long id) {
    return tryRead(id).orElseThrow(() -> new KvException("WAL " + id + " vanished: " + ObjectKeys.wal(id)));
  }

  public boolean tryWrite(WalObject wal) {
    return store.putIfAbsent(ObjectKeys.wal(wal.walId()), wal.encode());
  }
}
