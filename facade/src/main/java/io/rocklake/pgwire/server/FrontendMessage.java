package io.rocklake.pgwire.server;

import io.rocklake.engine.EngineException;
import io.rocklake.engine.StatementMemory;
import java.util.Map;

/** What the decoder hands the session: the untyped opening messages, or one typed message. */
sealed interface FrontendMessage {
  /** SSLRequest or GSSENCRequest: answered with a single 'N' (no encryption). */
  record EncryptionRequest(int code) implements FrontendMessage {}

  record CancelRequest(int processId, int secret) implements FrontendMessage {}

  record Startup(int protocolVersion, Map<String, String> parameters) implements FrontendMessage {}

  /**
   * A typed message: its type byte and payload (without the length word), and for a large statement
   * text the statement memory reserved for it (null if none), to give back once it has been handled.
   */
  record Typed(char type, byte[] payload, StatementMemory.Reservation memory) implements FrontendMessage {
    Typed(char type, byte[] payload) {
      this(type, payload, null);
    }
  }

  /** A Query or Parse whose text was skipped unread: the server could not reserve memory for it. */
  record Refused(char type, EngineException error) implements FrontendMessage {}
}
