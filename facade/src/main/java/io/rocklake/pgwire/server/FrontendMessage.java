package io.rocklake.pgwire.server;

import java.util.Map;

/** What the decoder hands the session: the untyped opening messages, or one typed message. */
sealed interface FrontendMessage {
  /** SSLRequest or GSSENCRequest: answered with a single 'N' (no encryption). */
  record EncryptionRequest(int code) implements FrontendMessage {}

  record CancelRequest(int processId, int secret) implements FrontendMessage {}

  record Startup(int protocolVersion, Map<String, String> parameters) implements FrontendMessage {}

  /** A typed message: its type byte and payload (without the length word). */
  record Typed(char type, byte[] payload) implements FrontendMessage {}
}
