package io.rocklake.pgwire.server;

import io.rocklake.engine.CancelFlag;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.rocklake.catalog.SqlState;
import io.rocklake.engine.EngineException;
import io.rocklake.engine.EngineSession;
import io.rocklake.engine.Outcome;
import io.rocklake.pgwire.server.FrontendMessage.Bind;
import io.rocklake.pgwire.server.FrontendMessage.Close;
import io.rocklake.pgwire.server.FrontendMessage.CopyData;
import io.rocklake.pgwire.server.FrontendMessage.CopyDone;
import io.rocklake.pgwire.server.FrontendMessage.CopyFail;
import io.rocklake.pgwire.server.FrontendMessage.Describe;
import io.rocklake.pgwire.server.FrontendMessage.Execute;
import io.rocklake.pgwire.server.FrontendMessage.Flush;
import io.rocklake.pgwire.server.FrontendMessage.Malformed;
import io.rocklake.pgwire.server.FrontendMessage.Parse;
import io.rocklake.pgwire.server.FrontendMessage.Query;
import io.rocklake.pgwire.server.FrontendMessage.Refused;
import io.rocklake.pgwire.server.FrontendMessage.Sync;
import io.rocklake.pgwire.server.FrontendMessage.Terminate;
import io.rocklake.pgwire.server.FrontendMessage.Typed;
import java.util.Iterator;
import java.util.List;
import org.apache.calcite.sql.SqlNode;

/**
 * One admitted session's protocol, as an explicit state machine: the middle layer of the wire, between
 * {@link FrontendDecoder} (every message arrives decoded as its {@link FrontendMessage} record) and the
 * encoding ({@link ResultWriter}, {@link BackendWriter}). It runs on the session's own thread and calls
 * the {@link EngineSession} directly. The one diagram of the protocol after startup ({@link StartupHandler}
 * draws the way in):
 *
 * <pre>
 *  AWAITING_STARTUP ── StartupMessage (admitted) ──► AuthenticationOk ParameterStatus* BackendKeyData Z(I) ──► READY
 *
 *  READY ── Query ──► per statement: [RowDescription DataRow*] CommandComplete | EmptyQueryResponse
 *        │             | CopyOutResponse CopyData* CopyDone CommandComplete
 *        │             | ErrorResponse (the rest of the string is not run); then Z ────────────► READY
 *        │           a COPY FROM STDIN among them: CopyInResponse ──────────────────────────► COPY_IN
 *        ├─ Parse ──► ParseComplete   Bind ──► BindComplete   Close ──► CloseComplete
 *        │  Describe S ──► ParameterDescription RowDescription|NoData   Describe P ──► RowDescription|NoData
 *        │  Execute(max) ──► DataRow* PortalSuspended|CommandComplete ──────────────────────► READY
 *        │     any of these failing ──► ErrorResponse ───────────────────────────────► SKIPPING_TO_SYNC
 *        ├─ Sync ──► Z   Flush ──► (flush)   CopyData CopyDone CopyFail ──► (ignored) ──────► READY
 *        └─ a message refused (not UTF-8, no statement memory): as its type's error, above
 *
 *  SKIPPING_TO_SYNC ── Sync ──► Z ──► READY;   every other message (Query too) ──► (ignored)
 *                   └─ an unknown type ──► FATAL 08P01 (PostgreSQL checks every type byte) ──► CLOSED
 *
 *  COPY_IN ── CopyData ──► (fed to the COPY)                                               COPY_IN
 *          │     data that does not decode, or a row the table refuses ────────────► COPY_IN_FAILED
 *          ├─ CopyDone ──► CommandComplete, then the rest of the Query as in READY ──► READY | COPY_IN
 *          ├─ CopyFail ──► ErrorResponse 57014, Z ─────────────────────────────────────────► READY
 *          ├─ Sync, Flush ──► (ignored, as PostgreSQL does)                                 COPY_IN
 *          └─ any other message ──► ErrorResponse 08P01, Z; the message dropped ───────────► READY
 *  COPY_IN_FAILED ── CopyData ──► (ignored);  CopyDone ──► ErrorResponse, Z ────────────────► READY
 *                 └─ CopyFail, Sync, Flush, any other message: as in COPY_IN
 *
 *  any state ── Terminate ──► (close) ──► CLOSED
 *            ── a Malformed message it would read, an unknown type ──► ErrorResponse FATAL 08P01 ──► CLOSED
 *  CLOSED: nothing is read or answered any more
 * </pre>
 *
 * Every transition is in {@link #next}: each state's method answers the message and returns the next
 * state, which only {@link #channelRead0} assigns (and {@link #exceptionCaught}, to CLOSED). An error
 * is always reported the same way, and fails a transaction block as in PostgreSQL: {@link #error}.
 */
