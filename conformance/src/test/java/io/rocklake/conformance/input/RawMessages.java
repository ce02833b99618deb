package io.rocklake.conformance.input;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** The v3 protocol as this package's tests write and read it, byte by byte, the same to both servers. */
final class RawMessages {
  private RawMessages() {}

  /** A StartupMessage (protocol 3.0) for user and database postgres. */
  static byte[] startupAsPostgres() {
    byte[] params = "user\0postgres\0database\0postgres\0\0".getBytes(StandardCharsets.UTF_8);
    return ByteBuffer.allocate(8 + params.length).putInt(8 + params.length).putInt(196608).put(params).array();
  }

  /** A typed frontend message: type byte, length, payload. */
  static byte[] message(char type, byte[] payload) {
    return ByteBuffer.allocate(5 + payload.length).put((byte) type).putInt(4 + payload.length).put(payload).array();
  }

  /** One field of an ErrorResponse or NoticeResponse body by its code ('C' the SQLSTATE, 'M' the message); null if absent. */
  static String field(byte[] body, char code) {
    int i = 0;
    while (i < body.length && body[i] != 0) {
      int end = i + 1;
      while (body[end] != 0) {
        end++;
      }
      if (body[i] == code) {
        return new String(body, i + 1, end - i - 1, StandardCharsets.UTF_8);
      }
      i = end + 1;
    }
    return null;
  }
}
