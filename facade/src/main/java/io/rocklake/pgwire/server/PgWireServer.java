package io.rocklake.pgwire.server;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultEventExecutor;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.rocklake.catalog.SqlState;
import io.rocklake.pgwire.server.auth.Authentication;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The PostgreSQL v3 wire endpoint: accepts connections and runs a {@link StartupHandler} (TLS,
 * cancel, authentication, session limit) and then a {@link QueryProtocol} on each.
 *
 * <p>The I/O threads frame messages and run the startup; each session executes its statements on
 * a thread of its own, started once the connection is admitted and ended with it, so a
 * statement that takes seconds delays its own session only, never the other sessions or a new
 * client's startup, as with PostgreSQL's process per connection. {@link InboundFlowControl} stops
 * reading from a client whose session is behind; {@link OutboundBatcher} hands each answer back to
 * the I/O thread in one piece.
 */
public final class PgWireServer implements AutoCloseable {
  /** Messages larger than this are refused (54000) before they are buffered. */
  public static final int DEFAULT_MAX_MESSAGE_BYTES = 64 << 20;
  private static final long SHUTDOWN_NOTICE_MILLIS = 5_000;
  private static final long SHUTDOWN_QUIET_MILLIS = 100;

  private final EventLoopGroup boss;
  private final EventLoopGroup workers;
  /** The session threads of open connections (and of those closing), one each. */
  private final Set<EventExecutor> sessionThreads;
  private final Channel channel;
  private final ChannelGroup connections;
  private final SessionRegistry sessions;
  /** The options a connection accepted now starts with. */
  private final AtomicReference<WireOptions> options;

