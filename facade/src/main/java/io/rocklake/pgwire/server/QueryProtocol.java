package io.rocklake.pgwire.server;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.rocklake.catalog.SqlState;
import io.rocklake.engine.Description;
import io.rocklake.engine.EngineException;
import io.rocklake.engine.EngineSession;
import io.rocklake.engine.Field;
import io.rocklake.engine.Outcome;
import io.rocklake.pgwire.types.InvalidByteSequenceException;
import io.rocklake.pgwire.types.PgCodecException;
import io.rocklake.pgwire.types.PgType;
import io.rocklake.pgwire.types.Utf8Text;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlNode;

/**
 * The query sub-protocols of one session after startup.
 *
 * <pre>
 *  Simple:   Query ──► per statement: [RowDescription DataRow*] CommandComplete | ErrorResponse (stop)
 *                      | CopyOutResponse CopyData* CopyDone CommandComplete
 *                      | CopyInResponse ◄── CopyData* CopyDone|CopyFail ──► CommandComplete|ErrorResponse
 *            then one ReadyForQuery
 *  Extended: Parse ──► ParseComplete     Bind ──► BindComplete     Close ──► CloseComplete
 *            Describe S ──► ParameterDescription RowDescription|NoData    Describe P ──► RowDescription|NoData
 *            Execute(max) ──► DataRow* (PortalSuspended | CommandComplete)
 *            Sync ──► ReadyForQuery; after an error every message up to Sync is skipped
 * </pre>
 */
final class QueryProtocol {
  private final EngineSession session;
  private final BackendWriter out;
  private final Map<String, Prepared> statements = new HashMap<>();
  private final Map<String, Portal> portals = new HashMap<>();
  private boolean skipUntilSync;
  private CopyIn copyIn;

  QueryProtocol(EngineSession session, BackendWriter out) {
    this.session = session;
    this.out = out;
  }

  private record Prepared(String sql, SqlNode parsed, int[] parameterOids) {}

  private static final class Portal {
    final Prepared statement;
    final List<Object> parameters;
    final short[] resultFormats;
    Outcome outcome;
    int position;

    Portal(Prepared statement, List<Object> parameters, short[] resultFormats) {
      this.statement = statement;
      this.parameters = parameters;
      this.resultFormats = resultFormats;
    }
  }

  /** A COPY FROM in progress: the decoder, and the rest of the simple query to run after it. */
  private record CopyIn(CopyStreams.Decoder decoder, io.rocklake.engine.CopyInTarget target,
      Iterator<SqlNode> rest, boolean[] failed, String[] error) {}

  void handle(ChannelHandlerContext ctx, char type, byte[] payload) {
    if (copyIn != null && type != 'd' && type != 'c' && type != 'f' && type != 'H' && type != 'S') {
      copyIn.target().abandon();
      copyIn = null;
      ctx.writeAndFlush(out.error("ERROR", SqlState.PROTOCOL_VIOLATION.code(), "unexpected message type '" + type + "' during COPY from stdin"));
      ctx.writeAndFlush(out.readyForQuery(session.transactionStatus()));
      return;
    }
    if (copyIn != null && type == 'S') {
      return; // PostgreSQL ignores Sync (and Flush) during COPY FROM STDIN: no ReadyForQuery mid-copy
    }
    if (skipUntilSync && type != 'S' && type != 'Q' && type != 'X') {
      return;
    }
    try {
      dispatch(ctx, type, payload);
    } catch (InvalidByteSequenceException e) {
      // A name or statement text that is not UTF-8: an error in this message, as in PostgreSQL.
      refused(ctx, type, new EngineException(InvalidByteSequenceException.SQLSTATE, e.getMessage()));
    }
  }

  /**
   * A message refused before any statement of it ran (text that is not UTF-8, or too large for the
   * statement memory): an error that fails a transaction block, as in PostgreSQL; the session goes on.
   */
  void refused(ChannelHandlerContext ctx, char type, EngineException error) {
    if (copyIn != null) {
      copyIn.target().abandon();
      copyIn = null;
    }
    EngineException refused = session.refuse(error);
    if (type == 'Q') {
      skipUntilSync = false;
      error(ctx, refused);
      ctx.writeAndFlush(out.readyForQuery(session.transactionStatus()));
    } else if (!skipUntilSync) {
      extendedError(ctx, refused);
    }
  }

