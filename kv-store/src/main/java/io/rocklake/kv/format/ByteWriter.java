package io.rocklake.kv.format;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable big-endian buffer for encoding objects. */
public final class ByteWriter {
  private byte[] buf;
  private int size;

  public ByteWriter(int initialCapacity) {
    buf = new byte[Math.max(16, initialCapacity)];
  }

  public int size() {
    return size;
  }

  private void ensure(int extra) {
    if (size + extra > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + extra));
    }
  }

  public ByteWriter u8(int v) {
    ensure(1);
    buf[size++] = (byte) v;
    return this;
  }

  public ByteWriter u16(int v) {
    ensure(2);
    buf[size++] = (byte) (v >>> 8);
    buf[size++] = (byte) v;
    return this;
  }

  public ByteWriter i32(int v) {
    ensure(4);
    buf[size++] = (byte) (v >>> 24);
    buf[size++] = (byte) (v >>> 16);
    buf[size++] = (byte) (v >>> 8);
    buf[size++] = (byte) v;
    return this;
  }

  public ByteWriter i64(long v) {
    i32((int) (v >>> 32));
    return i32((int) v);
  }

  public ByteWriter bytes(byte[] b) {
    return bytes(b, 0, b.length);
  }

  public ByteWriter bytes(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, buf, size, len);
    size += len;
    return this;
  }

  /** A u32 length followed by the bytes. */
  public ByteWriter lengthPrefixed(byte[] b) {
    i32(b.length);
    return bytes(b);
  }

  public ByteWriter string(String s) {
    return lengthPrefixed(s.getBytes(StandardCharsets.UTF_8));
  }

  /** Appends the CRC32C of everything written since {@code from}. */
  public ByteWriter crcSince(int from) {
    return i32(Checksums.crc32c(buf, from, size - from));
  }

  public void setI32(int at, int v) {
    buf[at] = (byte) (v >>> 24);
    buf[at + 1] = (byte) (v >>> 16);
    buf[at + 2] = (byte) (v >>> 8);
    buf[at + 3] = (byte) v;
  }

  public byte[] toByteArray() {
    return Arrays.copyOf(buf, size);
  }
}
