package io.rocklake.pgwire.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.rocklake.catalog.SqlState;
import io.rocklake.engine.EngineException;
import io.rocklake.engine.StatementMemory;
import io.rocklake.pgwire.types.InvalidByteSequenceException;
import io.rocklake.pgwire.types.Utf8Text;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;

/**
 * Frames and decodes frontend messages, the first layer of the wire (decode, then {@link QueryProtocol}'s
 * state machine, then the encoding by {@link ResultWriter} and {@link BackendWriter}). Until the StartupMessage, messages are untyped
 * ({@code int32 length, int32 code, ...}); afterwards each is {@code type byte, int32 length, payload},
 * decoded once into its {@link FrontendMessage} record. Lengths are checked before anything is
 * buffered, so an oversized or impossible length is a protocol error (FATAL, the rest of the input
 * unread), never an allocation; a payload that does not hold its fields is framed fine, so it is
 * decoded as {@link FrontendMessage.Malformed} and the session decides, as PostgreSQL does, whether it
 * reads it at all.
 */
final class FrontendDecoder extends ByteToMessageDecoder {
  static final int SSL_REQUEST = 80877103;
  static final int GSSENC_REQUEST = 80877104;
  static final int CANCEL_REQUEST = 80877102;
  private static final int MAX_STARTUP_LENGTH = 10_000;

  private final int maxMessageBytes;
  private final StatementMemory memory;
  /** Statement memory reserved for the large Query or Parse being buffered now. */
  private StatementMemory.Reservation reserved;
  /**
   * Every reservation this connection's messages still hold: the session gives each back once it
   * has handled the message, and all are given back when the connection closes, so a message that
   * is dropped unhandled (a Query before authentication) cannot keep its memory.
   */
  private final Set<StatementMemory.Reservation> held = ConcurrentHashMap.newKeySet();
  /** Bytes still to skip of a message whose memory could not be reserved, and the refusal to answer it with. */
  private long skipping;
  private FrontendMessage.Refused refused;
  private boolean started;
  /** A framing error was reported (FATAL): the rest of the input is discarded, never decoded. */
  private boolean failed;

  FrontendDecoder(int maxMessageBytes) {
    this(maxMessageBytes, new StatementMemory(Long.MAX_VALUE));
  }

  FrontendDecoder(int maxMessageBytes, StatementMemory memory) {
    this.maxMessageBytes = maxMessageBytes;
    this.memory = memory;
  }