  private PgWireServer(EventLoopGroup boss, EventLoopGroup workers, Set<EventExecutor> sessionThreads,
      Channel channel, ChannelGroup connections, SessionRegistry sessions, AtomicReference<WireOptions> options) {
    this.options = options;
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

  public static PgWireServer start(InetSocketAddress bind, QueryEngine engine, WireOptions initialOptions)
      throws InterruptedException {
    return start(bind, engine, initialOptions, WireObserver.NONE);
  }

  /** As {@link #start(InetSocketAddress, QueryEngine, WireOptions)}, telling {@code observer} of every session. */
  public static PgWireServer start(InetSocketAddress bind, QueryEngine engine, WireOptions initialOptions,
      WireObserver observer) throws InterruptedException {
    AtomicReference<WireOptions> current = new AtomicReference<>(initialOptions);
    WireOptions options = initialOptions;
    EventLoopGroup boss = new NioEventLoopGroup(1);
    EventLoopGroup workers = new NioEventLoopGroup();
    ThreadFactory sessionThreadFactory = new DefaultThreadFactory("rocklake-session", true);
    Set<EventExecutor> sessionThreads = ConcurrentHashMap.newKeySet();
    ServerParameters parameters = new ServerParameters();
    SessionRegistry sessions = new SessionRegistry(options.maxSessions(), engine::processIdInUse);
    StartupLimit startups = new StartupLimit(options.startupLimit());
    LoggingPreload.run();
    ChannelGroup connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    try {
      Channel ch = new ServerBootstrap()
          .group(boss, workers)
          .channel(NioServerSocketChannel.class)
          .handler(new AcceptBackoff())
          .childOption(ChannelOption.TCP_NODELAY, true)
          .childHandler(new ChannelInitializer<SocketChannel>() {
            @Override protected void initChannel(SocketChannel c) {
              connections.add(c);
              InboundFlowControl flow = new InboundFlowControl();
              // Until its startup completes a connection costs a socket, these handlers and a timer;
              // the session thread and the session's handlers come once it is admitted.
              c.pipeline().addLast(new FrontendDecoder(DEFAULT_MAX_MESSAGE_BYTES, engine.statementMemory()),
                  new StartupHandler(current.get(), sessions, startups, pipeline -> {
                    EventExecutor sessionThread = new DefaultEventExecutor(sessionThreadFactory);
                    sessionThreads.add(sessionThread);
                    sessionThread.terminationFuture().addListener(f -> sessionThreads.remove(sessionThread));
                    pipeline.addLast(sessionThread, new SessionThreadEnd(), flow.executed, new OutboundBatcher(),
                        new QueryProtocol(engine, parameters, observer));
                  }, observer), flow.decoded);
            }
          })
          .bind(bind).sync().channel();
      return new PgWireServer(boss, workers, sessionThreads, ch, connections, sessions, current);
    } catch (RuntimeException | InterruptedException e) {
      boss.shutdownGracefully();
      workers.shutdownGracefully();
      throw e;
    }
  }

  /** Connections accepted from now on authenticate so; those already in, or authenticating, are unaffected. */
  public void replaceAuthentication(Authentication authentication) {
    options.updateAndGet(o -> o.withAuthentication(authentication));
  }

  public int port() {
    return ((InetSocketAddress) channel.localAddress()).getPort();
  }

  /** Session threads not yet ended: one per open connection, and those of connections just closed. */
  int liveSessionThreads() {
    return sessionThreads.size();
  }

  /**
   * Ends a connection's session thread when the connection's pipeline is taken down: that is the
   * last work the channel gives the thread (its events, the close's included, come before), and the
   * quiet period still serves any late listener of a write.
   */
  private static final class SessionThreadEnd extends io.netty.channel.ChannelHandlerAdapter {
    @Override public void handlerRemoved(ChannelHandlerContext ctx) {
      ctx.executor().shutdownGracefully(SHUTDOWN_QUIET_MILLIS, SHUTDOWN_NOTICE_MILLIS, TimeUnit.MILLISECONDS);
    }
  }

  /** Bytes written to clients that their sockets have not taken yet, over all connections. */
  long pendingOutboundBytes() {
    long pending = 0;
    for (Channel c : connections) {
      io.netty.channel.ChannelOutboundBuffer buffer = c.unsafe().outboundBuffer();
      pending += buffer == null ? 0 : buffer.totalPendingWriteBytes();
    }
    return pending;
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
  /** PostgreSQL's text for a session ended by a fast shutdown. */
  public static final String SHUTDOWN_NOTICE = "terminating connection due to administrator command";

  @Override public void close() {
    close(SHUTDOWN_NOTICE);
  }

  /** As {@link #close()}, with {@code notice} as the FATAL 57P01 message (it says why the sessions end). */
  public void close(String notice) {
    channel.close().syncUninterruptibly();
    // Written from the I/O side of each pipeline, so that a session thread busy with a statement
    // does not hold the notice back.
    List<ChannelFuture> notices = new ArrayList<>();
    for (Channel c : connections) {
      ChannelHandlerContext first = c.pipeline().firstContext();
      if (first != null) {
        notices.add(first.writeAndFlush(new BackendWriter(ByteBufAllocator.DEFAULT)
            .error("FATAL", SqlState.ADMIN_SHUTDOWN, notice)));
      }
    }
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SHUTDOWN_NOTICE_MILLIS);
    for (ChannelFuture f : notices) {
      f.awaitUninterruptibly(Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
    }
    connections.close().awaitUninterruptibly(SHUTDOWN_NOTICE_MILLIS);
    // Every channel is closed already, but a closed channel's pipeline is still taken down across
    // its I/O thread and its session thread: the I/O threads wind down accepting work until quiet
    // for a moment, and each session thread does so since its channel closed. A session thread
    // still inside a long statement cannot be interrupted: it is waited for a bounded time
    // (session threads are daemons).
    Future<?> bossDone = boss.shutdownGracefully(0, SHUTDOWN_NOTICE_MILLIS, TimeUnit.MILLISECONDS);
    Future<?> workersDone = workers.shutdownGracefully(SHUTDOWN_QUIET_MILLIS, SHUTDOWN_NOTICE_MILLIS,
        TimeUnit.MILLISECONDS);
    workersDone.syncUninterruptibly();
    bossDone.syncUninterruptibly();
    long sessionsDeadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(2 * SHUTDOWN_NOTICE_MILLIS);
    for (EventExecutor sessionThread : List.copyOf(sessionThreads)) {
      sessionThread.terminationFuture().awaitUninterruptibly(
          Math.max(0, TimeUnit.NANOSECONDS.toMillis(sessionsDeadline - System.nanoTime())));
    }
  }
}