  private void dispatch(ChannelHandlerContext ctx, char type, byte[] payload) {
    PayloadReader in = new PayloadReader(payload);
    switch (type) {
      case 'Q': simpleQuery(ctx, in.cstring()); break;
      case 'P': parse(ctx, in); break;
      case 'B': bind(ctx, in); break;
      case 'D': describe(ctx, in); break;
      case 'E': execute(ctx, in); break;
      case 'C': close(ctx, in); break;
      case 'S':
        skipUntilSync = false;
        ctx.writeAndFlush(out.readyForQuery(session.transactionStatus()));
        break;
      case 'H': ctx.flush(); break;
      case 'd': copyData(payload); break;
      case 'c': copyDone(ctx); break;
      case 'f': copyFail(ctx, in.lenientCstring()); break;
      default:
        throw new ProtocolException(SqlState.PROTOCOL_VIOLATION, "invalid frontend message type '" + type + "'");
    }
  }

  // ---- simple query ------------------------------------------------------------------------

  private void simpleQuery(ChannelHandlerContext ctx, String sql) {
    skipUntilSync = false;
    statements.remove("");
    portals.remove("");
    List<SqlNode> parsed;
    try {
      parsed = session.parse(sql);
    } catch (EngineException e) {
      error(ctx, e);
      ctx.writeAndFlush(out.readyForQuery(session.transactionStatus()));
      return;
    }
    if (parsed.isEmpty()) {
      ctx.write(out.emptyQueryResponse());
      ctx.writeAndFlush(out.readyForQuery(session.transactionStatus()));
      return;
    }
    runStatements(ctx, parsed.iterator());
  }

  private void runStatements(ChannelHandlerContext ctx, Iterator<SqlNode> it) {
    while (it.hasNext()) {
      SqlNode statement = it.next();
      try {
        Outcome outcome = session.execute(statement, List.of());
        if (outcome instanceof Outcome.CopyIn c) {
          startCopyIn(ctx, c, it);
          return;
        }
        send(ctx, outcome, textFormats(outcome), Integer.MAX_VALUE, null);
      } catch (EngineException e) {
        error(ctx, e);
        break;
      }
    }
    ctx.writeAndFlush(out.readyForQuery(session.transactionStatus()));
  }

  private static short[] textFormats(Outcome o) {
    int n = o instanceof Outcome.Rows r ? r.fields().size() : 0;
    return new short[n];
  }

  /**
   * Sends an outcome's messages; for rows, at most maxRows from the portal's position. Returns true
   * if complete. A value its column's codec cannot encode is a statement error (after the messages
   * already sent, as when PostgreSQL fails mid-result), never a broken connection.
   */
  private boolean send(ChannelHandlerContext ctx, Outcome outcome, short[] formats, int maxRows, Portal portal) {
    try {
      return encode(ctx, outcome, formats, maxRows, portal);
    } catch (EngineException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new EngineException(SqlState.INTERNAL_ERROR, "internal error: cannot encode the result: " + e);
    }
  }

  private boolean encode(ChannelHandlerContext ctx, Outcome outcome, short[] formats, int maxRows, Portal portal) {
    if (outcome instanceof Outcome.Rows rows) {
      if (portal == null) {
        ctx.write(out.rowDescription(rows.fields(), formats));
      }
      int from = portal == null ? 0 : portal.position;
      int to = (int) Math.min(rows.rows().size(), (long) from + maxRows);
      if (rows.reused() && from == 0 && to == rows.rows().size() && to >= EncodedAnswers.MIN_ROWS) {
        emit(ctx, Unpooled.wrappedBuffer(EncodedAnswers.dataRows(rows, formats, out)));
      } else {
        for (int i = from; i < to; i++) {
          emit(ctx, out.dataRow(rows.rows().get(i), rows.fields(), formats));
        }
      }
      if (portal != null) {
        portal.position = to;
        // As PostgreSQL: an Execute that stopped at its row limit suspends the portal, even when no
        // row is left (the next Execute then completes with SELECT 0); the tag counts this Execute's rows.
        if (maxRows != Integer.MAX_VALUE && to - from == maxRows) {
          ctx.write(out.portalSuspended());
          return false;
        }
      }
      ctx.write(out.commandComplete("SELECT " + (to - from)));
    } else if (outcome instanceof Outcome.Command c) {
      ctx.write(out.commandComplete(c.tag()));
    } else if (outcome instanceof Outcome.CopyOut c) {
      ctx.write(out.copyOutResponse(c.fields().size(), c.binary()));
      if (c.binary()) {
        CopyStreams.writeBinary(c.rows(), c.fields(), out, b -> emit(ctx, out.copyData(b)));
      } else {
        CopyStreams.writeText(c.rows(), c.fields(), out, b -> emit(ctx, out.copyData(b)));
      }
      ctx.write(out.copyDone());
      ctx.write(out.commandComplete("COPY " + c.rows().size()));
    }
    return true;
  }

