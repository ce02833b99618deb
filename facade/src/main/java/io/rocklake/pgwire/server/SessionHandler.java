package io.rocklake.pgwire.server;


import io.netty.channel.ChannelFutureListener;
import io.rocklake.engine.EngineSession;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.nio.charset.StandardCharsets;

/**
 * One admitted connection's session: it is added to the pipeline by {@link StartupHandler} once the
 * client is in (the way in, and its diagram, are there), receives that handler's StartupMessage
 * (always 3.0, with a user) first, answers it with AuthenticationOk, ParameterStatus*,
 * BackendKeyData and ReadyForQuery(I), and then hands every typed message to {@link QueryProtocol}
 * until Terminate. The whole exchange is drawn in docs/protocol.md.
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
    if (msg instanceof FrontendMessage.Startup startup) {
      startup(ctx, startup);
    } else if (msg instanceof FrontendMessage.Typed t && t.refusal() != null) {
      protocol.refused(ctx, t.type(), t.refusal());
    } else {
      typed(ctx, (FrontendMessage.Typed) msg);
    }
  }

  /** The StartupMessage {@link StartupHandler} admitted: its version and user are checked already. */
  private void startup(ChannelHandlerContext ctx, FrontendMessage.Startup startup) {
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
