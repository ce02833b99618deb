package io.rocklake.pgwire.server;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutorGroup;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * The PostgreSQL v3 wire endpoint: accepts connections and runs a {@link StartupHandler} (TLS,
 * cancel, authentication, session limit) and then a {@link SessionHandler} on each.
 *
 * <p>The I/O threads frame messages and run the startup; each session executes its statements on
 * a session thread of its own (connections take the {@link #SESSION_THREADS} threads in turn), so a
 * statement that takes seconds delays its own session only, never the other sessions or a new
 * client's startup, as with PostgreSQL's process per connection. {@link InboundFlowControl} stops
 * reading from a client whose session is behind.
 */
public final class PgWireServer implements AutoCloseable {
  /** Messages larger than this are refused (54000) before they are buffered. */
  public static final int DEFAULT_MAX_MESSAGE_BYTES = 64 << 20;
  /** Session threads, started as connections need them; connection n and n + 128 share one. */
  public static final int SESSION_THREADS = 128;
  private static final long SHUTDOWN_NOTICE_MILLIS = 5_000;
  private static final long SHUTDOWN_QUIET_MILLIS = 100;

  private final EventLoopGroup boss;
  private final EventLoopGroup workers;
  private final EventExecutorGroup sessionThreads;
  private final Channel channel;
  private final ChannelGroup connections;
  private final SessionRegistry sessions;

  private PgWireServer(EventLoopGroup boss, EventLoopGroup workers, EventExecutorGroup sessionThreads,
      Channel channel, ChannelGroup connections, SessionRegistry sessions) {
    this.boss = boss;
    this.workers = workers;
    this.sessionThreads = sessionThreads;
    this.channel = channel;
    this.connections = connections;
    this.sessions = sessions;
  }

  /** Trust authentication, no TLS, the default session limit. */
  public static PgWireServer start(InetSocketAddress bind, QueryEngine engine) throws InterruptedException {
    return start(bind, engine, WireOptions.defaults());
  }

  public static PgWireServer start(InetSocketAddress bind, QueryEngine engine, WireOptions options)
      throws InterruptedException {
    EventLoopGroup boss = new NioEventLoopGroup(1);
    EventLoopGroup workers = new NioEventLoopGroup();
    EventExecutorGroup sessionThreads = new DefaultEventExecutorGroup(SESSION_THREADS,
        new DefaultThreadFactory("rocklake-session", true));
    ServerParameters parameters = new ServerParameters();
    SessionRegistry sessions = new SessionRegistry(options.maxSessions());
    ChannelGroup connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    try {
      Channel ch = new ServerBootstrap()
          .group(boss, workers)
          .channel(NioServerSocketChannel.class)
          .childOption(ChannelOption.TCP_NODELAY, true)
          .childHandler(new ChannelInitializer<SocketChannel>() {
            @Override protected void initChannel(SocketChannel c) {
              connections.add(c);
              InboundFlowControl flow = new InboundFlowControl();
              c.pipeline().addLast(new FrontendDecoder(DEFAULT_MAX_MESSAGE_BYTES),
                  new StartupHandler(options, sessions), flow.decoded);
              c.pipeline().addLast(sessionThreads, flow.executed, new SessionHandler(engine, parameters));
            }
          })
          .bind(bind).sync().channel();
      return new PgWireServer(boss, workers, sessionThreads, ch, connections, sessions);
    } catch (RuntimeException | InterruptedException e) {
      boss.shutdownGracefully();
      workers.shutdownGracefully();
      sessionThreads.shutdownGracefully();
      throw e;
    }
  }

  public int port() {
    return ((InetSocketAddress) channel.localAddress()).getPort();
  }

  /** Sessions holding a slot: started, whether or not authenticated yet. */
  public int sessionCount() {
    return sessions.size();
  }

  SessionRegistry sessions() {
    return sessions;
  }

  /**
   * Stops accepting, then ends every connection as PostgreSQL's fast shutdown does: FATAL 57P01,
   * so clients see why rather than a bare reset, then close.
   */
  @Override public void close() {
    channel.close().syncUninterruptibly();
    connections.writeAndFlush(new BackendWriter(ByteBufAllocator.DEFAULT)
            .error("FATAL", "57P01", "terminating connection due to administrator command"))
        .awaitUninterruptibly(SHUTDOWN_NOTICE_MILLIS);
    connections.close().awaitUninterruptibly(SHUTDOWN_NOTICE_MILLIS);
    // Every channel is closed already, but a closed channel's pipeline is still taken down across
    // its I/O thread and its session thread: both groups wind down together, each accepting work
    // until quiet for a moment. A session thread still inside a long statement cannot be
    // interrupted: it is waited for a bounded time (session threads are daemons).
    Future<?> bossDone = boss.shutdownGracefully(0, SHUTDOWN_NOTICE_MILLIS, TimeUnit.MILLISECONDS);
    Future<?> workersDone = workers.shutdownGracefully(SHUTDOWN_QUIET_MILLIS, SHUTDOWN_NOTICE_MILLIS,
        TimeUnit.MILLISECONDS);
    Future<?> sessionsDone = sessionThreads.shutdownGracefully(SHUTDOWN_QUIET_MILLIS, SHUTDOWN_NOTICE_MILLIS,
        TimeUnit.MILLISECONDS);
    workersDone.syncUninterruptibly();
    bossDone.syncUninterruptibly();
    sessionsDone.awaitUninterruptibly(2 * SHUTDOWN_NOTICE_MILLIS);
  }
}
