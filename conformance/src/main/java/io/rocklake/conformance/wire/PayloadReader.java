package io.rocklake.conformance.wire;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Reads the fields of a message payload, failing with a precise error on truncation. */
public final class PayloadReader {
  private final ByteBuffer buf;

  public PayloadReader(byte[] payload) {
    this.buf = ByteBuffer.wrap(payload);
  }

  public int int8() { return guard(() -> buf.get() & 0xFF); }

  public int int16() { return guard(() -> (int) buf.getShort()); }

  public int int32() { return guard(buf::getInt); }

  public byte[] bytes(int n) {
    if (n < 0 || n > buf.remaining()) {
      throw new MalformedMessageException("needs " + n + " bytes, " + buf.remaining() + " left");
    }
    byte[] out = new byte[n];
    buf.get(out);
    return out;
  }

  /** A NUL-terminated UTF-8 string. */
  public String cstring() {
    int start = buf.position();
    int end = start;
    while (end < buf.limit() && buf.get(end) != 0) {
      end++;
    }
    if (end >= buf.limit()) {
      throw new MalformedMessageException("string at offset " + start + " is not NUL-terminated");
    }
    String s = new String(buf.array(), start, end - start, StandardCharsets.UTF_8);
    buf.position(end + 1);
    return s;
  }

  public int remaining() {
    return buf.remaining();
  }

  public boolean hasRemaining() {
    return buf.hasRemaining();
  }

  private <T> T guard(java.util.function.Supplier<T> read) {
    try {
      return read.get();
    } catch (BufferUnderflowException e) {
      throw new MalformedMessageException("message is truncated at offset " + buf.position());
    }
  }
}