  /**
   * Writes one row's message, or ends the statement when the client has gone: as a PostgreSQL
   * backend whose send() fails, the session stops producing a result nobody will read.
   */
  private static void emit(ChannelHandlerContext ctx, io.netty.buffer.ByteBuf message) {
    if (!ctx.channel().isActive()) {
      message.release();
      throw new EngineException(SqlState.CONNECTION_FAILURE, "could not send data to client: connection closed");
    }
    ctx.write(message);
  }

  private void error(ChannelHandlerContext ctx, EngineException e) {
    ctx.write(out.error("ERROR", e.sqlState(), e.getMessage(), e.detail()));
  }

  // ---- COPY FROM STDIN ---------------------------------------------------------------------

  private void startCopyIn(ChannelHandlerContext ctx, Outcome.CopyIn c, Iterator<SqlNode> rest) {
    copyIn = new CopyIn(CopyStreams.decoder(c.fields(), c.binary(), c.nullMarker(), c.target()), c.target(), rest,
        new boolean[1], new String[2]);
    ctx.writeAndFlush(out.copyInResponse(c.fields().size(), c.binary()));
  }

  private void copyData(byte[] payload) {
    if (copyIn == null || copyIn.failed()[0]) {
      return;
    }
    try {
      copyIn.decoder().feed(payload);
    } catch (PgCodecException e) {
      copyFailed(SqlState.BAD_COPY_FILE_FORMAT.code(), e.getMessage());
    } catch (InvalidByteSequenceException e) {
      copyFailed(InvalidByteSequenceException.SQLSTATE.code(), e.getMessage());
    } catch (EngineException e) {
      copyFailed(e.sqlState(), e.getMessage());
    }
  }

  private void copyFailed(String sqlState, String message) {
    copyIn.failed()[0] = true;
    copyIn.error()[0] = sqlState;
    copyIn.error()[1] = message;
    copyIn.target().abandon();
  }

  private void copyDone(ChannelHandlerContext ctx) {
    if (copyIn == null) {
      return; // PostgreSQL ignores a stray CopyDone
    }
    CopyIn c = copyIn;
    copyIn = null;
    if (!c.failed()[0]) {
      try {
        c.decoder().finish();
        long n = c.target().finish();
        ctx.write(out.commandComplete("COPY " + n));
        runStatements(ctx, c.rest());
        return;
      } catch (PgCodecException e) {
        c.target().abandon();
        c.error()[0] = SqlState.BAD_COPY_FILE_FORMAT.code();
        c.error()[1] = e.getMessage();
      } catch (InvalidByteSequenceException e) {
        c.target().abandon();
        c.error()[0] = InvalidByteSequenceException.SQLSTATE.code();
        c.error()[1] = e.getMessage();
      } catch (EngineException e) {
        c.error()[0] = e.sqlState();
        c.error()[1] = e.getMessage();
      }
    }
    ctx.write(out.error("ERROR", c.error()[0], c.error()[1]));
    ctx.writeAndFlush(out.readyForQuery(session.transactionStatus()));
  }

  private void copyFail(ChannelHandlerContext ctx, String message) {
    if (copyIn == null) {
      return;
    }
    copyIn.target().abandon();
    copyIn = null;
    ctx.write(out.error("ERROR", SqlState.QUERY_CANCELED.code(), "COPY from stdin failed: " + message));
    ctx.writeAndFlush(out.readyForQuery(session.transactionStatus()));
  }

  // ---- extended query ----------------------------------------------------------------------

  private void extendedError(ChannelHandlerContext ctx, EngineException e) {
    error(ctx, e);
    ctx.flush();
    skipUntilSync = true;
  }

  private void parse(ChannelHandlerContext ctx, PayloadReader in) {
    String name = in.cstring();
    String sql = in.cstring();
    int n = in.int16();
    int[] oids = new int[n];
    for (int i = 0; i < n; i++) {
      oids[i] = in.int32();
    }
    try {
      List<SqlNode> parsed = session.parse(sql);
      if (parsed.size() > 1) {
        throw new EngineException(SqlState.SYNTAX_ERROR, "cannot insert multiple commands into a prepared statement");
      }
      if (!name.isEmpty() && statements.containsKey(name)) {
        throw new EngineException(SqlState.DUPLICATE_PREPARED_STATEMENT, "prepared statement \"" + name + "\" already exists");
      }
      statements.put(name, new Prepared(sql, parsed.isEmpty() ? null : parsed.get(0), oids));
      ctx.write(out.parseComplete());
    } catch (EngineException e) {
      extendedError(ctx, e);
    }
  }

