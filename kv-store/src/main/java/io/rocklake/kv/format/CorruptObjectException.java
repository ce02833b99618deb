package io.rocklake.kv.format;

import io.rocklake.kv.KvException;

/** An object's bytes fail a checksum or a structural check; its contents are never returned as data. */
public final class CorruptObjectException extends KvException {
  private static final long serialVersionUID = 1L;
  private final String objectKey;
  private final long offset;

  public CorruptObjectException(String objectKey, long offset, String detail) {
    super("corrupt object " + objectKey + " at byte " + offset + ": " + detail);
    this.objectKey = objectKey;
    this.offset = offset;
  }

  public String objectKey() {
    return objectKey;
  }

  public long offset() {
    return offset;
  }
}
