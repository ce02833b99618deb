package io.rocklake.pgwire.server;

import io.rocklake.engine.EngineException;
import io.rocklake.engine.StatementMemory;
import java.util.Map;

/**
 * A frontend message as {@link FrontendDecoder} decodes it, once: the untyped opening messages, and
 * after the StartupMessage one record per message type, its fields read and checked. Nothing after
 * the decoder reads payload bytes.
 */
sealed interface FrontendMessage {
  /** SSLRequest or GSSENCRequest: answered by {@link StartupHandler}. */
  record EncryptionRequest(int code) implements FrontendMessage {}

  record CancelRequest(int processId, int secret) implements FrontendMessage {}

  record Startup(int protocolVersion, Map<String, String> parameters) implements FrontendMessage {}

  /** A message after the StartupMessage: it has a type byte, and costs its session about {@link #bytes()}. */
  sealed interface Typed extends FrontendMessage {
    char type();

    /** What the message occupies while it waits for its session (for {@link InboundFlowControl}). */
    default long bytes() {
      return 16;
    }
  }

  /** A message carrying a statement text, which may hold statement memory reserved before it was buffered. */
  sealed interface Statement extends Typed {
    /** The statement memory reserved for a large text (null if none), given back once the message is handled. */
    StatementMemory.Reservation memory();

    String sql();

    @Override default long bytes() {
      return 5L + sql().length();
    }
  }

  record Query(String sql, StatementMemory.Reservation memory) implements Statement {
    @Override public char type() {
      return 'Q';
    }
  }

  record Parse(String name, String sql, int[] parameterOids, StatementMemory.Reservation memory) implements Statement {
    @Override public char type() {
      return 'P';
    }
  }

  /** Parameter values are raw bytes, null for SQL NULL; formats are as sent (0, 1 or one per value). */
  record Bind(String portal, String statement, short[] parameterFormats, byte[][] parameters, short[] resultFormats)
      implements Typed {
    @Override public char type() {
      return 'B';
    }

    @Override public long bytes() {
      long n = 16;
      for (byte[] p : parameters) {
        n += 4 + (p == null ? 0 : p.length);
      }
      return n;
    }
  }

  /** Kind 'S' (a prepared statement) or 'P' (a portal); any other kind does not decode. */
  record Describe(char kind, String name) implements Typed {
    @Override public char type() {
      return 'D';
    }
  }

  /** maxRows 0 (or negative) means all rows. */
  record Execute(String portal, int maxRows) implements Typed {
    @Override public char type() {
      return 'E';
    }
  }

  /** Kind 'S' (a prepared statement) or 'P' (a portal); any other kind does not decode. */
  record Close(char kind, String name) implements Typed {
    @Override public char type() {
      return 'C';
    }
  }

  record Sync() implements Typed {
    @Override public char type() {
      return 'S';
    }
  }

  record Flush() implements Typed {
    @Override public char type() {
      return 'H';
    }
  }

  record CopyData(byte[] data) implements Typed {
    @Override public char type() {
      return 'd';
    }

    @Override public long bytes() {
      return 5L + data.length;
    }
  }

  record CopyDone() implements Typed {
    @Override public char type() {
      return 'c';
    }
  }

  /** The reason is only reported back, so bytes that are not UTF-8 are replaced, never refused. */
  record CopyFail(String reason) implements Typed {
    @Override public char type() {
      return 'f';
    }
  }

  record Terminate() implements Typed {
    @Override public char type() {
      return 'X';
    }
  }

  /**
   * PasswordMessage, SASLInitialResponse or SASLResponse: one type byte for all three, told apart only
   * by the authentication exchange in progress, which reads the payload.
   */
  record Password(byte[] payload) implements Typed {
    @Override public char type() {
      return 'p';
    }

    @Override public long bytes() {
      return 5L + payload.length;
    }
  }

  /** A type byte no message of protocol 3.0 a server accepts has (FunctionCall 'F' included). */
  record Unsupported(char type) implements Typed {}

  /**
   * A message whose payload does not decode as its type's fields (one ends early, a string lacks its
   * NUL, bytes follow the last field, a count or kind is impossible): the defect names both. A protocol
   * violation wherever the session would read the message; ignored where PostgreSQL does not read it
   * (skipping to Sync).
   */
  record Malformed(char type, String defect) implements Typed {}

  /**
   * A message refused before it was used: a text or name in it is not UTF-8, or no statement memory
   * could be reserved for a large Query or Parse (its payload then skipped unread). An error of the
   * message, as in PostgreSQL, never of the connection.
   */
  record Refused(char type, EngineException reason) implements Typed {}
}