  private void bind(ChannelHandlerContext ctx, PayloadReader in) {
    String portal = in.cstring();
    String name = in.cstring();
    int nFormats = in.int16();
    short[] paramFormats = new short[nFormats];
    for (int i = 0; i < nFormats; i++) {
      paramFormats[i] = (short) in.int16();
    }
    int nParams = in.int16();
    byte[][] raw = new byte[nParams][];
    for (int i = 0; i < nParams; i++) {
      int len = in.int32();
      raw[i] = len < 0 ? null : in.bytes(len);
    }
    int nResult = in.int16();
    short[] resultFormats = new short[nResult];
    for (int i = 0; i < nResult; i++) {
      resultFormats[i] = (short) in.int16();
    }
    try {
      if (nFormats > 1 && nFormats != nParams) {
        throw new EngineException(SqlState.PROTOCOL_VIOLATION, "bind message has " + nFormats + " parameter formats but " + nParams
            + " parameters");
      }
      checkFormatCodes(paramFormats);
      checkFormatCodes(resultFormats);
      Prepared p = statements.get(name);
      if (p == null) {
        throw new EngineException(SqlState.INVALID_SQL_STATEMENT_NAME, "prepared statement \"" + name + "\" does not exist");
      }
      List<Object> values = new ArrayList<>();
      for (int i = 0; i < nParams; i++) {
        short format = nFormats == 0 ? 0 : nFormats == 1 ? paramFormats[0] : paramFormats[i];
        values.add(parameter(raw[i], format, i < p.parameterOids().length ? p.parameterOids()[i] : 0));
      }
      if (!portal.isEmpty() && portals.containsKey(portal)) {
        throw new EngineException(SqlState.DUPLICATE_CURSOR, "cursor \"" + portal + "\" already exists");
      }
      portals.put(portal, new Portal(p, values, resultFormats));
      ctx.write(out.bindComplete());
    } catch (EngineException e) {
      extendedError(ctx, e);
    }
  }

  private static Object parameter(byte[] raw, short format, int oid) {
    if (raw == null) {
      return null;
    }
    try {
      return decodeParameter(raw, format, oid);
    } catch (InvalidByteSequenceException e) {
      throw new EngineException(InvalidByteSequenceException.SQLSTATE, e.getMessage());
    }
  }

  private static Object decodeParameter(byte[] raw, short format, int oid) {
    if (format == 0) {
      return EngineSession.textParameter(Utf8Text.decode(raw));
    }
    PgType type = PgType.byOid(oid).orElseThrow(() -> new EngineException(SqlState.PROTOCOL_VIOLATION,
        "binary parameter of unspecified or unsupported type " + oid + "; send it as text"));
    try {
      return type.codec().decodeBinary(raw);
    } catch (PgCodecException e) {
      throw new EngineException(SqlState.INVALID_BINARY_REPRESENTATION, "incorrect binary data format in bind parameter: " + e.getMessage());
    }
  }

  private void describe(ChannelHandlerContext ctx, PayloadReader in) {
    char kind = (char) in.int8();
    String name = in.cstring();
    try {
      if (kind == 'S') {
        Prepared p = statements.get(name);
        if (p == null) {
          throw new EngineException(SqlState.INVALID_SQL_STATEMENT_NAME, "prepared statement \"" + name + "\" does not exist");
        }
        if (p.parsed() == null) {
          ctx.write(out.parameterDescription(List.of()));
          ctx.write(out.noData());
          return;
        }
        Description d = session.describe(freshParse(p), p.parameterOids().length);
        List<PgType> params = new ArrayList<>(d.parameterTypes());
        for (int i = 0; i < p.parameterOids().length; i++) {
          int oid = p.parameterOids()[i];
          if (oid != 0 && PgType.byOid(oid).isPresent()) {
            while (params.size() <= i) {
              params.add(PgType.TEXT);
            }
            params.set(i, PgType.byOid(oid).get());
          }
        }
        ctx.write(out.parameterDescription(params));
        ctx.write(d.fields() == null ? out.noData() : out.rowDescription(d.fields(), new short[d.fields().size()]));
      } else if (kind == 'P') {
        Portal portal = portals.get(name);
        if (portal == null) {
          throw new EngineException(SqlState.INVALID_CURSOR_NAME, "portal \"" + name + "\" does not exist");
        }
        if (portal.statement.parsed() == null) {
          ctx.write(out.noData());
          return;
        }
        Outcome o = run(portal);
        if (o instanceof Outcome.Rows rows) {
          ctx.write(out.rowDescription(rows.fields(), formats(portal.resultFormats, rows.fields().size())));
        } else {
          ctx.write(out.noData());
        }
      } else {
        throw new ProtocolException(SqlState.PROTOCOL_VIOLATION, "invalid DESCRIBE message subtype " + (int) kind);
      }
    } catch (EngineException e) {
      extendedError(ctx, e);
    }
  }

