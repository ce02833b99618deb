package io.rocklake.pgwire.server;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.InetSocketAddress;

/** The PostgreSQL v3 wire endpoint: accepts connections and runs one {@link SessionHandler} each. */
public final class PgWireServer implements AutoCloseable {
  /** Messages larger than this are refused (54000) before they are buffered. */
  public static final int DEFAULT_MAX_MESSAGE_BYTES = 64 << 20;

  private final EventLoopGroup boss;
  private final EventLoopGroup workers;
  private final Channel channel;

  private PgWireServer(EventLoopGroup boss, EventLoopGroup workers, Channel channel) {
    this.boss = boss;
    this.workers = workers;
    this.channel = channel;
  }

  public static PgWireServer start(InetSocketAddress bind, QueryEngine engine) throws InterruptedException {
    EventLoopGroup boss = new NioEventLoopGroup(1);
    EventLoopGroup workers = new NioEventLoopGroup();
    ServerParameters parameters = new ServerParameters();
    try {
      Channel ch = new ServerBootstrap()
          .group(boss, workers)
          .channel(NioServerSocketChannel.class)
          .childOption(ChannelOption.TCP_NODELAY, true)
          .childHandler(new ChannelInitializer<SocketChannel>() {
            @Override protected void initChannel(SocketChannel c) {
              c.pipeline().addLast(new FrontendDecoder(DEFAULT_MAX_MESSAGE_BYTES),
                  new SessionHandler(engine, parameters));
            }
          })
          .bind(bind).sync().channel();
      return new PgWireServer(boss, workers, ch);
    } catch (RuntimeException | InterruptedException e) {
      boss.shutdownGracefully();
      workers.shutdownGracefully();
      throw e;
    }
  }

  public int port() {
    return ((InetSocketAddress) channel.localAddress()).getPort();
  }

  @Override public void close() {
    channel.close().syncUninterruptibly();
    boss.shutdownGracefully().syncUninterruptibly();
    workers.shutdownGracefully().syncUninterruptibly();
  }
}
