package io.rocklake.pgwire.server;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Backpressure between a connection's I/O thread, which decodes messages, and its session thread,
 * which executes them: once more than {@link #HIGH_WATER_BYTES} of decoded messages wait for the
 * session, the connection stops reading from the socket (so the client blocks in TCP, as it would
 * against a PostgreSQL backend busy with a statement), and it resumes when the session has caught
 * up to {@link #LOW_WATER_BYTES}. Without it a client could queue any number of 64 MiB messages
 * behind one slow statement.
 *
 * <p>Two handlers share the count: {@link #decoded} runs on the I/O thread right after the decoder,
 * {@link #executed} on the session thread right before the session handler. Reads are switched
 * off and on only on the I/O thread, so the two never race.
 */
final class InboundFlowControl {
  static final long HIGH_WATER_BYTES = 1 << 20;
  static final long LOW_WATER_BYTES = HIGH_WATER_BYTES / 2;

  private final AtomicLong pending = new AtomicLong();

  final ChannelInboundHandlerAdapter decoded = new ChannelInboundHandlerAdapter() {
    @Override public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (pending.addAndGet(size(msg)) > HIGH_WATER_BYTES) {
        ctx.channel().config().setAutoRead(false);
      }
      ctx.fireChannelRead(msg);
    }
  };

  final ChannelInboundHandlerAdapter executed = new ChannelInboundHandlerAdapter() {
    @Override public void channelRead(ChannelHandlerContext ctx, Object msg) {
      long size = size(msg);
      try {
        ctx.fireChannelRead(msg); // the session handler runs on this same thread, so this returns when it is done
      } finally {
        long after = pending.addAndGet(-size);
        if (after <= LOW_WATER_BYTES && after + size > LOW_WATER_BYTES) {
          Channel ch = ctx.channel();
          ch.eventLoop().execute(() -> {
            if (pending.get() <= LOW_WATER_BYTES) {
              ch.config().setAutoRead(true);
            }
          });
        }
      }
    }
  };

  private static long size(Object msg) {
    return msg instanceof FrontendMessage.Typed t ? t.bytes() : 16L;
  }
}
