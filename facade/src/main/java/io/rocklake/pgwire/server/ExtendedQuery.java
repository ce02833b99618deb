package io.rocklake.pgwire.server;

import io.netty.channel.ChannelHandlerContext;
import io.rocklake.catalog.SqlState;
import io.rocklake.engine.EngineException;
import io.rocklake.engine.Description;
import io.rocklake.engine.EngineSession;
import io.rocklake.engine.Outcome;
import io.rocklake.pgwire.types.InvalidByteSequenceException;
import io.rocklake.pgwire.types.PgCodecException;
import io.rocklake.pgwire.types.PgType;
import io.rocklake.pgwire.types.Utf8Text;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlNode;

/**
 * One session's prepared statements and portals, and the extended-query messages that make, use
 * and drop them. Each answers its message or throws the {@link EngineException} to report;
 * {@link QueryProtocol} decides what follows (skipping to Sync).
 */
final class ExtendedQuery {
  private final EngineSession session;
  private final BackendWriter out;
  private final ResultWriter results;
  private final Map<String, Prepared> statements = new HashMap<>();
  private final Map<String, Portal> portals = new HashMap<>();

  /** Told of each statement an Execute runs (once per portal, however many Executes read its rows). */
  interface StatementEnd {
    void ran(SqlNode statement, boolean autocommit, long startNanos, SqlState failure);
  }

  private final StatementEnd statementEnd;

  ExtendedQuery(EngineSession session, BackendWriter out, ResultWriter results) {
    this(session, out, results, (statement, autocommit, startNanos, failure) -> { });
  }

  ExtendedQuery(EngineSession session, BackendWriter out, ResultWriter results, StatementEnd statementEnd) {
    this.statementEnd = statementEnd;
    this.session = session;
    this.out = out;
    this.results = results;
  }

  private record Prepared(String sql, SqlNode parsed, int[] parameterOids) {}

  private static final class Portal {
    final Prepared statement;
    final List<Object> parameters;
    final short[] resultFormats;
    /** Run at the first Describe or Execute; later Executes continue from position. */
    Outcome outcome;
    int position;

    Portal(Prepared statement, List<Object> parameters, short[] resultFormats) {
      this.statement = statement;
      this.parameters = parameters;
      this.resultFormats = resultFormats;
    }
  }

  /** A simple Query drops the unnamed statement and portal, as in PostgreSQL. */
  void forgetUnnamed() {
    statements.remove("");
    discard(portals.remove(""));
  }

  /** Drops every portal, releasing what their unread rows hold (the session is ending). */
  void forgetAll() {
    portals.values().forEach(ExtendedQuery::discard);
    portals.clear();
  }

  /** A portal goes: rows it did not send (a lake scan's open file) are released now, not left to the collector. */
  private static void discard(Portal p) {
    if (p != null) {
      ResultWriter.release(p.outcome);
    }
  }

  void parse(ChannelHandlerContext ctx, FrontendMessage.Parse m) {
    List<SqlNode> parsed = session.parse(m.sql());
    if (parsed.size() > 1) {
      throw new EngineException(SqlState.SYNTAX_ERROR, "cannot insert multiple commands into a prepared statement");
    }
    if (!m.name().isEmpty() && statements.containsKey(m.name())) {
      throw new EngineException(SqlState.DUPLICATE_PREPARED_STATEMENT, "prepared statement \"" + m.name() + "\" already exists");
    }
    statements.put(m.name(), new Prepared(m.sql(), parsed.isEmpty() ? null : parsed.get(0), m.parameterOids()));
    ctx.write(out.parseComplete());
  }

