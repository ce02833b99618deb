package io.rocklake.pgwire.server;


import io.netty.channel.ChannelFutureListener;
import io.rocklake.catalog.SqlState;
import io.rocklake.engine.EngineSession;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.nio.charset.StandardCharsets;

/**
 * One client connection's protocol state machine.
 *
 * <pre>
 *  client                               server
 *   SSLRequest / GSSENCRequest  ──►      'N'
 *   StartupMessage (3.0)        ──►      AuthenticationOk, ParameterStatus*, BackendKeyData, ReadyForQuery(I)
 *   Query, Parse/Bind/Describe/Execute/Sync, COPY  ──►  see QueryProtocol
 *   Terminate                   ──►      (close)
 *   malformed framing           ──►      ErrorResponse FATAL 08P01/54000, close
 * </pre>
 */
final class SessionHandler extends SimpleChannelInboundHandler<FrontendMessage> {
  private final QueryEngine engine;
  private final ServerParameters parameters;
  private EngineSession session;
  private QueryProtocol protocol;
  /** Set by a CancelRequest naming this session's BackendKeyData; see {@link CancelFlag} for its use. */
  private CancelFlag cancelFlag;
  private BackendWriter out;
  /** A FATAL error was sent: the connection is closing, and nothing after it is read or answered. */
  private boolean closing;

  SessionHandler(QueryEngine engine, ServerParameters parameters) {
    this.engine = engine;
    this.parameters = parameters;
  }

  /** Added once the connection is admitted, long after it became active. */
  @Override public void handlerAdded(ChannelHandlerContext ctx) {
    out = new BackendWriter(ctx.alloc());
  }

  @Override protected void channelRead0(ChannelHandlerContext ctx, FrontendMessage msg) {
    try {
      read(ctx, msg);
    } finally {
      if (msg instanceof FrontendMessage.Typed t && t.memory() != null) {
        t.memory().close(); // the statement was run (or refused): its text and trees are garbage now
      }
    }
  }

  private void read(ChannelHandlerContext ctx, FrontendMessage msg) {
    if (closing) {
      return;
    }
    if (msg instanceof FrontendMessage.EncryptionRequest) {
      ctx.writeAndFlush(out.noEncryption());
    } else if (msg instanceof FrontendMessage.CancelRequest) {
      ctx.close(); // nothing runs long enough to cancel yet; PostgreSQL closes cancel connections too
    } else if (msg instanceof FrontendMessage.Startup startup) {
      startup(ctx, startup);
    } else if (msg instanceof FrontendMessage.Typed t && t.refusal() != null && protocol != null) {
      protocol.refused(ctx, t.type(), t.refusal());
    } else {
      typed(ctx, (FrontendMessage.Typed) msg);
    }
  }

  private void startup(ChannelHandlerContext ctx, FrontendMessage.Startup startup) {
    if (startup.protocolVersion() != 196608) {
      fatal(ctx, SqlState.FEATURE_NOT_SUPPORTED.code(), "unsupported frontend protocol minor version; server supports 3.0");
      return;
    }
    if (startup.parameters().get("user") == null) {
      fatal(ctx, SqlState.INVALID_AUTHORIZATION_SPECIFICATION.code(), "no PostgreSQL user name specified in startup packet");
      return;
    }
    SessionSlot slot = SessionSlot.of(ctx.channel());
    cancelFlag = slot.cancelFlag();
    session = engine.open(startup.parameters());
    CancelFlag flag = cancelFlag;
    session.onCancelCheck(() -> {
      if (flag.isRequested()) {
        flag.clear();
        return true;
      }
      return false;
    });
    protocol = new QueryProtocol(session, out);
    ctx.write(out.authenticationOk());
    parameters.forSession(startup.parameters()).forEach((k, v) -> ctx.write(out.parameterStatus(k, v)));
    ctx.write(out.backendKeyData(slot.processId(), slot.secret()));
    ctx.writeAndFlush(out.readyForQuery('I'));
  }

  private void typed(ChannelHandlerContext ctx, FrontendMessage.Typed msg) {
    if (msg.type() == 'X') {
      ctx.close();
      return;
    }
    if (protocol == null) {
      fatal(ctx, SqlState.PROTOCOL_VIOLATION.code(), "expected a startup message, got message type '" + msg.type() + "'");
      return;
    }
    protocol.handle(ctx, msg.type(), msg.payload());
  }

  private void fatal(ChannelHandlerContext ctx, String sqlState, String message) {
    if (closing) {
      return;
    }
    closing = true;
    ctx.writeAndFlush(out.error("FATAL", sqlState, message)).addListener(ChannelFutureListener.CLOSE);
  }

  @Override public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ConnectionFailure.answer(ctx, cause, this::fatal);
  }

  @Override public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    if (session != null) {
      session.close();
    }
    super.channelInactive(ctx);
  }

}
