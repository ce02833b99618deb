package io.rocklake.kv;

import io.rocklake.kv.format.CorruptObjectException;
import io.rocklake.kv.format.ObjectKeys;
import io.rocklake.kv.format.Ulid;
import io.rocklake.kv.manifest.Checkpoint;
import io.rocklake.kv.manifest.Manifest;
import io.rocklake.kv.manifest.ManifestStore;
import io.rocklake.kv.sst.SstInfo;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.kv.wal.WalStore;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Deletes objects that no live manifest references. Live manifests are: the latest; any manifest
 * pinned by an unexpired checkpoint; and any manifest that was current less than {@code grace} ago
 * (a reader may still be reading it). SSTs younger than {@code grace} (by their ULID time) are kept
 * even if unreferenced, because the writer may be about to reference them. WAL objects up to the
 * latest manifest's {@code walIdFlushed} are deleted without a grace period: their batches are in
 * that manifest's SSTs, and a reader that finds a WAL object gone re-reads the manifest. Empty WAL
 * objects (fences) are never deleted: a fenced writer may still try to create that id, and must
 * collide. Run one collector at a time.
 */
public final class GarbageCollector {
  private final ObjectStore store;
  private final ManifestStore manifests;
  private final Clock clock;
  private final Duration grace;

  public GarbageCollector(ObjectStore store, Clock clock, Duration grace) {
    this.store = store;
    this.manifests = new ManifestStore(store);
    this.clock = clock;
    this.grace = grace;
  }

  /** What one collection deleted. */
  public record Report(int manifestsDeleted, int walsDeleted, int sstsDeleted) {}

  public Report collect() {
    long now = clock.millis();
    long horizon = now - grace.toMillis();
    List<Long> ids = manifests.ids();
    if (ids.isEmpty()) {
      return new Report(0, 0, 0);
    }
    long latestId = ids.get(ids.size() - 1);
    Manifest latest = manifests.read(latestId);
    Set<Long> live = new HashSet<>();
    live.add(latestId);
    Set<Long> pinned = new HashSet<>();
    for (Checkpoint c : latest.checkpoints()) {
      if (!c.isExpired(now)) {
        pinned.add(c.manifestId());
      }
    }
    // Walk back from the latest: manifest i stopped being current when i+1 was written.
    long supersededAt = latest.writtenAtMillis();
    Set<String> referenced = new HashSet<>();
    latest.allSsts().forEach(s -> referenced.add(s.id()));
    for (int i = ids.size() - 2; i >= 0; i--) {
      long id = ids.get(i);
      boolean recent = supersededAt > horizon;
      if (!recent && !pinned.contains(id)) {
        continue;
      }
      Optional<Manifest> m = manifests.tryRead(id);
      if (m.isEmpty()) {
        continue; // another collector took it; it was no longer live for that one either
      }
      live.add(id);
      m.get().allSsts().forEach(s -> referenced.add(s.id()));
      if (recent) {
        supersededAt = m.get().writtenAtMillis();
      }
    }
    for (long id : pinned) {
      if (!live.contains(id) && ids.contains(id)) {
        live.add(id);
        manifests.read(id).allSsts().forEach(s -> referenced.add(s.id()));
      }
    }

    int manifestsDeleted = 0;
    for (long id : ids) {
      if (!live.contains(id)) {
        store.delete(ObjectKeys.manifest(id));
        manifestsDeleted++;
      }
    }
    int walsDeleted = 0;
    WalStore wals = new WalStore(store);
    for (String key : store.list(ObjectKeys.WAL_PREFIX)) {
      long id = ObjectKeys.parseWalId(key);
      if (id > 0 && id <= latest.walIdFlushed() && !isFence(wals, id)) {
        store.delete(key);
        walsDeleted++;
      }
    }
    int sstsDeleted = 0;
    for (String key : store.list(ObjectKeys.SST_PREFIX)) {
      String id = ObjectKeys.parseSstId(key);
      if (id != null && !referenced.contains(id) && Ulid.timestampMillis(id) < horizon) {
        store.delete(SstInfo.objectKey(id));
        sstsDeleted++;
      }
    }
    return new Report(manifestsDeleted, walsDeleted, sstsDeleted);
  }

  /** True for an empty (fencing) WAL object, and for one that cannot be read: keep what we cannot judge. */
  private static boolean isFence(WalStore wals, long id) {
    try {
      return wals.tryRead(id).map(w -> w.batches().isEmpty()).orElse(false);
    } catch (CorruptObjectException e) {
      return true;
    }
  }
}