  void bind(ChannelHandlerContext ctx, FrontendMessage.Bind m) {
    short[] paramFormats = m.parameterFormats();
    byte[][] raw = m.parameters();
    if (paramFormats.length > 1 && paramFormats.length != raw.length) {
      throw new EngineException(SqlState.PROTOCOL_VIOLATION, "bind message has " + paramFormats.length
          + " parameter formats but " + raw.length + " parameters");
    }
    checkFormatCodes(paramFormats);
    checkFormatCodes(m.resultFormats());
    Prepared p = statements.get(m.statement());
    if (p == null) {
      throw new EngineException(SqlState.INVALID_SQL_STATEMENT_NAME, "prepared statement \"" + m.statement() + "\" does not exist");
    }
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < raw.length; i++) {
      short format = paramFormats.length == 0 ? 0 : paramFormats.length == 1 ? paramFormats[0] : paramFormats[i];
      values.add(parameter(raw[i], format, i < p.parameterOids().length ? p.parameterOids()[i] : 0));
    }
    if (!m.portal().isEmpty() && portals.containsKey(m.portal())) {
      throw new EngineException(SqlState.DUPLICATE_CURSOR, "cursor \"" + m.portal() + "\" already exists");
    }
    discard(portals.put(m.portal(), new Portal(p, values, m.resultFormats())));
    ctx.write(out.bindComplete());
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

  void describe(ChannelHandlerContext ctx, FrontendMessage.Describe m) {
    if (m.kind() == 'S') {
      describeStatement(ctx, m.name());
    } else {
      describePortal(ctx, m.name());
    }
  }

  private void describeStatement(ChannelHandlerContext ctx, String name) {
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
  }

  private void describePortal(ChannelHandlerContext ctx, String name) {
    Portal portal = portal(name);
    if (portal.statement.parsed() == null) {
      ctx.write(out.noData());
      return;
    }
    Outcome o = run(portal);
    if (o instanceof Outcome.Rows rows) {
      ctx.write(out.rowDescription(rows.fields(), formats(portal.resultFormats, rows.fields().size())));
    } else if (o instanceof Outcome.RowStream stream) {
      ctx.write(out.rowDescription(stream.fields(), formats(portal.resultFormats, stream.fields().size())));
    } else {
      ctx.write(out.noData());
    }
  }

  void execute(ChannelHandlerContext ctx, FrontendMessage.Execute m) {
    Portal portal = portal(m.portal());
    if (portal.statement.parsed() == null) {
      ctx.write(out.emptyQueryResponse());
      return;
    }
    Outcome o = run(portal);
    int n = ResultWriter.fieldCount(o);
    portal.position = results.portion(ctx, o, formats(portal.resultFormats, n), portal.position,
        m.maxRows() <= 0 ? Integer.MAX_VALUE : m.maxRows());
  }

  void close(ChannelHandlerContext ctx, FrontendMessage.Close m) {
    if (m.kind() == 'S') {
      statements.remove(m.name());
    } else {
      discard(portals.remove(m.name()));
    }
    ctx.write(out.closeComplete());
  }

  private Portal portal(String name) {
    Portal portal = portals.get(name);
    if (portal == null) {
      throw new EngineException(SqlState.INVALID_CURSOR_NAME, "portal \"" + name + "\" does not exist");
    }
    return portal;
  }

  private SqlNode freshParse(Prepared p) {
    return session.parse(p.sql()).get(0);
  }

  private Outcome run(Portal portal) {
    if (portal.outcome == null) {
      SqlNode statement = freshParse(portal.statement);
      boolean autocommit = session.transactionStatus() == 'I';
      long start = System.nanoTime();
      Outcome o;
      try {
        o = session.execute(statement, portal.parameters);
      } catch (EngineException e) {
        statementEnd.ran(statement, autocommit, start, e.state());
        throw e;
      }
      statementEnd.ran(statement, autocommit, start, o instanceof Outcome.CopyIn ? SqlState.FEATURE_NOT_SUPPORTED : null);
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
      throw new EngineException(SqlState.PROTOCOL_VIOLATION, "bind message has " + requested.length
          + " result formats but query has " + n + " columns");
    }
    short[] f = new short[n];
    for (int i = 0; i < n; i++) {
      f[i] = requested.length == 0 ? 0 : requested.length == 1 ? requested[0] : requested[i];
    }
    return f;
  }
}
