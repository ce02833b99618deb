package io.rocklake.conformance.wire;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/** Reads backend messages off a socket stream: type byte, int32 length, payload. */
public final class FrameReader {
  /** Larger than any message a catalog server should send; guards against reading garbage. */
  private static final int MAX_PAYLOAD = 256 * 1024 * 1024;

  private final DataInputStream in;

  public FrameReader(InputStream in) {
    this.in = new DataInputStream(in);
  }

  /** Reads the one-byte answer to an SSLRequest or GSSENCRequest. */
  public int readSslResponse() throws IOException {
    int b = in.read();
    if (b < 0) {
      throw new EOFException("connection closed before the SSL response");
    }
    return b;
  }

  public WireMessage read() throws IOException {
    int type = in.read();
    if (type < 0) {
      throw new EOFException("connection closed by the server");
    }
    int length = in.readInt();
    if (length < 4 || length - 4 > MAX_PAYLOAD) {
      throw new MalformedMessageException(
          "message '" + (char) type + "' has impossible length " + length);
    }
    byte[] payload = new byte[length - 4];
    in.readFully(payload);
    return new WireMessage((char) type, payload);
  }
}