final class QueryProtocol extends SimpleChannelInboundHandler<FrontendMessage> {
  enum State { AWAITING_STARTUP, READY, SKIPPING_TO_SYNC, COPY_IN, COPY_IN_FAILED, CLOSED }

  private final QueryEngine engine;
  private final ServerParameters parameters;
  private final WireObserver observer;
  /** Where the commits of the session's catalog are announced, from its admitted startup on; null before. */
  private CommitFeed commits;
  /** Who this session is, from its admitted startup on; null before. */
  private WireSession identity;
  /** The COPY FROM STDIN in progress as a statement (present exactly with {@link #copyIn}). */
  private RunningStatement copyStatement;
  private BackendWriter out;
  private EngineSession session;
  private ExtendedQuery extended;
  private ResultWriter results;
  private State state = State.AWAITING_STARTUP;
  /** Present exactly in COPY_IN and COPY_IN_FAILED. */
  private CopyIn copyIn;
  /** The session's hold on the engine's commit feed while it LISTENs on {@link CommitFeed#CHANNEL}; null otherwise. */
  private AutoCloseable listening;
  /** Snapshots heard of and not yet sent: sent only when the session is idle outside a transaction block. */
  private final java.util.concurrent.ConcurrentLinkedQueue<CommitFeed.Snapshot> notifications =
      new java.util.concurrent.ConcurrentLinkedQueue<>();
  /** True from a ReadyForQuery 'I' until the next message arrives. */
  private volatile boolean idle;
  /** Present exactly in COPY_IN_FAILED: what CopyDone answers. */
  private EngineException copyError;

  QueryProtocol(QueryEngine engine, ServerParameters parameters) {
    this(engine, parameters, WireObserver.NONE);
  }

  QueryProtocol(QueryEngine engine, ServerParameters parameters, WireObserver observer) {
    this.engine = engine;
    this.parameters = parameters;
    this.observer = observer;
  }

  /** A statement begun: what the observer is told when it ends. */
  private record RunningStatement(SqlNode statement, boolean autocommit, long startNanos) {}

  /** Added once the connection is admitted, long after it became active. */
  @Override public void handlerAdded(ChannelHandlerContext ctx) {
    out = new BackendWriter(ctx.alloc());
    results = new ResultWriter(out);
  }

  @Override protected void channelRead0(ChannelHandlerContext ctx, FrontendMessage msg) {
    idle = false;
    try {
      state = next(ctx, msg);
    } finally {
      if (msg instanceof FrontendMessage.Statement s && s.memory() != null) {
        s.memory().close(); // the statement was run (or skipped): its text and trees are garbage now
      }
    }
  }

  /** The transitions: the answer to one message in the current state, and the state after it. */
  private State next(ChannelHandlerContext ctx, FrontendMessage msg) {
    if (state == State.CLOSED) {
      return State.CLOSED;
    }
    if (state == State.AWAITING_STARTUP) {
      return startup(ctx, (FrontendMessage.Startup) msg); // StartupHandler hands over nothing else first
    }
    Typed m = (Typed) msg;
    if (m instanceof Terminate) {
      ctx.close();
      return State.CLOSED;
    }
    switch (state) {
      case READY: return ready(ctx, m);
      case SKIPPING_TO_SYNC: return skipping(ctx, m);
      case COPY_IN: case COPY_IN_FAILED: return copying(ctx, m);
      default: throw new IllegalStateException("no transition from " + state);
    }
  }

