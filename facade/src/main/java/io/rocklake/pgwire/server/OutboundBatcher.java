package io.rocklake.pgwire.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.DefaultChannelPromise;
import java.util.ArrayList;
import java.util.List;

/**
 * Gathers the backend messages a session thread writes into one buffer and hands it to the I/O
 * thread at each flush, so that an answer (RowDescription, DataRows, CommandComplete,
 * ReadyForQuery) crosses from the session thread to the I/O thread once, not once per message:
 * every crossing is a task and often a thread wake-up, which costs more than encoding a small
 * answer. Past {@link #CHUNK_BYTES} the gathered bytes go out without waiting for the flush, so a
 * large result streams and the buffer stays small. When the client reads slower than the session
 * writes (the channel is no longer writable), the session thread waits until what it sent has
 * reached the socket, as a PostgreSQL backend blocks in send(): a result of any size never piles up
 * in the server's memory. A client that goes away ends the wait.
 *
 * <p>Runs on the session thread, between the session handler and the I/O thread's handlers. The
 * promises of gathered writes complete with the write that carries them.
 */
final class OutboundBatcher extends ChannelOutboundHandlerAdapter {
  static final int CHUNK_BYTES = 64 * 1024;

  private ByteBuf pending;
  private final List<ChannelPromise> promises = new ArrayList<>();

  @Override public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
    if (!(msg instanceof ByteBuf message)) {
      send(ctx, false);
      ctx.write(msg, promise);
      return;
    }
    try {
      if (pending == null) {
        pending = ctx.alloc().buffer(Math.max(256, message.readableBytes()));
      }
      pending.writeBytes(message);
    } finally {
      message.release();
    }
    if (!promise.isVoid()) {
      promises.add(promise);
    }
    if (pending.readableBytes() >= CHUNK_BYTES) {
      send(ctx, true);
    }
  }

  @Override public void flush(ChannelHandlerContext ctx) {
    if (pending != null) {
      send(ctx, true);
    } else {
      ctx.flush();
    }
  }

  @Override public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
    send(ctx, true);
    ctx.close(promise);
  }

  @Override public void handlerRemoved(ChannelHandlerContext ctx) {
    discard();
  }

  /** Drops what was gathered for a connection that is gone, failing its writers' promises. */
  private void discard() {
    if (pending != null) {
      pending.release();
      pending = null;
    }
    java.nio.channels.ClosedChannelException closed = new java.nio.channels.ClosedChannelException();
    promises.forEach(p -> p.tryFailure(closed));
    promises.clear();
  }

  /** Passes the gathered bytes on as one write (and flush), completing their writers' promises with it. */
  private void send(ChannelHandlerContext ctx, boolean flush) {
    if (pending == null) {
      return;
    }
    if (!ctx.channel().isActive()) {
      discard(); // nobody will read it, and the I/O thread may be gone with the server
      return;
    }
    ByteBuf out = pending;
    pending = null;
    // Bound to the I/O thread, so the session thread may wait on it.
    ChannelPromise written = new DefaultChannelPromise(ctx.channel(), ctx.channel().eventLoop());
    if (flush) {
      ctx.writeAndFlush(out, written);
    } else {
      ctx.write(out, written);
    }
    if (!promises.isEmpty()) {
      List<ChannelPromise> waiting = List.copyOf(promises);
      promises.clear();
      written.addListener(f -> waiting.forEach(p -> {
        if (f.isSuccess()) {
          p.trySuccess();
        } else {
          p.tryFailure(f.cause());
        }
      }));
    }
    if (flush && !ctx.channel().isWritable()) {
      written.awaitUninterruptibly();
    }
  }
}
