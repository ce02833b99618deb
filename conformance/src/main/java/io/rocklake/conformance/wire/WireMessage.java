package io.rocklake.conformance.wire;

import java.nio.ByteBuffer;

/** A typed protocol message: the type byte and the payload (without the length word). */
public record WireMessage(char type, byte[] payload) {

  public byte[] frame() {
    return ByteBuffer.allocate(5 + payload.length)
        .put((byte) type)
        .putInt(payload.length + 4)
        .put(payload)
        .array();
  }

  /** Frames a message that has no type byte (SSLRequest, StartupMessage, CancelRequest). */
  public static byte[] untypedFrame(byte[] payload) {
    return ByteBuffer.allocate(4 + payload.length).putInt(payload.length + 4).put(payload).array();
  }

  public PayloadReader reader() {
    return new PayloadReader(payload);
  }

  @Override public String toString() {
    return type + "(" + payload.length + " bytes)";
  }
}
