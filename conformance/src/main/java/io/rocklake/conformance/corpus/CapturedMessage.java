package io.rocklake.conformance.corpus;

import io.rocklake.conformance.wire.WireMessage;

/**
 * One protocol message as the capture proxy saw it. {@code type} is the message type byte as a
 * string, or one of the pseudo types {@code ssl} (SSLRequest/GSSENCRequest), {@code sslresp} (the
 * single-byte answer) and {@code startup} (StartupMessage), which have no type byte on the wire.
 * The payload is the authoritative raw content, without type byte and length word.
 */
public record CapturedMessage(int seq, int conn, Direction direction, String type, byte[] payload) {

  public static final String SSL_REQUEST = "ssl";
  public static final String SSL_RESPONSE = "sslresp";
  public static final String STARTUP = "startup";

  public boolean isFrontend() {
    return direction == Direction.FRONTEND;
  }

  /** True for the untyped messages that open a connection. */
  public boolean isUntyped() {
    return type.length() > 1;
  }

  /** The message as it travels on the wire (typed messages only). */
  public WireMessage toWire() {
    if (isUntyped()) {
      throw new IllegalStateException("message " + seq + " (" + type + ") has no type byte");
    }
    return new WireMessage(type.charAt(0), payload);
  }

  /** The bytes to write to a socket for a frontend message, framing included. */
  public byte[] frame() {
    if (type.equals(SSL_REQUEST) || type.equals(STARTUP)) {
      return WireMessage.untypedFrame(payload);
    }
    return toWire().frame();
  }
}
