package io.rocklake.kv.store;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Wraps a store and misbehaves on schedule, to prove the kv-store survives what real stores and
 * real processes do. Writes (put, create-if-absent, delete) are numbered from 0; a fault or a crash
 * is scheduled against a write number, so a test can hit "between any two object writes".
 */
public final class FaultInjectingObjectStore implements ObjectStore {

  /** What happens to one scheduled write. */
  public enum Fault {
    /** The request fails and nothing is written. */
    FAIL,
    /** The object is written but the caller gets an error (the response was lost). */
    LOST_ACK,
    /**
     * The upload dies midway: a prefix of the bytes lands under a hidden temporary name next to the
     * target (as a crashed local-folder put leaves), the target is untouched, the caller gets an error.
     */
    TORN
  }

  private final ObjectStore delegate;
  private final AtomicLong writeCount = new AtomicLong();
  private final Map<Long, Fault> faults = new ConcurrentHashMap<>();
  private volatile long crashAtWrite = Long.MAX_VALUE;
  private volatile boolean crashed;
  private volatile long latencyNanos;
  private volatile StoreFailureReason outage;

  public FaultInjectingObjectStore(ObjectStore delegate) {
    this.delegate = delegate;
  }

  /** Schedules {@code fault} for the write with this number (0-based, counted across all writes). */
  public void inject(long writeNumber, Fault fault) {
    faults.put(writeNumber, fault);
  }

  /**
   * Every write from now on fails with {@code reason} and the operating system's text for it (as a
   * full disk or a read-only remount does) and lands nothing, until {@link #endOutage}; reads still work.
   */
  public void startOutage(StoreFailureReason reason) {
    outage = reason;
  }

  /** The cause is gone (space freed, remounted read-write): writes work again. */
  public void endOutage() {
    outage = null;
  }

  /** The process "dies" just before the write with this number: it and every later call fail. */
  public void crashAtWrite(long writeNumber) {
    crashAtWrite = writeNumber;
  }

  public void crashNow() {
    crashed = true;
  }

  public boolean crashed() {
    return crashed;
  }

  /** How many writes were attempted so far. */
  public long writeCount() {
    return writeCount.get();
  }

  /** Adds this delay to every request, to model a remote store. */
  public void setLatency(Duration latency) {
    latencyNanos = latency.toNanos();
  }

  @Override
  public Optional<byte[]> get(String key) {
    beforeRead();
    return delegate.get(key);
  }

  @Override
  public byte[] getRange(String key, long offset, int length) {
    beforeRead();
    return delegate.getRange(key, offset, length);
  }

  @Override
  public List<String> list(String prefix) {
    beforeRead();
    return delegate.list(prefix);
  }

  @Override
  public void put(String key, byte[] data) {
    Fault fault = beforeWrite(key);
    applyWrite(key, data, fault, () -> {
      delegate.put(key, data);
      return true;
    });
  }

  @Override
  public boolean putIfAbsent(String key, byte[] data) {
    Fault fault = beforeWrite(key);
    return applyWrite(key, data, fault, () -> delegate.putIfAbsent(key, data));
  }

  @Override
  public void delete(String key) {
    Fault fault = beforeWrite(key);
    applyWrite(key, new byte[0], fault, () -> {
      delegate.delete(key);
      return true;
    });
  }

  @Override
  public void close() {
    delegate.close();
  }

  private interface Write {
    boolean run();
  }

  private boolean applyWrite(String key, byte[] data, Fault fault, Write write) {
    if (fault == null) {
      return write.run();
    }
    switch (fault) {
      case FAIL:
        throw new ObjectStoreException("injected failure writing " + key);
      case LOST_ACK:
        write.run();
        throw new ObjectStoreException("injected lost acknowledgement writing " + key);
      case TORN:
        int slash = key.lastIndexOf('/');
        String tornKey = key.substring(0, slash + 1) + ".tmp-torn-" + key.substring(slash + 1);
        delegate.put(tornKey, Arrays.copyOf(data, data.length / 2));
        throw new ObjectStoreException("injected torn upload of " + key);
      default:
        throw new AssertionError(fault);
    }
  }

  private void beforeRead() {
    delay();
    if (crashed) {
      throw new SimulatedCrashException();
    }
  }

  private Fault beforeWrite(String key) {
    delay();
    if (crashed) {
      throw new SimulatedCrashException();
    }
    long number = writeCount.getAndIncrement();
    if (number >= crashAtWrite) {
      crashed = true;
      throw new SimulatedCrashException();
    }
    StoreFailureReason reason = outage;
    if (reason != null) {
      throw new ObjectStoreException("could not write " + key + ": " + reason.osText(), reason, null);
    }
    return faults.remove(number);
  }

  private void delay() {
    long nanos = latencyNanos;
    if (nanos > 0) {
      LockSupport.parkNanos(nanos);
    }
  }
}
