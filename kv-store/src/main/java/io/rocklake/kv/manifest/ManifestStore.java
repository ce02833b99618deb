package io.rocklake.kv.manifest;

import io.rocklake.kv.KvException;
import io.rocklake.kv.format.ObjectKeys;
import io.rocklake.kv.store.ObjectStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads manifests and writes the next one by create-if-absent: the only compare-and-swap there is. */
public final class ManifestStore {
  private final ObjectStore store;

  public ManifestStore(ObjectStore store) {
    this.store = store;
  }

  /** Manifest ids present, ascending; stray names (temp files) are ignored. */
  public List<Long> ids() {
    List<Long> ids = new ArrayList<>();
    for (String key : store.list(ObjectKeys.MANIFEST_PREFIX)) {
      long id = ObjectKeys.parseManifestId(key);
      if (id > 0) {
        ids.add(id);
      }
    }
    ids.sort(null);
    return ids;
  }

  public Optional<Long> latestId() {
    List<Long> ids = ids();
    return ids.isEmpty() ? Optional.empty() : Optional.of(ids.get(ids.size() - 1));
  }

  public Optional<Manifest> readLatest() {
    return latestId().map(this::read);
  }

  public Manifest read(long id) {
    return tryRead(id).orElseThrow(() -> new KvException("manifest " + id + " does not exist (" + ObjectKeys.manifest(id) + ")"));
  }

  /** Manifest {@code id} probed by name, without a listing; empty if it does not exist (any more). */
  public Optional<Manifest> tryRead(long id) {
    String key = ObjectKeys.manifest(id);
    return store.get(key).map(data -> Manifest.decode(data, key));
  }

  /** True if this call created manifest {@code m.id()}; false if another writer got there first. */
  public boolean tryWrite(Manifest m) {
    return store.putIfAbsent(m.objectKey(), m.encode());
  }
}
