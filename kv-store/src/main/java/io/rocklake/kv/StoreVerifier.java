package io.rocklake.kv;

import io.rocklake.kv.format.CorruptObjectException;
import io.rocklake.kv.format.ObjectKeys;
import io.rocklake.kv.lsm.Entry;
import io.rocklake.kv.lsm.EntryIterator;
import io.rocklake.kv.lsm.Keys;
import io.rocklake.kv.manifest.Manifest;
import io.rocklake.kv.manifest.ManifestStore;
import io.rocklake.kv.sst.BlockCache;
import io.rocklake.kv.sst.SstInfo;
import io.rocklake.kv.sst.SstReader;
import io.rocklake.kv.store.ObjectNotFoundException;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.kv.wal.WalObject;
import io.rocklake.kv.wal.WalStore;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Proves the objects a reader would read are whole, or names each damaged one: the latest manifest
 * decodes; every SST it names exists and reads back entirely (every data block's checksum, not only
 * the footer and index, in internal order and within the key range the manifest records); and the
 * WAL after the manifest's {@code walIdFlushed} is contiguous, each object decoding with its
 * checksum right. It only reads (GET, ranged GET, LIST), so it can run beside a live writer.
 *
 * <p>A live writer moves on while this runs. A WAL id that is absent when probed but whose successor
 * is listed is probed again before it counts as missing (the writer may have created both
 * meanwhile), and an absence that a newer manifest explains (its {@code walIdFlushed} covers the id,
 * or it no longer names the SST) is not damage: the collector removed a flushed or compacted-away
 * object, as it may.
 */
public final class StoreVerifier {
  /**
   * One damaged or missing object.
   *
   * @param kind what is wrong, one of the {@code *_} constants
   * @param object the object's key in the store
   * @param offset the byte offset the damage was found at, or -1 when the object as a whole is at fault
   */
  public record Problem(String kind, String object, long offset, String detail) {}

  /** What was read: the manifest (null if none decoded), object counts, and the problems found. */
  public record Report(Manifest manifest, int manifestsListed, int ssts, long sstBytes, long sstEntries,
      int walObjects, List<Problem> problems) {}

  /** Told of each object read, for a progress line. */
  @FunctionalInterface
  public interface Progress {
    void objectRead(String what, long done, long total);
  }

  public static final String NO_MANIFEST = "manifest-missing";
  public static final String MANIFEST_CORRUPT = "manifest-corrupt";
  public static final String SST_MISSING = "sst-missing";
  public static final String SST_CORRUPT = "sst-corrupt";
  public static final String WAL_MISSING = "wal-missing";
  public static final String WAL_CORRUPT = "wal-corrupt";

  /** Blocks are read once each, in order: the cache only has to hold one readahead span. */
  private static final long BLOCK_CACHE_BYTES = 4L << 20;
  private static final int LATEST_MANIFEST_ATTEMPTS = 8;

  private final ObjectStore store;
  private final Progress progress;

  public StoreVerifier(ObjectStore store, Progress progress) {
    this.store = store;
    this.progress = progress;
  }

  public Report verify() {
    List<Problem> problems = new ArrayList<>();
    ManifestStore manifests = new ManifestStore(store);
    Manifest manifest;
    try {
      manifest = latestManifest().orElse(null);
    } catch (CorruptObjectException e) {
      problems.add(new Problem(MANIFEST_CORRUPT, e.objectKey(), e.offset(), detail(e)));
      return new Report(null, manifests.ids().size(), 0, 0, 0, 0, problems);
    }
    if (manifest == null) {
      problems.add(new Problem(NO_MANIFEST, ObjectKeys.MANIFEST_PREFIX, -1,
          "no manifest: this is not a catalog, or its manifests were deleted"));
      return new Report(null, 0, 0, 0, 0, 0, problems);
    }
    List<Long> ids = manifests.ids();
    progress.objectRead(manifest.objectKey(), 1, 1);
    long[] sstCounts = verifySsts(manifest, problems);
    int walObjects = verifyWal(manifest, problems);
    return new Report(manifest, ids.size(), (int) sstCounts[0], sstCounts[1], sstCounts[2], walObjects, problems);
  }

  /** Returns {SSTs read whole, their bytes, their entries}. */
  private long[] verifySsts(Manifest manifest, List<Problem> problems) {
    List<SstInfo> ssts = manifest.allSsts();
    BlockCache cache = new BlockCache(BLOCK_CACHE_BYTES);
    long read = 0;
    long bytes = 0;
    long entries = 0;
    for (int i = 0; i < ssts.size(); i++) {
      SstInfo info = ssts.get(i);
      progress.objectRead(info.objectKey(), i + 1, ssts.size());
      try {
        entries += readWhole(info, cache, problems);
        read++;
        bytes += info.size();
      } catch (ObjectNotFoundException e) {
        if (stillNamed(info)) {
          problems.add(new Problem(SST_MISSING, info.objectKey(), -1, "the manifest " + manifest.objectKey()
              + " names it (" + info.size() + " bytes) but it does not exist"));
        }
      } catch (CorruptObjectException e) {
        problems.add(new Problem(SST_CORRUPT, e.objectKey(), e.offset(), detail(e)));
      }
    }
    return new long[] {read, bytes, entries};
  }

