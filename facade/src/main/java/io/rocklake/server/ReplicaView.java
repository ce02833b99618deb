package io.rocklake.server;

import io.rocklake.catalog.CatalogException;
import io.rocklake.catalog.SqlState;
import io.rocklake.kv.KeyValue;
import io.rocklake.kv.KvReader;
import io.rocklake.kv.store.ObjectNotFoundException;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * A replica's reads, over its kv-store reader, surviving the writer's collector: an SST the reader's
 * view still names may be deleted once a newer manifest has outlived the grace period (a replica
 * that stalled, or lagged, that long). A read that finds an object gone asks the follower to move to
 * the newest manifest and goes on there — a get is read again, a scan resumes after the last key it
 * returned. That is exact for the catalog: its facts are immutable and keyed by commit, so a newer
 * view holds the same facts at the reading commit. When the newer view does not help either, the
 * statement fails with 40001, which clients retry, and the next one reads the refreshed view.
 */
final class ReplicaView implements KvReader {
  /** Views moved to before a read gives up. */
  private static final int ATTEMPTS = 3;

  private final KvReader reader;
  /** Moves the reader to the newest manifest; false when it could not (the store unreachable). */
  private final BooleanSupplier recover;

  ReplicaView(KvReader reader, BooleanSupplier recover) {
    this.reader = reader;
    this.recover = recover;
  }

  @Override public long lastSeq() {
    return reader.lastSeq();
  }

  @Override public Optional<byte[]> get(byte[] key, long seq) {
    for (int attempt = 1; ; attempt++) {
      try {
        return reader.get(key, seq);
      } catch (RuntimeException e) {
        recoverOrFail(e, attempt);
      }
    }
  }

  @Override public Optional<byte[]> get(byte[] key) {
    for (int attempt = 1; ; attempt++) {
      try {
        return reader.get(key);
      } catch (RuntimeException e) {
        recoverOrFail(e, attempt);
      }
    }
  }

  @Override public Iterator<KeyValue> scan(byte[] start, byte[] end, long seq) {
    return new Resuming(start, end, false, seq);
  }

  @Override public Iterator<KeyValue> scan(byte[] start, byte[] end) {
    return new Resuming(start, end, false, -1);
  }

  @Override public Iterator<KeyValue> scanDescending(byte[] start, byte[] end, long seq) {
    return new Resuming(start, end, true, seq);
  }

  @Override public Iterator<KeyValue> scanDescending(byte[] start, byte[] end) {
    return new Resuming(start, end, true, -1);
  }

  /** Rethrows {@code e} unless it is a collected object and the view could move on. */
  private void recoverOrFail(RuntimeException e, int attempt) {
    ObjectNotFoundException gone = collected(e);
    if (gone == null) {
      throw e;
    }
    if (attempt >= ATTEMPTS || !recover.getAsBoolean()) {
      throw new CatalogException(SqlState.SERIALIZATION_FAILURE, "could not read the catalog: this replica's view "
          + "was garbage-collected under it (" + gone.getMessage() + ") and it has not caught up with the writer's "
          + "newest manifest yet; retry the statement");
    }
  }

  private static ObjectNotFoundException collected(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ObjectNotFoundException n) {
        return n;
      }
    }
    return null;
  }

  /** A scan that reopens itself on the moved-on view, after the last key it returned. */
  private final class Resuming implements Iterator<KeyValue> {
    private byte[] start;
    private byte[] end;
    private final boolean descending;
    private final long seq;
    private Iterator<KeyValue> it;
    private int attempt = 1;

    Resuming(byte[] start, byte[] end, boolean descending, long seq) {
      this.start = start;
      this.end = end;
      this.descending = descending;
      this.seq = seq;
    }

    private Iterator<KeyValue> open() {
      if (it == null) {
        it = seq < 0 ? (descending ? reader.scanDescending(start, end) : reader.scan(start, end))
            : (descending ? reader.scanDescending(start, end, seq) : reader.scan(start, end, seq));
      }
      return it;
    }

    @Override public boolean hasNext() {
      while (true) {
        try {
          return open().hasNext();
        } catch (RuntimeException e) {
          recoverOrFail(e, attempt++);
          it = null;
        }
      }
    }

    @Override public KeyValue next() {
      while (true) {
        try {
          KeyValue kv = open().next();
          if (descending) {
            end = kv.key(); // exclusive: resume below it
          } else {
            start = Arrays.copyOf(kv.key(), kv.key().length + 1); // the least key above it
          }
          return kv;
        } catch (NoSuchElementException e) {
          throw e;
        } catch (RuntimeException e) {
          recoverOrFail(e, attempt++);
          it = null;
        }
      }
    }
  }
}
