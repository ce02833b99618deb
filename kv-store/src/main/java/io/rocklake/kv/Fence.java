package io.rocklake.kv;

import io.rocklake.kv.manifest.Manifest;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.kv.manifest.ManifestStore;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * This writer's epoch and the fencing objects that enforce it (docs/kv-store.md, "Opening a
 * writer"). It exists because every protocol that writes must interpret a collision or a vanished
 * object the same way: as "a newer writer took over" exactly when a manifest with a newer epoch
 * exists. Invariants it owns: an epoch is claimed by creating the next manifest with create-if-absent
 * (one winner), and the empty WAL objects that fence older writers in this writer's WAL range are
 * remembered so that nothing deletes them.
 */
final class Fence {
  private final ManifestStore manifests;
  private final long epoch;
  private final Set<Long> fenceIds = ConcurrentHashMap.newKeySet();

  Fence(ManifestStore manifests, long epoch) {
    this.manifests = manifests;
    this.epoch = epoch;
  }

  /** Step 1 of the takeover: creates the manifest that bumps the writer epoch; returns it. */
  static Manifest claimEpoch(ObjectStore store, long nowMillis) {
    ManifestStore manifests = new ManifestStore(store);
    while (true) {
      Optional<Manifest> latest = manifests.readLatest();
      if (latest.isEmpty()) {
        manifests.tryWrite(Manifest.initial(nowMillis)); // losing this race is fine: re-read
        continue;
      }
      Manifest bumped = latest.get().successor(latest.get().writerEpoch() + 1, nowMillis);
      if (manifests.tryWrite(bumped)) {
        return bumped;
      }
    }
  }

  long epoch() {
    return epoch;
  }

  /** Remembers an empty WAL object in this writer's range: it stays for good (see BackgroundCollector). */
  void recordFence(long walId) {
    fenceIds.add(walId);
  }

  boolean isFence(long walId) {
    return fenceIds.contains(walId);
  }

  /** The latest manifest, if a writer with a newer epoch than ours wrote it. */
  Optional<Manifest> newerManifest() {
    return manifests.readLatest().filter(m -> m.writerEpoch() > epoch);
  }

  /**
   * WAL object {@code walId} existed a moment ago and is gone: normally a newer writer flushed it and
   * its collector deleted it, which makes us fenced; without a newer writer it is an error.
   */
  RuntimeException vanished(long walId) {
    return newerManifest()
        .<RuntimeException>map(m -> new FencedException(epoch, m.writerEpoch(), "WAL " + walId + " was collected"))
        .orElseGet(() -> new KvException("WAL object " + walId + " existed a moment ago and is gone"));
  }

  /**
   * Asks the store whether a newer writer has opened, without writing; a fenced writer is recorded
   * as failed in {@code status}, so its next write fails at once.
   */
  OptionalLong check(WriterStatus status) {
    if (status.failure().orElse(null) instanceof FencedException f) {
      return OptionalLong.of(f.fencingEpoch());
    }
    Optional<Manifest> newer = newerManifest();
    newer.ifPresent(m -> status.fail(new FencedException(epoch, m.writerEpoch(), "manifest " + m.id() + " written by the newer writer")));
    return newer.map(m -> OptionalLong.of(m.writerEpoch())).orElse(OptionalLong.empty());
  }
}
