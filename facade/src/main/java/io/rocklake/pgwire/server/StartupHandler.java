package io.rocklake.pgwire.server;

import io.rocklake.engine.CancelFlag;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.util.concurrent.ScheduledFuture;
import io.rocklake.catalog.SqlState;
import io.rocklake.pgwire.server.auth.AuthExchange;
import io.rocklake.pgwire.server.auth.AuthMethod;
import io.rocklake.pgwire.server.auth.AuthenticationException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A connection's way in, ahead of {@link QueryProtocol} in the pipeline. The one diagram of the
 * startup (docs/protocol.md draws the whole protocol and points here):
 *
 * <pre>
 *  (accepted)                  ──►  past the startup limit: FATAL 53300 at once
 *  SSLRequest                  ──►  'S' and TLS from the next byte on (TLS configured), else 'N'
 *  GSSENCRequest               ──►  'N'
 *  CancelRequest(pid, secret)  ──►  set that session's {@link CancelFlag} if the key matches; close, no reply
 *  StartupMessage 3.x          ──►  [NegotiateProtocolVersion(0, unsupported _pq_ options) if 3.1+ or _pq_.*]
 *                                   no user: FATAL 28000
 *                                   plaintext with TLS required or cleartext passwords: FATAL 28000
 *                                   session limit reached: FATAL 53300
 *                                   then the authentication exchange (none for trust)
 *                                   wrong password: FATAL 28P01 "password authentication failed for user …"
 *                                   not a password message: FATAL 08P01 · Terminate: close
 *  (admitted)                  ──►  QueryProtocol: AuthenticationOk, ParameterStatus*, BackendKeyData,
 *                                   ReadyForQuery(I)
 *  other protocol versions, bad lengths, data behind an encryption request: FATAL 0A000 / 08P01 (FrontendDecoder)
 * </pre>
 *
 * Once the client is in, the session's handlers are added to the pipeline (so a connection has no
 * session thread until then), the StartupMessage (as 3.0, without {@code _pq_.} options) goes on to
 * {@link QueryProtocol}, which sends AuthenticationOk and the rest, and this handler leaves the
 * pipeline. Until then the connection holds a place in the {@link StartupLimit}. This handler takes
 * every untyped message (encryption, cancel, startup) itself, and the decoder makes none after the
 * StartupMessage, so the session only ever sees the admitted StartupMessage and typed messages.
 */
final class StartupHandler extends ChannelInboundHandlerAdapter {
  /** Where the way in stands; an admitted connection has left this handler. */
  enum State {
    /** Before the StartupMessage, on plaintext: may ask for TLS. */
    PLAINTEXT,
    /** Before the StartupMessage, TLS established: a second SSLRequest is answered 'N'. */
    ENCRYPTED,
    /** After the StartupMessage: the authentication exchange reads the client's messages. */
    AUTHENTICATING,
    /** A FATAL was sent and the connection is closing: nothing more is read. */
    REFUSED
  }

  private static final int PROTOCOL_3_0 = 3 << 16;
  private static final String PROTOCOL_OPTION_PREFIX = "_pq_.";

  private final WireOptions options;
  private final SessionRegistry sessions;
  private final StartupLimit startups;
  /** Adds the session's handlers, and its thread, to an admitted connection's pipeline. */
  private final Consumer<ChannelPipeline> sessionStart;
  private boolean holdsStartupPlace;
  private BackendWriter out;
  private ScheduledFuture<?> timeout;
  private State state = State.PLAINTEXT;
  private FrontendMessage.Startup startup;
  private AuthExchange exchange;

  private final WireObserver observer;

  StartupHandler(WireOptions options, SessionRegistry sessions, StartupLimit startups,
      Consumer<ChannelPipeline> sessionStart) {
    this(options, sessions, startups, sessionStart, WireObserver.NONE);
  }

  StartupHandler(WireOptions options, SessionRegistry sessions, StartupLimit startups,
      Consumer<ChannelPipeline> sessionStart, WireObserver observer) {
    this.observer = observer;
    this.options = options;
    this.sessions = sessions;
    this.startups = startups;
    this.sessionStart = sessionStart;
  }

  @Override public void channelActive(ChannelHandlerContext ctx) throws Exception {
    out = new BackendWriter(ctx.alloc());
    // PostgreSQL closes without a word, too: the client may not even have said which protocol it speaks.
    timeout = ctx.executor().schedule(() -> { ctx.close(); }, options.authenticationTimeout().toMillis(),
        TimeUnit.MILLISECONDS);
    holdsStartupPlace = startups.tryEnter();
    if (!holdsStartupPlace) {
      // PostgreSQL says the same when it has no backend to spare; libpq and pgjdbc report an
      // ErrorResponse that comes before any request was answered.
      fatal(ctx, SqlState.TOO_MANY_CONNECTIONS, "sorry, too many clients already");
    }
    super.channelActive(ctx);
  }

