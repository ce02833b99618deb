package io.rocklake.pgwire.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.net.ssl.SSLException;

/** TLS for the wire endpoint: the server context from PEM files, and the switch after an SSLRequest. */
public final class Tls {
  private Tls() {}

  /**
   * The server context for a PEM certificate chain and its unencrypted PKCS#8 PEM private key
   * ({@code -----BEGIN PRIVATE KEY-----}; {@code openssl pkcs8 -topk8 -nocrypt} converts others). The
   * JDK's TLS implementation, so nothing native is needed.
   */
  public static SslContext serverContext(Path certificate, Path privateKey) {
    for (Path p : new Path[] {certificate, privateKey}) {
      if (!Files.isReadable(p)) {
        throw new IllegalArgumentException("cannot read " + p);
      }
    }
    try {
      return SslContextBuilder.forServer(certificate.toFile(), privateKey.toFile()).sslProvider(SslProvider.JDK)
          .build();
    } catch (SSLException | IllegalArgumentException e) {
      throw new IllegalArgumentException("cannot use TLS certificate " + certificate + " with key " + privateKey
          + ": " + e.getMessage() + " (the key must be an unencrypted PKCS#8 PEM; convert one with "
          + "'openssl pkcs8 -topk8 -nocrypt -in KEY -out KEY.pk8')", e);
    }
  }

  /**
   * Puts TLS at the head of the pipeline. Called right after 'S' was written: that byte is already
   * in the channel's outbound buffer, so it goes out in the clear and everything after it encrypted.
   */
  static void upgrade(ChannelHandlerContext ctx, SslContext context) {
    ChannelPipeline p = ctx.pipeline();
    p.addFirst("tls", context.newHandler(ctx.alloc()));
    p.addAfter("tls", "tls-errors", new HandshakeErrors());
  }

  /** A failed handshake or broken record ends the connection quietly: no plaintext error can reach the client. */
  private static final class HandshakeErrors extends ChannelInboundHandlerAdapter {
    @Override public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      if (cause instanceof SSLException || cause.getCause() instanceof SSLException) {
        ctx.close();
      } else {
        ctx.fireExceptionCaught(cause);
      }
    }
  }
}