  // ---- the states --------------------------------------------------------------------------

  /** The StartupMessage {@link StartupHandler} admitted: its version and user are checked already. */
  private State startup(ChannelHandlerContext ctx, FrontendMessage.Startup startup) {
    SessionSlot slot = SessionSlot.of(ctx.channel());
    CancelFlag flag = slot.cancelFlag();
    java.util.Map<String, String> p = startup.parameters();
    String user = p.getOrDefault("user", "");
    java.net.SocketAddress remote = ctx.channel().remoteAddress();
    WireSession who = new WireSession(slot.processId(), user, p.getOrDefault("application_name", ""),
        p.getOrDefault("database", user), WireSession.describe(remote));
    try {
      session = engine.open(p, new io.rocklake.engine.ClientOrigin(slot.processId(),
          remote instanceof java.net.InetSocketAddress a ? a : null));
    } catch (EngineException e) { // no such database, or its catalog cannot be served: as PostgreSQL, FATAL
      observer.errorSent(who, "FATAL", e.state(), e.getMessage()); // logged, though no session began
      ctx.writeAndFlush(out.error("FATAL", e.state(), e.getMessage(), e.detail())).addListener(ChannelFutureListener.CLOSE);
      return State.CLOSED;
    }
    commits = engine.commits(p);
    session.onCancelCheck(flag::take); // the engine polls its own flag type: no call back into the wire
    extended = new ExtendedQuery(session, out, results, this::statementEnded);
    identity = who;
    observer.sessionStarted(identity);
    ctx.write(out.authenticationOk());
    parameters.forSession(startup.parameters()).forEach((k, v) -> ctx.write(out.parameterStatus(k, v)));
    ctx.write(out.backendKeyData(slot.processId(), slot.secret()));
    ctx.writeAndFlush(out.readyForQuery('I'));
    return State.READY;
  }

  private State ready(ChannelHandlerContext ctx, Typed m) {
    if (m instanceof Query q) {
      return simpleQuery(ctx, q.sql());
    } else if (m instanceof Sync) {
      return readyForQuery(ctx);
    } else if (m instanceof Flush) {
      ctx.flush();
      return State.READY;
    } else if (m instanceof Refused r) {
      return r.type() == 'Q' ? simpleError(ctx, r.reason()) : extendedError(ctx, r.reason());
    } else if (isCopyMessage(m)) {
      return State.READY; // PostgreSQL ignores CopyData, CopyDone and CopyFail (read or not) outside a COPY
    } else if (m instanceof Malformed bad) {
      return fatal(ctx, SqlState.PROTOCOL_VIOLATION, bad.defect());
    }
    try {
      if (m instanceof Parse p) {
        extended.parse(ctx, p);
      } else if (m instanceof Bind b) {
        extended.bind(ctx, b);
      } else if (m instanceof Describe d) {
        extended.describe(ctx, d);
      } else if (m instanceof Execute e) {
        extended.execute(ctx, e);
      } else if (m instanceof Close c) {
        extended.close(ctx, c);
      } else {
        return fatal(ctx, SqlState.PROTOCOL_VIOLATION, unsupported(m)); // an unknown type, or a password message
      }
      return State.READY;
    } catch (EngineException e) {
      return extendedError(ctx, e);
    }
  }

  /** After an error in an extended-query message, as PostgreSQL: nothing up to Sync is read. */
  private State skipping(ChannelHandlerContext ctx, Typed m) {
    if (m instanceof Sync) {
      return readyForQuery(ctx);
    }
    if (m instanceof Malformed bad && bad.type() == 'S') {
      return fatal(ctx, SqlState.PROTOCOL_VIOLATION, bad.defect());
    }
    if (m instanceof FrontendMessage.Unsupported) {
      // PostgreSQL checks the type byte of every message, skipped or not.
      return fatal(ctx, SqlState.PROTOCOL_VIOLATION, unsupported(m));
    }
    return State.SKIPPING_TO_SYNC;
  }