  @Override protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (failed) {
      in.skipBytes(in.readableBytes());
      return;
    }
    try {
      if (skipping > 0) {
        skip(in, out);
      } else if (!started) {
        decodeUntyped(in, out);
      } else {
        decodeTyped(in, out);
      }
    } catch (ProtocolException e) {
      failed = true;
      in.skipBytes(in.readableBytes());
      throw e;
    }
  }

  private void decodeUntyped(ByteBuf in, List<Object> out) {
    if (in.readableBytes() < 4) {
      return;
    }
    int length = in.getInt(in.readerIndex());
    if (length < 8 || length > MAX_STARTUP_LENGTH) {
      throw new ProtocolException(SqlState.PROTOCOL_VIOLATION, "invalid length of startup packet: " + length);
    }
    if (in.readableBytes() < length) {
      return;
    }
    in.skipBytes(4);
    int code = in.readInt();
    ByteBuf body = in.readSlice(length - 8);
    if (code == SSL_REQUEST || code == GSSENC_REQUEST) {
      if (in.isReadable()) {
        // Bytes sent before the answer to an encryption request were not encrypted and may have been
        // injected by a man in the middle (CVE-2021-23214): refuse them, as PostgreSQL does.
        throw new ProtocolException(SqlState.PROTOCOL_VIOLATION, "received unencrypted data after "
            + (code == SSL_REQUEST ? "SSL request" : "GSSAPI encryption request"));
      }
      out.add(new FrontendMessage.EncryptionRequest(code));
    } else if (code == CANCEL_REQUEST) {
      if (body.readableBytes() != 8) {
        throw new ProtocolException(SqlState.PROTOCOL_VIOLATION, "invalid length of cancel request: " + length);
      }
      out.add(new FrontendMessage.CancelRequest(body.readInt(), body.readInt()));
    } else if (code >>> 16 == 3) {
      started = true;
      out.add(new FrontendMessage.Startup(code, parameters(body)));
    } else {
      throw new ProtocolException(SqlState.FEATURE_NOT_SUPPORTED, "unsupported frontend protocol " + (code >>> 16) + "." + (code & 0xFFFF)
          + ": server supports 3.0 to 3.0");
    }
  }

  private static Map<String, String> parameters(ByteBuf body) {
    Map<String, String> params = new LinkedHashMap<>();
    while (body.isReadable()) {
      String name = cstring(body);
      if (name.isEmpty()) {
        break;
      }
      params.put(name, cstring(body));
    }
    return params;
  }

  private void decodeTyped(ByteBuf in, List<Object> out) {
    if (in.readableBytes() < 5) {
      return;
    }
    char type = (char) in.getUnsignedByte(in.readerIndex());
    int length = in.getInt(in.readerIndex() + 1);
    if (length < 4 || length - 4 > maxMessageBytes) {
      throw new ProtocolException(length < 4 ? SqlState.PROTOCOL_VIOLATION : SqlState.PROGRAM_LIMIT_EXCEEDED, length < 4
          ? "invalid message length " + length + " for message type '" + type + "'"
          : "message of " + (length - 4) + " bytes exceeds the limit of " + maxMessageBytes + " bytes");
    }
    if ((type == 'Q' || type == 'P') && reserved == null && !reserve(type, length - 4)) {
      skipping = 1L + length;
      skip(in, out);
      return;
    }
    if (in.readableBytes() < 1 + length) {
      return;
    }
    in.skipBytes(5);
    byte[] payload = new byte[length - 4];
    in.readBytes(payload);
    StatementMemory.Reservation memory = reserved;
    reserved = null;
    FrontendMessage.Typed message = message(type, payload, memory);
    if (memory != null && !(message instanceof FrontendMessage.Statement)) {
      memory.close(); // refused or malformed: no statement will hold its text
    }
    out.add(message);
  }

  /**
   * The one place a payload is read: its fields, in order, as the record of its type. A payload that
   * does not hold them is {@link FrontendMessage.Malformed}; a text or name that is not UTF-8 makes
   * the message {@link FrontendMessage.Refused}, whichever comes first, as PostgreSQL reads them.
   */
  static FrontendMessage.Typed message(char type, byte[] payload, StatementMemory.Reservation memory) {
    try {
      return fields(type, payload, memory);
    } catch (PayloadReader.Defect e) {
      return new FrontendMessage.Malformed(type, e.getMessage());
    } catch (InvalidByteSequenceException e) {
      return new FrontendMessage.Refused(type, new EngineException(InvalidByteSequenceException.SQLSTATE, e.getMessage()));
    }
  }

  private static FrontendMessage.Typed fields(char type, byte[] payload, StatementMemory.Reservation memory) {
    switch (type) {
      case 'Q': {
        PayloadReader in = new PayloadReader("Query", payload);
        String sql = in.cstring("query string");
        in.end();
        return new FrontendMessage.Query(sql, memory);
      }
      case 'P': return parse(new PayloadReader("Parse", payload), memory);
      case 'B': return bind(new PayloadReader("Bind", payload));
      case 'D': return kindAndName(new PayloadReader("Describe", payload), "DESCRIBE", FrontendMessage.Describe::new);
      case 'E': {
        PayloadReader in = new PayloadReader("Execute", payload);
        String portal = in.cstring("portal name");
        int maxRows = in.int32("row limit");
        in.end();
        return new FrontendMessage.Execute(portal, maxRows);
      }
      case 'C': return kindAndName(new PayloadReader("Close", payload), "CLOSE", FrontendMessage.Close::new);
      case 'S':
        new PayloadReader("Sync", payload).end();
        return new FrontendMessage.Sync();
      case 'H':
        new PayloadReader("Flush", payload).end();
        return new FrontendMessage.Flush();
      case 'd': return new FrontendMessage.CopyData(payload);
      // PostgreSQL reads neither CopyDone's nor Terminate's payload.
      case 'c': return new FrontendMessage.CopyDone();
      case 'f': return new FrontendMessage.CopyFail(new PayloadReader("CopyFail", payload).lenientCstring("reason"));
      case 'X': return new FrontendMessage.Terminate();
      case 'p': return new FrontendMessage.Password(payload);
      default: return new FrontendMessage.Unsupported(type);
    }
  }

  private static FrontendMessage.Parse parse(PayloadReader in, StatementMemory.Reservation memory) {
    String name = in.cstring("statement name");
    String sql = in.cstring("query string");
    int n = in.int16("parameter type count");
    int[] oids = new int[n];
    for (int i = 0; i < n; i++) {
      oids[i] = in.int32("parameter type " + (i + 1) + " of " + n);
    }
    in.end();
    return new FrontendMessage.Parse(name, sql, oids, memory);
  }

  private static FrontendMessage.Bind bind(PayloadReader in) {
    String portal = in.cstring("portal name");
    String statement = in.cstring("statement name");
    short[] parameterFormats = formats(in, "parameter format");
    int n = in.int16("parameter count");
    byte[][] values = new byte[n][];
    for (int i = 0; i < n; i++) {
      String field = "parameter " + (i + 1) + " of " + n;
      int length = in.int32(field + "'s length");
      if (length < -1) {
        throw in.defect(field + " has length " + length + " (-1 is NULL)");
      }
      values[i] = length == -1 ? null : in.bytes(length, field);
    }
    short[] resultFormats = formats(in, "result format");
    in.end();
    return new FrontendMessage.Bind(portal, statement, parameterFormats, values, resultFormats);
  }

  private static short[] formats(PayloadReader in, String field) {
    int n = in.int16(field + " count");
    short[] formats = new short[n];
    for (int i = 0; i < n; i++) {
      formats[i] = (short) in.int16(field + " " + (i + 1) + " of " + n);
    }
    return formats;
  }

  /**
   * Describe's and Close's fields, the same two: a kind, 'S' or 'P' (refused with PostgreSQL's words
   * otherwise), and the name of the prepared statement or portal.
   */
  private static <M extends FrontendMessage.Typed> M kindAndName(PayloadReader in, String message,
      BiFunction<Character, String, M> record) {
    int kind = in.int8("kind");
    if (kind != 'S' && kind != 'P') {
      throw new PayloadReader.Defect("invalid " + message + " message subtype " + kind);
    }
    String name = in.cstring("name");
    in.end();
    return record.apply((char) kind, name);
  }

  /**
   * Reserves statement memory for a text before it is buffered (a Query's or Parse's whole payload).
   * False if refused: the message is then skipped as it arrives, never held, and answered with the error.
   */
  private boolean reserve(char type, int textBytes) {
    if (StatementMemory.estimate(textBytes) == 0) {
      return true;
    }
    try {
      reserved = memory.reserve(textBytes);
      held.removeIf(StatementMemory.Reservation::isReleased);
      held.add(reserved);
      return true;
    } catch (EngineException e) {
      refused = new FrontendMessage.Refused(type, e);
      return false;
    }
  }

  private void skip(ByteBuf in, List<Object> out) {
    int n = (int) Math.min(skipping, in.readableBytes());
    in.skipBytes(n);
    skipping -= n;
    if (skipping == 0) {
      out.add(refused);
      refused = null;
    }
  }

  @Override protected void handlerRemoved0(ChannelHandlerContext ctx) {
    held.forEach(StatementMemory.Reservation::close); // given back twice is harmless
    held.clear();
    reserved = null;
  }

  static String cstring(ByteBuf buf) {
    int end = buf.indexOf(buf.readerIndex(), buf.writerIndex(), (byte) 0);
    if (end < 0) {
      throw new ProtocolException(SqlState.PROTOCOL_VIOLATION, "string is not NUL-terminated");
    }
    byte[] bytes = new byte[end - buf.readerIndex()];
    buf.readBytes(bytes);
    buf.skipBytes(1);
    try {
      return Utf8Text.decode(bytes);
    } catch (InvalidByteSequenceException e) {
      // A user or database name that is not text cannot be looked up or recorded: refused before the session starts.
      throw new ProtocolException(InvalidByteSequenceException.SQLSTATE, e.getMessage());
    }
  }

  /**
   * Reads the fields of one typed message's payload in order, refusing to read past its end: each
   * defect is a {@link Defect} naming the message and the field, for {@link FrontendMessage.Malformed}.
   */
  private static final class PayloadReader {
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
}
