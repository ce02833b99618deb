package io.rocklake.pgwire.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.DecoderException;
import io.rocklake.catalog.SqlState;
import java.io.IOException;

/**
 * How a connection's failure is answered, by one rule before its session exists (startup) and after:
 * a framing error is its FATAL SQLSTATE, a client that went away is closed quietly, anything else is
 * FATAL XX000 naming the cause.
 */
final class ConnectionFailure {
  /** Sends a FATAL ErrorResponse and closes the connection. */
  interface Fatal {
    void send(ChannelHandlerContext ctx, SqlState sqlState, String message);
  }

  private ConnectionFailure() {}

  static void answer(ChannelHandlerContext ctx, Throwable cause, Fatal fatal) {
    Throwable c = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
    if (c instanceof ProtocolException p) {
      fatal.send(ctx, p.sqlState, p.getMessage());
    } else if (c instanceof IOException) {
      ctx.close(); // the client went away
    } else {
      fatal.send(ctx, SqlState.INTERNAL_ERROR, "internal error: " + c);
    }
  }
}
