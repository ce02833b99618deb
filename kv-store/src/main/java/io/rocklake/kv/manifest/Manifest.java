package io.rocklake.kv.manifest;

import io.rocklake.kv.format.ByteReader;
import io.rocklake.kv.format.ByteWriter;
import io.rocklake.kv.format.CorruptObjectException;
import io.rocklake.kv.format.ObjectKeys;
import io.rocklake.kv.sst.SstInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The root of truth: one immutable, numbered object per database state.
 *
 * @param id this manifest's number; the next state is written as {@code id + 1} by create-if-absent
 * @param writerEpoch the epoch of the writer that owns the database; a newer writer bumps it
 * @param walIdFlushed every WAL object with an id at most this is contained in the SSTs below
 * @param lastSeq the highest sequence number contained in the SSTs below
 * @param writtenAtMillis wall-clock time of writing, used by GC's grace period
 * @param l0 level-0 SSTs, newest first; their key ranges overlap
 * @param sortedRun the compacted SSTs, in key order, with disjoint key ranges
 * @param checkpoints pinned manifests
 */
public record Manifest(
    long id,
    long writerEpoch,
    long walIdFlushed,
    long lastSeq,
    long writtenAtMillis,
    List<SstInfo> l0,
    List<SstInfo> sortedRun,
    List<Checkpoint> checkpoints) {
  static final int MAGIC = 0x524c4b4d; // "RLKM"
  static final int VERSION = 1;

  public Manifest {
    l0 = List.copyOf(l0);
    sortedRun = List.copyOf(sortedRun);
    checkpoints = List.copyOf(checkpoints);
  }

  public static Manifest initial(long nowMillis) {
    return new Manifest(1, 0, 0, 0, nowMillis, List.of(), List.of(), List.of());
  }

  public String objectKey() {
    return ObjectKeys.manifest(id);
  }

  /** The successor state: next id, given epoch and time, expired checkpoints dropped. */
  public Manifest successor(long epoch, long nowMillis) {
    List<Checkpoint> live = new ArrayList<>();
    for (Checkpoint c : checkpoints) {
      if (!c.isExpired(nowMillis)) {
        live.add(c);
      }
    }
    return new Manifest(id + 1, epoch, walIdFlushed, lastSeq, nowMillis, l0, sortedRun, live);
  }

  public Manifest withL0(List<SstInfo> newL0) {
    return new Manifest(id, writerEpoch, walIdFlushed, lastSeq, writtenAtMillis, newL0, sortedRun, checkpoints);
  }

  public Manifest withFlushed(List<SstInfo> newL0, long newWalIdFlushed, long newLastSeq) {
    return new Manifest(id, writerEpoch, newWalIdFlushed, newLastSeq, writtenAtMillis, newL0, sortedRun, checkpoints);
  }

  public Manifest withCompaction(List<SstInfo> newL0, List<SstInfo> newRun) {
    return new Manifest(id, writerEpoch, walIdFlushed, lastSeq, writtenAtMillis, newL0, newRun, checkpoints);
  }

  public Manifest withCheckpoints(List<Checkpoint> newCheckpoints) {
    return new Manifest(id, writerEpoch, walIdFlushed, lastSeq, writtenAtMillis, l0, sortedRun, newCheckpoints);
  }

  /** Every SST this state reads. */
  public List<SstInfo> allSsts() {
    List<SstInfo> all = new ArrayList<>(l0);
    all.addAll(sortedRun);
    return all;
  }

  public byte[] encode() {
    ByteWriter w = new ByteWriter(512);
    w.i32(MAGIC).u16(VERSION).i64(id).i64(writerEpoch).i64(walIdFlushed).i64(lastSeq).i64(writtenAtMillis);
    writeSsts(w, l0);
    writeSsts(w, sortedRun);
    w.i32(checkpoints.size());
    for (Checkpoint c : checkpoints) {
      w.i64(c.id().getMostSignificantBits()).i64(c.id().getLeastSignificantBits());
      w.i64(c.manifestId()).i64(c.createdAtMillis()).i64(c.expiresAtMillis());
    }
    w.crcSince(0);
    return w.toByteArray();
  }

  private static void writeSsts(ByteWriter w, List<SstInfo> ssts) {
    w.i32(ssts.size());
    for (SstInfo s : ssts) {
      w.string(s.id()).i64(s.size()).lengthPrefixed(s.firstKey()).lengthPrefixed(s.lastKey()).i64(s.maxSeq());
    }
  }

  public static Manifest decode(byte[] data, String objectKey) {
    ByteReader.verifyCrc(data, 0, data.length - 4, objectKey, 0, "manifest");
    ByteReader r = new ByteReader(data, 0, data.length - 4, objectKey, 0);
    int magic = r.i32();
    if (magic != MAGIC) {
      throw new CorruptObjectException(objectKey, 0, String.format("bad manifest magic %08x", magic));
    }
    int version = r.u16();
    if (version != VERSION) {
      throw new CorruptObjectException(objectKey, 4, "unsupported manifest version " + version);
    }
    long id = r.i64();
    long epoch = r.i64();
    long walIdFlushed = r.i64();
    long lastSeq = r.i64();
    long writtenAt = r.i64();
    List<SstInfo> l0 = readSsts(r);
    List<SstInfo> run = readSsts(r);
    int n = r.i32();
    if (n < 0 || n > r.remaining()) {
      throw r.corrupt("impossible checkpoint count " + n);
    }
    List<Checkpoint> checkpoints = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      UUID cid = new UUID(r.i64(), r.i64());
      checkpoints.add(new Checkpoint(cid, r.i64(), r.i64(), r.i64()));
    }
    if (r.remaining() != 0) {
      throw r.corrupt(r.remaining() + " trailing bytes");
    }
    if (ObjectKeys.parseManifestId(objectKey) != id) {
      throw new CorruptObjectException(objectKey, 6, "manifest records id " + id + " but is stored under another name");
    }
    return new Manifest(id, epoch, walIdFlushed, lastSeq, writtenAt, l0, run, checkpoints);
  }

  private static List<SstInfo> readSsts(ByteReader r) {
    int n = r.i32();
    if (n < 0 || n > r.remaining()) {
      throw r.corrupt("impossible SST count " + n);
    }
    List<SstInfo> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(new SstInfo(r.string(), r.i64(), r.lengthPrefixed(), r.lengthPrefixed(), r.i64()));
    }
    return out;
  }
}
