package io.rocklake.kv;

import io.rocklake.kv.lsm.LsmView;
import io.rocklake.kv.lsm.Memtable;
import io.rocklake.kv.lsm.ReadState;
import io.rocklake.kv.manifest.Manifest;
import io.rocklake.kv.manifest.ManifestStore;
import io.rocklake.kv.sst.SstReader;
import io.rocklake.kv.wal.WalBatch;
import io.rocklake.kv.wal.WalObject;
import io.rocklake.kv.wal.WalStore;
import java.util.List;
import java.util.Optional;

/**
 * Steps 2 and 3 of the takeover protocol (docs/kv-store.md, "Opening a writer"), after
 * {@link Fence#claimEpoch} has bumped the epoch: replay the WAL past the manifest by probing ids one
 * by one, claim the first absent id with an empty fencing object, then make sure no newer writer
 * opened meanwhile. No listing of wal/ is trusted: a listing races with an older writer's commits
 * (and with a collector), so it can show an object and miss its predecessor; the fence's
 * create-if-absent decides where the log ends. Invariant it owns: the writer starts with every batch
 * an older writer acknowledged, and no older writer can acknowledge another.
 */
final class Recovery {
  /** Where the recovered writer continues: its next WAL id and the last sequence number assigned. */
  record Recovered(long nextWalId, long lastSeq) {}

  private Recovery() {}

  static Recovered run(WriterState ws, WalStore wals, ManifestStore manifests, Fence fence) {
    long epoch = fence.epoch();
    synchronized (ws.manifestLock) {
      Manifest manifest = ws.manifestLocked();
      List<SstReader> l0 = ws.openAll(manifest.l0());
      List<SstReader> run = ws.openAll(manifest.sortedRun());
      Memtable mem = new Memtable();
      long seq = manifest.lastSeq();
      long id = manifest.walIdFlushed() + 1;
      while (true) {
        Optional<WalObject> wal = wals.tryRead(id);
        if (wal.isEmpty()) {
          if (wals.tryWrite(new WalObject(epoch, id, List.of()))) {
            break;
          }
          // A straggling older writer got this id first: its batch is committed, so replay it.
          wal = wals.tryRead(id);
          if (wal.isEmpty()) {
            throw fence.vanished(id);
          }
        }
        if (wal.get().batches().isEmpty()) {
          fence.recordFence(id);
        }
        seq = Math.max(seq, replay(wal.get(), mem, epoch));
        id++;
      }
      // Only a collector acting on a newer writer's manifest deletes WAL objects past ours, so an id
      // that was absent may have been such a deletion: if a newer manifest exists, we are fenced.
      // (The listing is safe here: it includes the latest manifest, which no collector deletes.)
      Optional<Long> latestId = manifests.latestId();
      if (latestId.isPresent() && latestId.get() > manifest.id()) {
        long newerEpoch = manifests.tryRead(latestId.get()).map(Manifest::writerEpoch).orElse(epoch + 1);
        throw new FencedException(epoch, newerEpoch, "a newer writer opened while this one recovered");
      }
      long fenceId = id;
      fence.recordFence(fenceId);
      mem.markWal(fenceId);
      ws.install(mem, new ReadState(new LsmView(List.of(mem), l0, run), seq));
      return new Recovered(fenceId + 1, seq);
    }
  }

  private static long replay(WalObject wal, Memtable mem, long epoch) {
    if (wal.writerEpoch() > epoch) {
      throw new FencedException(epoch, wal.writerEpoch(), "replaying WAL " + wal.walId());
    }
    long seq = 0;
    for (WalBatch b : wal.batches()) {
      b.entries().forEach(mem::add);
      seq = Math.max(seq, b.seq());
    }
    mem.markWal(wal.walId());
    return seq;
  }
}