  /** Iterates every entry of the SST; returns how many. Order and range faults are added as problems. */
  private long readWhole(SstInfo info, BlockCache cache, List<Problem> problems) {
    SstReader reader = SstReader.open(store, info, cache);
    EntryIterator it = reader.iterator(null, null);
    Entry first = null;
    Entry previous = null;
    long count = 0;
    for (Entry e = it.next(); e != null; e = it.next()) {
      if (first == null) {
        first = e;
      }
      if (previous != null && Keys.INTERNAL_ORDER.compare(previous, e) >= 0) {
        problems.add(new Problem(SST_CORRUPT, info.objectKey(), -1, "entry " + count + " (key "
            + hex(e.key()) + ") is out of order"));
        return count;
      }
      if (e.seq() > info.maxSeq()) {
        problems.add(new Problem(SST_CORRUPT, info.objectKey(), -1, "entry " + count + " has sequence number "
            + e.seq() + ", above the manifest's " + info.maxSeq()));
        return count;
      }
      previous = e;
      count++;
    }
    if (first == null) {
      problems.add(new Problem(SST_CORRUPT, info.objectKey(), -1, "holds no entry"));
    } else if (Keys.compare(first.key(), info.firstKey()) != 0 || Keys.compare(previous.key(), info.lastKey()) != 0) {
      problems.add(new Problem(SST_CORRUPT, info.objectKey(), -1, "keys run from " + hex(first.key()) + " to "
          + hex(previous.key()) + " but the manifest records " + hex(info.firstKey()) + " to " + hex(info.lastKey())));
    }
    return count;
  }

  /** Whether the newest manifest still names the SST (if not, compaction replaced it while this ran). */
  private boolean stillNamed(SstInfo info) {
    try {
      Optional<Manifest> latest = latestManifest();
      return latest.isEmpty() || latest.get().allSsts().stream().anyMatch(s -> s.id().equals(info.id()));
    } catch (CorruptObjectException e) {
      return true;
    }
  }

  /** Probes the WAL after {@code walIdFlushed} by id, then lists it for ids past the first absent one. */
  private int verifyWal(Manifest manifest, List<Problem> problems) {
    WalStore wals = new WalStore(store);
    int read = 0;
    long id = manifest.walIdFlushed() + 1;
    TreeSet<Long> listed = null;
    while (true) {
      String key = ObjectKeys.wal(id);
      progress.objectRead(key, read + 1, 0);
      Optional<WalObject> wal;
      try {
        wal = wals.tryRead(id);
      } catch (CorruptObjectException e) {
        problems.add(new Problem(WAL_CORRUPT, e.objectKey(), e.offset(), detail(e)));
        id++;
        continue;
      }
      if (wal.isPresent()) {
        read++;
        id++;
        continue;
      }
      if (listed == null) {
        listed = listedWalIds();
      }
      Long next = listed.higher(id);
      if (next == null) {
        return read; // the end of the log
      }
      // Listed ids exist past this absent one: probe again (a live writer may have written both since).
      try {
        if (wals.tryRead(id).isPresent()) {
          continue;
        }
      } catch (CorruptObjectException e) {
        continue; // reported when the loop reads it again
      }
      long flushedNow = latestWalIdFlushed();
      if (id > flushedNow) {
        problems.add(new Problem(WAL_MISSING, key, -1, "the log after " + manifest.objectKey()
            + " (walIdFlushed " + manifest.walIdFlushed() + ") has a gap: WAL object " + id
            + " is missing but " + next + " exists; the batches in it are lost to every reader and writer"));
        id++;
      } else {
        id = flushedNow + 1; // a newer manifest holds these batches in SSTs: go on from its log, as a reader does
      }
    }
  }

  /**
   * The newest manifest, or empty if there is none. The latest listed one can be collected before it
   * is read once a newer one exists (a collector with a short grace), so an absent one means list again.
   */
  private Optional<Manifest> latestManifest() {
    ManifestStore manifests = new ManifestStore(store);
    for (int attempt = 0; attempt < LATEST_MANIFEST_ATTEMPTS; attempt++) {
      List<Long> ids = manifests.ids();
      if (ids.isEmpty()) {
        return Optional.empty();
      }
      Optional<Manifest> latest = manifests.tryRead(ids.get(ids.size() - 1));
      if (latest.isPresent()) {
        return latest;
      }
    }
    throw new KvException("the latest manifest kept disappearing before it could be read (" + LATEST_MANIFEST_ATTEMPTS
        + " listings); is a collector running with no grace period?");
  }

  private TreeSet<Long> listedWalIds() {
    TreeSet<Long> ids = new TreeSet<>();
    for (String key : store.list(ObjectKeys.WAL_PREFIX)) {
      long id = ObjectKeys.parseWalId(key);
      if (id > 0) {
        ids.add(id);
      }
    }
    return ids;
  }

  private long latestWalIdFlushed() {
    try {
      return latestManifest().map(Manifest::walIdFlushed).orElse(0L);
    } catch (CorruptObjectException e) {
      return 0;
    }
  }

  /** The exception's message without the "corrupt object K at byte N: " it starts with. */
  private static String detail(CorruptObjectException e) {
    String m = e.getMessage();
    int colon = m.indexOf(": ");
    return colon < 0 ? m : m.substring(colon + 2);
  }

  private static String hex(byte[] b) {
    return HexFormat.of().formatHex(b);
  }
}