  private State copying(ChannelHandlerContext ctx, Typed m) {
    if (m instanceof CopyData d) {
      if (state == State.COPY_IN) {
        try {
          copyIn.feed(d.data());
        } catch (EngineException e) {
          copyError = e; // the COPY is abandoned already; the rest of its data is not read
          return State.COPY_IN_FAILED;
        }
      }
      return state;
    } else if (m instanceof CopyDone) {
      return copyDone(ctx);
    } else if (m instanceof CopyFail f) {
      endCopy().abandon();
      return simpleError(ctx, new EngineException(SqlState.QUERY_CANCELED, "COPY from stdin failed: " + f.reason()));
    } else if (m instanceof Sync || m instanceof Flush || m instanceof Malformed bad && (bad.type() == 'S' || bad.type() == 'H')) {
      return state; // PostgreSQL ignores Sync and Flush during COPY FROM STDIN: no ReadyForQuery mid-copy
    } else if (m instanceof Malformed bad && bad.type() == 'f') {
      return fatal(ctx, SqlState.PROTOCOL_VIOLATION, bad.defect());
    }
    endCopy().abandon();
    return simpleError(ctx, new EngineException(SqlState.PROTOCOL_VIOLATION,
        "unexpected message type '" + m.type() + "' during COPY from stdin"));
  }

  // ---- simple query ------------------------------------------------------------------------

  private State simpleQuery(ChannelHandlerContext ctx, String sql) {
    extended.forgetUnnamed();
    List<SqlNode> parsed;
    try {
      parsed = session.parse(sql);
    } catch (EngineException e) {
      return simpleError(ctx, e);
    }
    if (parsed.isEmpty()) {
      ctx.write(out.emptyQueryResponse());
      return readyForQuery(ctx);
    }
    return runStatements(ctx, parsed.iterator());
  }

  /** The statements of a Query, in order, up to the first error or a COPY FROM STDIN. */
  private State runStatements(ChannelHandlerContext ctx, Iterator<SqlNode> it) {
    while (it.hasNext()) {
      SqlNode statement = it.next();
      RunningStatement running = new RunningStatement(statement, session.transactionStatus() == 'I', System.nanoTime());
      try {
        Outcome outcome = session.execute(statement, List.of());
        if (outcome instanceof Outcome.CopyIn c) {
          copyIn = new CopyIn(c, it);
          copyStatement = running;
          ctx.writeAndFlush(out.copyInResponse(c.fields().size(), c.binary()));
          return State.COPY_IN;
        }
        results.whole(ctx, outcome);
      } catch (EngineException e) {
        statementEnded(running, e.state());
        return simpleError(ctx, e);
      }
      statementEnded(running, null);
    }
    return readyForQuery(ctx);
  }

  private State copyDone(ChannelHandlerContext ctx) {
    EngineException failed = copyError;
    RunningStatement running = copyStatement;
    CopyIn c = endCopy();
    if (failed != null) {
      statementEnded(running, failed.state());
      return simpleError(ctx, failed);
    }
    long n;
    try {
      n = c.finish();
    } catch (EngineException e) {
      statementEnded(running, e.state());
      return simpleError(ctx, e);
    }
    statementEnded(running, null);
    ctx.write(out.commandComplete("COPY " + n));
    return runStatements(ctx, c.rest());
  }

  /** The COPY in progress, no longer in progress (every way out of COPY_IN goes through here). */
  private CopyIn endCopy() {
    CopyIn c = copyIn;
    copyIn = null;
    copyError = null;
    copyStatement = null;
    return c;
  }

  private void statementEnded(RunningStatement running, SqlState failure) {
    statementEnded(running.statement(), running.autocommit(), running.startNanos(), failure);
  }

  private void statementEnded(SqlNode statement, boolean autocommit, long startNanos, SqlState failure) {
    identity.countStatement();
    observer.statementRan(identity, statement, autocommit, System.nanoTime() - startNanos, failure);
  }