  private SqlNode freshParse(Prepared p) {
    return session.parse(p.sql()).get(0);
  }

  private Outcome run(Portal portal) {
    if (portal.outcome == null) {
      Outcome o = session.execute(freshParse(portal.statement), portal.parameters);
      if (o instanceof Outcome.CopyIn c) {
        c.target().abandon();
        throw new EngineException(SqlState.FEATURE_NOT_SUPPORTED, "COPY FROM STDIN is supported in simple queries only");
      }
      portal.outcome = o;
    }
    return portal.outcome;
  }

  /** Format codes are 0 (text) or 1 (binary), as in PostgreSQL. */
  private static void checkFormatCodes(short[] formats) {
    for (short f : formats) {
      if (f != 0 && f != 1) {
        throw new EngineException(SqlState.INVALID_PARAMETER_VALUE, "unsupported format code: " + f);
      }
    }
  }

  /** The result format of each of n columns: none (all text), one for all, or exactly one per column. */
  private static short[] formats(short[] requested, int n) {
    if (requested.length > 1 && requested.length != n) {
      throw new EngineException(SqlState.PROTOCOL_VIOLATION, "bind message has " + requested.length + " result formats but query has "
          + n + " columns");
    }
    short[] f = new short[n];
    for (int i = 0; i < n; i++) {
      f[i] = requested.length == 0 ? 0 : requested.length == 1 ? requested[0] : requested[i];
    }
    return f;
  }

  private void execute(ChannelHandlerContext ctx, PayloadReader in) {
    String name = in.cstring();
    int maxRows = in.int32();
    try {
      Portal portal = portals.get(name);
      if (portal == null) {
        throw new EngineException(SqlState.INVALID_CURSOR_NAME, "portal \"" + name + "\" does not exist");
      }
      if (portal.statement.parsed() == null) {
        ctx.write(out.emptyQueryResponse());
        return;
      }
      Outcome o = run(portal);
      int n = o instanceof Outcome.Rows r ? r.fields().size() : 0;
      send(ctx, o, formats(portal.resultFormats, n), maxRows <= 0 ? Integer.MAX_VALUE : maxRows, portal);
    } catch (EngineException e) {
      extendedError(ctx, e);
    }
  }

  private void close(ChannelHandlerContext ctx, PayloadReader in) {
    char kind = (char) in.int8();
    String name = in.cstring();
    if (kind == 'S') {
      statements.remove(name);
    } else {
      portals.remove(name);
    }
    ctx.write(out.closeComplete());
  }

  /** Reads the fields of one message's payload, refusing to read past its end. */
  private static final class PayloadReader {
    private final ByteBuffer b;

    PayloadReader(byte[] payload) {
      this.b = ByteBuffer.wrap(payload);
    }

    private void need(int n) {
      if (b.remaining() < n) {
        throw new ProtocolException(SqlState.PROTOCOL_VIOLATION, "invalid message format: message ends early");
      }
    }

    int int8() {
      need(1);
      return b.get() & 0xFF;
    }

    int int16() {
      need(2);
      return b.getShort() & 0xFFFF;
    }

    int int32() {
      need(4);
      return b.getInt();
    }

    byte[] bytes(int n) {
      need(n);
      byte[] out = new byte[n];
      b.get(out);
      return out;
    }

    /** A NUL-terminated string, which must be UTF-8 ({@link InvalidByteSequenceException} if not). */
    String cstring() {
      int start = b.position();
      int end = terminator();
      b.position(end + 1);
      return Utf8Text.decode(b.array(), start, end - start);
    }

    /** A NUL-terminated string whose bytes are only reported back (CopyFail's reason): never refused. */
    String lenientCstring() {
      int start = b.position();
      int end = terminator();
      b.position(end + 1);
      return new String(b.array(), start, end - start, StandardCharsets.UTF_8);
    }

    private int terminator() {
      for (int i = b.position(); i < b.limit(); i++) {
        if (b.get(i) == 0) {
          return i;
        }
      }
      throw new ProtocolException(SqlState.PROTOCOL_VIOLATION, "invalid string in message: missing terminator");
    }
  }
}