  @Override public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    timeout.cancel(false);
    leaveStartup();
    super.channelInactive(ctx);
  }

  private void leaveStartup() {
    if (holdsStartupPlace) {
      holdsStartupPlace = false;
      startups.leave();
    }
  }

  /** Framing errors before the session exists; after that {@link QueryProtocol} answers them, alike. */
  @Override public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ConnectionFailure.answer(ctx, cause, this::fatal);
  }

  /** Every transition of the way in starts here. */
  @Override public void channelRead(ChannelHandlerContext ctx, Object msg) {
    switch (state) {
      case REFUSED:
        return; // the connection is closing; whatever the client still sends goes unread
      case PLAINTEXT:
      case ENCRYPTED:
        if (msg instanceof FrontendMessage.EncryptionRequest request) {
          encryption(ctx, request);
        } else if (msg instanceof FrontendMessage.CancelRequest cancel) {
          sessions.cancel(cancel.processId(), cancel.secret());
          ctx.close();
        } else if (msg instanceof FrontendMessage.Startup s) {
          startup(ctx, s);
        } else {
          // The decoder makes typed messages only after a StartupMessage.
          fatal(ctx, SqlState.PROTOCOL_VIOLATION, "expected a startup packet, got message type '"
              + ((FrontendMessage.Typed) msg).type() + "'");
        }
        return;
      case AUTHENTICATING:
        // After the StartupMessage the decoder makes typed messages only: the exchange reads them.
        authenticate(ctx, (FrontendMessage.Typed) msg);
        return;
      default:
        throw new IllegalStateException(state.name());
    }
  }

  private void encryption(ChannelHandlerContext ctx, FrontendMessage.EncryptionRequest request) {
    if (request.code() == FrontendDecoder.SSL_REQUEST && options.tls() != null && state == State.PLAINTEXT) {
      ctx.writeAndFlush(out.tlsAccepted());
      Tls.upgrade(ctx, options.tls());
      state = State.ENCRYPTED;
    } else {
      ctx.writeAndFlush(out.noEncryption());
    }
  }

  private void startup(ChannelHandlerContext ctx, FrontendMessage.Startup s) {
    Map<String, String> parameters = new LinkedHashMap<>();
    List<String> unsupported = new ArrayList<>();
    s.parameters().forEach((k, v) -> {
      if (k.startsWith(PROTOCOL_OPTION_PREFIX)) {
        unsupported.add(k);
      } else {
        parameters.put(k, v);
      }
    });
    if ((s.protocolVersion() & 0xFFFF) > 0 || !unsupported.isEmpty()) {
      // PostgreSQL 15's answer to a newer minor version or protocol options: carry on as 3.0 without them.
      ctx.write(out.negotiateProtocolVersion(0, unsupported));
    }
    String user = parameters.get("user");
    if (user == null || user.isEmpty()) {
      fatal(ctx, SqlState.INVALID_AUTHORIZATION_SPECIFICATION, "no PostgreSQL user name specified in startup packet");
      return;
    }
    if (state == State.PLAINTEXT && (options.tlsRequired() || options.authentication().method() == AuthMethod.PASSWORD)) {
      // PostgreSQL's hostssl refusal, with the fix: the client can always ask for TLS, so no
      // secret and no session is given to a plaintext connection here.
      fatal(ctx, SqlState.INVALID_AUTHORIZATION_SPECIFICATION, (options.tlsRequired() ? "this server accepts TLS connections only"
          : "this server asks for passwords in clear text, and only over TLS") + " (user \"" + user
          + "\", no encryption); connect with sslmode=require");
      return;
    }
    SessionSlot slot = sessions.open();
    if (slot == null) {
      fatal(ctx, SqlState.TOO_MANY_CONNECTIONS, "sorry, too many clients already");
      return;
    }
    ctx.channel().attr(SessionSlot.ATTRIBUTE).set(slot);
    ctx.channel().closeFuture().addListener(f -> sessions.close(slot));
    startup = new FrontendMessage.Startup(PROTOCOL_3_0, parameters);
    exchange = options.authentication().exchange(user);
    state = State.AUTHENTICATING;
    if (exchange == null) {
      admit(ctx);
    } else {
      AuthExchange.Request first = exchange.start();
      ctx.writeAndFlush(out.authentication(first.code(), first.data()));
    }
  }

  private void authenticate(ChannelHandlerContext ctx, FrontendMessage.Typed msg) {
    if (msg instanceof FrontendMessage.Terminate) {
      ctx.close(); // psql hangs up here to prompt for the password, then reconnects
      return;
    }
    if (!(msg instanceof FrontendMessage.Password password)) {
      fatal(ctx, SqlState.PROTOCOL_VIOLATION, "expected password response, got message type '" + msg.type() + "'");
      return;
    }
    AuthExchange.Step step;
    try {
      step = exchange.next(password.payload());
    } catch (AuthenticationException e) {
      fatal(ctx, e.state(), e.getMessage());
      return;
    }
    if (step.reply() != null) {
      ctx.write(out.authentication(step.reply().code(), step.reply().data()));
    }
    if (step.authenticated()) {
      admit(ctx);
    } else {
      ctx.flush();
    }
  }

  /** Hands the session over: QueryProtocol answers the StartupMessage as a trusted one. */
  private void admit(ChannelHandlerContext ctx) {
    exchange = null;
    timeout.cancel(false);
    leaveStartup();
    sessionStart.accept(ctx.pipeline());
    ctx.fireChannelRead(startup);
    ctx.pipeline().remove(this);
  }

  private void fatal(ChannelHandlerContext ctx, SqlState sqlState, String message) {
    if (state == State.REFUSED) {
      return;
    }
    state = State.REFUSED;
    observer.startupRefused(WireSession.describe(ctx.channel().remoteAddress()),
        startup == null ? null : startup.parameters().get("user"), sqlState, message);
    ctx.writeAndFlush(out.error("FATAL", sqlState, message)).addListener(ChannelFutureListener.CLOSE);
  }
}
