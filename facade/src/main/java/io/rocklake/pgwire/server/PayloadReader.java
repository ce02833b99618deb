package io.rocklake.pgwire.server;

import io.rocklake.pgwire.types.InvalidByteSequenceException;
import io.rocklake.pgwire.types.Utf8Text;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Reads the fields of one typed message's payload in order, refusing to read past its end: each
 * defect is a {@link Defect} naming the message and the field, for {@link FrontendMessage.Malformed}.
 */
final class PayloadReader {
  /** The payload does not hold the fields its message type has. */
  static final class Defect extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Defect(String message) {
      super(message, null, false, false);
    }
  }

  private final String message;
  private final ByteBuffer b;

  /** {@code message}: the message type's name, as the protocol documentation spells it ("Bind"). */
  PayloadReader(String message, byte[] payload) {
    this.message = message;
    this.b = ByteBuffer.wrap(payload);
  }

  Defect defect(String what) {
    return new Defect("invalid " + message + " message: " + what);
  }

  private void need(int n, String field) {
    if (b.remaining() < n) {
      throw defect("it ends inside its " + field);
    }
  }

  int int8(String field) {
    need(1, field);
    return b.get() & 0xFF;
  }

  /** An unsigned 16-bit count or code. */
  int int16(String field) {
    need(2, field);
    return b.getShort() & 0xFFFF;
  }

  int int32(String field) {
    need(4, field);
    return b.getInt();
  }

  byte[] bytes(int n, String field) {
    need(n, field);
    byte[] out = new byte[n];
    b.get(out);
    return out;
  }

  /** A NUL-terminated string, which must be UTF-8 ({@link InvalidByteSequenceException} if not). */
  String cstring(String field) {
    int start = b.position();
    int end = terminator(field);
    b.position(end + 1);
    return Utf8Text.decode(b.array(), start, end - start);
  }

  /** A NUL-terminated string whose bytes are only reported back (CopyFail's reason): never refused. */
  String lenientCstring(String field) {
    int start = b.position();
    int end = terminator(field);
    b.position(end + 1);
    return new String(b.array(), start, end - start, StandardCharsets.UTF_8);
  }

  /** The message has no bytes after its last field, as PostgreSQL's pq_getmsgend requires. */
  void end() {
    if (b.hasRemaining()) {
      throw defect(b.remaining() + " bytes follow its last field");
    }
  }

  private int terminator(String field) {
    for (int i = b.position(); i < b.limit(); i++) {
      if (b.get(i) == 0) {
        return i;
      }
    }
    throw defect("its " + field + " is not NUL-terminated");
  }
}
