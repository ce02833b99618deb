package io.rocklake.pgwire.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.rocklake.catalog.SqlState;
import io.rocklake.engine.EngineException;
import io.rocklake.engine.StatementMemory;
import io.rocklake.pgwire.types.InvalidByteSequenceException;
import io.rocklake.pgwire.types.Utf8Text;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Frames frontend messages. Until the StartupMessage, messages are untyped ({@code int32 length,
 * int32 code, ...}); afterwards each is {@code type byte, int32 length, payload}. Lengths are
 * checked before anything is buffered, so an oversized or impossible length is a protocol error,
 * never an allocation.
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
  private FrontendMessage.Typed refused;
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
    out.add(new FrontendMessage.Typed(type, payload, reserved, null));
    reserved = null;
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
      refused = new FrontendMessage.Typed(type, new byte[0], null, e);
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
}