  private static String unsupported(Typed m) {
    return "invalid frontend message type '" + m.type() + "'";
  }

  private static boolean isCopyMessage(Typed m) {
    return m instanceof CopyData || m instanceof CopyDone || m instanceof CopyFail
        || m instanceof Malformed bad && (bad.type() == 'd' || bad.type() == 'c' || bad.type() == 'f');
  }

  // ---- answers -----------------------------------------------------------------------------

  private State readyForQuery(ChannelHandlerContext ctx) {
    char status = session.transactionStatus();
    followListening(ctx);
    ctx.write(out.readyForQuery(status));
    if (status == 'I') {
      idle = true;
      sendNotifications(ctx);
    }
    ctx.flush();
    return State.READY;
  }

  /** Joins or leaves the commit feed as the session's LISTEN / UNLISTEN statements left it. */
  private void followListening(ChannelHandlerContext ctx) {
    boolean wants = session.listening().contains(CommitFeed.CHANNEL);
    if (wants && listening == null) {
      listening = commits.subscribe(s -> {
        notifications.add(s);
        try {
          ctx.executor().execute(() -> {
            if (idle) {
              sendNotifications(ctx);
              ctx.flush();
            }
          });
        } catch (java.util.concurrent.RejectedExecutionException closing) {
          // the session's thread is gone with its connection: nobody to tell
        }
      });
    } else if (!wants && listening != null) {
      stopListening();
      notifications.clear(); // PostgreSQL drops what UNLISTEN's session had not yet been sent
    }
  }

  private void stopListening() {
    if (listening != null) {
      try {
        listening.close();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
      listening = null;
    }
  }

  private void sendNotifications(ChannelHandlerContext ctx) {
    CommitFeed.Snapshot s;
    while (listening != null && (s = notifications.poll()) != null) {
      ctx.write(out.notification(identity.processId(), CommitFeed.CHANNEL, s.payload()));
    }
  }

  /** An error that ends a simple query (or COPY): ErrorResponse, ReadyForQuery. */
  private State simpleError(ChannelHandlerContext ctx, EngineException e) {
    error(ctx, e);
    return readyForQuery(ctx);
  }

  /** An error in an extended-query message: ErrorResponse now, ReadyForQuery at Sync. */
  private State extendedError(ChannelHandlerContext ctx, EngineException e) {
    error(ctx, e);
    ctx.flush();
    return State.SKIPPING_TO_SYNC;
  }

  /**
   * Every statement error goes out here. It fails a transaction block, as any ERROR does in
   * PostgreSQL, whichever layer found it (the session marks its own errors already; this is for
   * those the protocol finds: an unknown statement or portal, a bad format, a refused message).
   */
  private void error(ChannelHandlerContext ctx, EngineException e) {
    session.refuse(e);
    observer.errorSent(identity, "ERROR", e.state(), e.getMessage());
    ctx.write(out.error("ERROR", e.state(), e.getMessage(), e.detail()));
  }

  /** The byte stream cannot be trusted: one FATAL ErrorResponse, then the connection closes. */
  private State fatal(ChannelHandlerContext ctx, SqlState sqlState, String message) {
    if (state != State.CLOSED) {
      if (identity != null) {
        observer.errorSent(identity, "FATAL", sqlState, message);
      }
      ctx.writeAndFlush(out.error("FATAL", sqlState, message)).addListener(ChannelFutureListener.CLOSE);
    }
    return State.CLOSED;
  }

  /** A framing error, or a failure no state expects: the one transition made outside {@link #next}. */
  @Override public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ConnectionFailure.answer(ctx, cause, (c, sqlState, message) -> state = fatal(c, sqlState, message));
  }

  @Override public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    if (extended != null) {
      extended.forgetAll();
    }
    stopListening();
    if (session != null) {
      session.close();
    }
    if (identity != null) {
      observer.sessionEnded(identity);
    }
    super.channelInactive(ctx);
  }
}
