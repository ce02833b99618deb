package io.rocklake.kv.format;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A bounds-checked big-endian reader. Running off the end or meeting an absurd length is reported as
 * corruption of the named object, never as an index exception.
 */
public final class ByteReader {
  private final byte[] buf;
  private final int end;
  private final String objectKey;
  private final long baseOffset;
  private int pos;

  public ByteReader(byte[] buf, int from, int to, String objectKey, long baseOffset) {
    this.buf = buf;
    this.pos = from;
    this.end = to;
    this.objectKey = objectKey;
    this.baseOffset = baseOffset;
  }

  public ByteReader(byte[] buf, String objectKey) {
    this(buf, 0, buf.length, objectKey, 0);
  }

  public int position() {
    return pos;
  }

  public void position(int p) {
    pos = p;
  }

  public int remaining() {
    return end - pos;
  }

  private void need(int n) {
    if (n < 0 || pos + n > end) {
      throw corrupt("truncated: need " + n + " bytes, " + (end - pos) + " left");
    }
  }

  public CorruptObjectException corrupt(String detail) {
    return new CorruptObjectException(objectKey, baseOffset + pos, detail);
  }

  public int u8() {
    need(1);
    return buf[pos++] & 0xff;
  }

  public int u16() {
    need(2);
    int v = ((buf[pos] & 0xff) << 8) | (buf[pos + 1] & 0xff);
    pos += 2;
    return v;
  }

  public int i32() {
    need(4);
    int v = readI32(buf, pos);
    pos += 4;
    return v;
  }

  public long i64() {
    long hi = i32() & 0xffffffffL;
    long lo = i32() & 0xffffffffL;
    return (hi << 32) | lo;
  }

  public byte[] bytes(int n) {
    need(n);
    byte[] out = Arrays.copyOfRange(buf, pos, pos + n);
    pos += n;
    return out;
  }

  public byte[] lengthPrefixed() {
    return bytes(i32());
  }

  public String string() {
    return new String(lengthPrefixed(), StandardCharsets.UTF_8);
  }

  public static int readI32(byte[] b, int at) {
    return ((b[at] & 0xff) << 24) | ((b[at + 1] & 0xff) << 16) | ((b[at + 2] & 0xff) << 8) | (b[at + 3] & 0xff);
  }

  public static long readI64(byte[] b, int at) {
    return ((readI32(b, at) & 0xffffffffL) << 32) | (readI32(b, at + 4) & 0xffffffffL);
  }

  /**
   * Checks that the 4 bytes at {@code [to, to+4)} are the CRC32C of {@code [from, to)}.
   *
   * @throws CorruptObjectException naming the object and offset if they are not
   */
  public static void verifyCrc(byte[] b, int from, int to, String objectKey, long baseOffset, String what) {
    if (to + 4 > b.length || from < 0 || from > to) {
      throw new CorruptObjectException(objectKey, baseOffset + from, what + " is truncated");
    }
    int expected = readI32(b, to);
    int actual = Checksums.crc32c(b, from, to - from);
    if (expected != actual) {
      throw new CorruptObjectException(
          objectKey,
          baseOffset + from,
          String.format("%s checksum mismatch (stored %08x, computed %08x)", what, expected, actual));
    }
  }
}
