package io.rocklake.pgwire.server;

import io.rocklake.engine.EngineException;
import io.rocklake.engine.StatementMemory;
import java.util.Map;

/** What the decoder hands the session: the untyped opening messages, or one typed message. */
sealed interface FrontendMessage {
  /** SSLRequest or GSSENCRequest: answered by {@link StartupHandler}. */
  record EncryptionRequest(int code) implements FrontendMessage {}

  record CancelRequest(int processId, int secret) implements FrontendMessage {}

  record Startup(int protocolVersion, Map<String, String> parameters) implements FrontendMessage {}

  /**
   * A typed message: its type byte and payload (without the length word); for a large statement
   * text the statement memory reserved for it (null if none), to give back once it has been handled;
   * or, for a Query or Parse skipped unread because no memory could be reserved, the error to answer
   * (its payload then empty). A refusal is still a message of its type, so a handler that expects
   * other types (authentication) refuses it as it would refuse the message.
   */
  record Typed(char type, byte[] payload, StatementMemory.Reservation memory, EngineException refusal)
      implements FrontendMessage {
    Typed(char type, byte[] payload) {
      this(type, payload, null, null);
    }
  }
}
