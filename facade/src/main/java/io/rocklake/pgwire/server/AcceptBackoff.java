package io.rocklake.pgwire.server;

import io.netty.channel.ChannelConfig;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Keeps the listening socket's acceptor alive when accept() fails, as it does with EMFILE or
 * ENFILE once the process or the system is out of file descriptors: accepting pauses, then retries
 * after a pause that doubles from {@value #FIRST_PAUSE_MILLIS} ms up to {@value #MAX_PAUSE_MILLIS}
 * ms while the failures last (retrying at once would spin, since the pending connection stays
 * ready). One line is logged when failures start and one when accepting works again, never one
 * per failure. Sits on the server channel ahead of Netty's acceptor, which would otherwise log
 * every failure and pause a fixed second.
 */
final class AcceptBackoff extends ChannelInboundHandlerAdapter {
  static final long FIRST_PAUSE_MILLIS = 10;
  static final long MAX_PAUSE_MILLIS = 1_000;
  private static final InternalLogger LOG = InternalLoggerFactory.getInstance(AcceptBackoff.class);

  private long pauseMillis = FIRST_PAUSE_MILLIS;
  private long failures;
  private long failingSinceNanos;

  @Override public void channelRead(ChannelHandlerContext ctx, Object acceptedChannel) {
    if (failures > 0) {
      log("accepting connections again after " + failures + " failed accepts over "
          + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - failingSinceNanos) + " ms");
      failures = 0;
      pauseMillis = FIRST_PAUSE_MILLIS;
    }
    ctx.fireChannelRead(acceptedChannel);
  }

  @Override public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (!(cause instanceof IOException)) {
      ctx.fireExceptionCaught(cause);
      return;
    }
    if (failures++ == 0) {
      failingSinceNanos = System.nanoTime();
      log("cannot accept connections (" + cause.getMessage() + "); retrying with a back-off up to "
          + MAX_PAUSE_MILLIS + " ms");
    }
    ChannelConfig config = ctx.channel().config();
    config.setAutoRead(false);
    ctx.executor().schedule(() -> {
      if (ctx.channel().isOpen()) {
        config.setAutoRead(true);
      }
    }, pauseMillis, TimeUnit.MILLISECONDS);
    pauseMillis = Math.min(2 * pauseMillis, MAX_PAUSE_MILLIS);
  }

  /**
   * A log line that cannot take the acceptor down: out of descriptors, a logging back-end may fail
   * to open what it needs ({@link LoggingPreload} loads what the JDK's needs), and the line is then lost.
   */
  private static void log(String message) {
    try {
      LOG.warn(message);
    } catch (RuntimeException | LinkageError e) {
      // nothing else to do with it: the acceptor must keep running
    }
  }
}
