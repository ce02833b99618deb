package io.rocklake.avatica;

import io.rocklake.catalog.CatalogException;
import io.rocklake.catalog.SqlState;
import io.rocklake.engine.EngineException;
import io.rocklake.pgwire.server.QueryEngine;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.MetaImpl;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;
import org.apache.calcite.avatica.remote.Service;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * Avatica's {@link Meta} over the engine: one {@link AvaticaSession} per Avatica connection, opened
 * with the startup parameters a PostgreSQL client would send ({@code user}, and {@code database} and
 * {@code application_name} when the client gives them). Engine errors reach the client with their
 * SQLSTATE and message; connections and statements idle longer than the configured times are
 * closed by a sweep (an open block of an expired connection is rolled back).
 */
final class EngineMeta extends MetaImpl {
  /** SQLSTATE connection_does_not_exist, for a connection id the server does not know (never opened, closed, expired). */
  static final String CONNECTION_DOES_NOT_EXIST = "08003";
  /** SQLSTATE invalid_cursor_name, PostgreSQL's for a FETCH from a cursor that does not exist. */
  static final String INVALID_CURSOR_NAME = "34000";
  /** The user of a connection when the server checks no password and the client names none. */
  static final String DEFAULT_USER = "rocklake";
  private static final Logger LOG = Logger.getLogger(EngineMeta.class.getName());

  private final QueryEngine engine;
  private final AvaticaOptions options;
  private final Map<String, AvaticaSession> sessions = new ConcurrentHashMap<>();
  /** Who the current HTTP request authenticated as (null when the server checks no password). */
  private final ThreadLocal<String> caller = new ThreadLocal<>();
  /** Where the current HTTP request came from (null when unknown): a connection opened by it is shown there. */
  private final ThreadLocal<java.net.InetSocketAddress> callerAddress = new ThreadLocal<>();
  private final ScheduledExecutorService sweep;

  EngineMeta(QueryEngine engine, AvaticaOptions options) {
    super(null);
    this.engine = engine;
    this.options = options;
    this.sweep = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "rocklake-avatica-expiry");
      t.setDaemon(true);
      return t;
    });
    long every = Math.max(100, Math.min(options.connectionIdle().toMillis(), options.statementIdle().toMillis()) / 4);
    sweep.scheduleWithFixedDelay(this::expire, every, every, TimeUnit.MILLISECONDS);
  }

  /** Runs one HTTP request's work as {@code user} (null: no password was checked), from {@code remote} (null: unknown). */
  <T> T as(String user, java.net.InetSocketAddress remote, java.util.concurrent.Callable<T> work) throws Exception {
    caller.set(user);
    callerAddress.set(remote);
    try {
      return work.call();
    } finally {
      caller.remove();
      callerAddress.remove();
    }
  }

  int connections() {
    return sessions.size();
  }

  /** Ends every session (server shutdown). */
  void close() {
    sweep.shutdownNow();
    sessions.values().forEach(AvaticaSession::close);
    sessions.clear();
  }

  private void expire() {
    long now = System.nanoTime();
    long connectionIdle = options.connectionIdle().toNanos();
    long statementIdle = options.statementIdle().toNanos();
    sessions.values().removeIf(s -> {
      if (s.closeIfIdle(now, connectionIdle)) {
        LOG.info("Avatica connection " + s.id + " of user " + s.user + " closed after " + options.connectionIdle()
            .toSeconds() + " s idle");
        return true;
      }
      s.expireStatements(now, statementIdle);
      return false;
    });
  }

  // ---- connections -------------------------------------------------------------------------

  @Override public void openConnection(ConnectionHandle ch, Map<String, String> properties) {
    Map<String, String> info = properties == null ? Map.of() : properties;
    guard(() -> {
      String authenticated = caller.get();
      String user = authenticated != null ? authenticated : info.getOrDefault("user", DEFAULT_USER);
      if (sessions.size() >= options.maxConnections()) {
        throw new EngineException(SqlState.TOO_MANY_CONNECTIONS, "sorry, too many clients already");
      }
      Map<String, String> startup = new HashMap<>();
      startup.put("user", user);
      for (String key : List.of("database", "application_name")) {
        if (info.get(key) != null) {
          startup.put(key, info.get(key));
        }
      }
      AvaticaSession session = new AvaticaSession(ch.id, user,
          engine.open(startup, new io.rocklake.engine.ClientOrigin(0, callerAddress.get())), options.frameRows());
      if (sessions.putIfAbsent(ch.id, session) != null) {
        session.close();
        throw new EngineException(SqlState.PROTOCOL_VIOLATION, "connection " + ch.id + " is already open");
      }
      return null;
    });
  }

  @Override public void closeConnection(ConnectionHandle ch) {
    AvaticaSession s = sessions.get(ch.id);
    if (s != null && owned(s)) {
      sessions.remove(ch.id, s);
      s.close();
    }
  }

  @Override public ConnectionProperties connectionSync(ConnectionHandle ch, ConnectionProperties connProps) {
    return guard(() -> session(ch.id).sync(connProps));
  }

  @Override public void commit(ConnectionHandle ch) {
    guard(() -> {
      session(ch.id).commit();
      return null;
    });
  }

  @Override public void rollback(ConnectionHandle ch) {
    guard(() -> {
      session(ch.id).rollback();
      return null;
    });
  }

  @Override public Map<DatabaseProperty, Object> getDatabaseProperties(ConnectionHandle ch) {
    Map<DatabaseProperty, Object> p = new HashMap<>();
    p.put(DatabaseProperty.GET_DATABASE_PRODUCT_NAME, "RockLake");
    p.put(DatabaseProperty.GET_DEFAULT_TRANSACTION_ISOLATION, java.sql.Connection.TRANSACTION_READ_COMMITTED);
    return p;
  }

  // ---- statements --------------------------------------------------------------------------

  @Override public StatementHandle createStatement(ConnectionHandle ch) {
    return guard(() -> new StatementHandle(ch.id, session(ch.id).createStatement(), null));
  }

  @Override public StatementHandle prepare(ConnectionHandle ch, String sql, long maxRowCount) {
    return guard(() -> session(ch.id).prepare(sql, maxRowCount));
  }

  @Override public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount,
      PrepareCallback callback) throws NoSuchStatementException {
    return prepareAndExecute(h, sql, maxRowCount, -1, callback);
  }

  @Override public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount,
      int maxRowsInFirstFrame, PrepareCallback callback) throws NoSuchStatementException {
    return guardStatement(() -> new ExecuteResult(List.of(
        session(h.connectionId).execute(h.id, sql, maxRowCount, maxRowsInFirstFrame))));
  }

  @Override public ExecuteBatchResult prepareAndExecuteBatch(StatementHandle h, List<String> sqlCommands)
      throws NoSuchStatementException {
    return guardStatement(() -> {
      AvaticaSession s = session(h.connectionId);
      long[] counts = new long[sqlCommands.size()];
      for (int i = 0; i < counts.length; i++) {
        counts[i] = s.execute(h.id, sqlCommands.get(i), -1, 0).updateCount;
      }
      return new ExecuteBatchResult(counts);
    });
  }

  @Override public ExecuteBatchResult executeBatch(StatementHandle h, List<List<TypedValue>> parameterValues)
      throws NoSuchStatementException {
    return guardStatement(() -> {
      AvaticaSession s = session(h.connectionId);
      long[] counts = new long[parameterValues.size()];
      for (int i = 0; i < counts.length; i++) {
        counts[i] = s.executePrepared(h.id, ParameterValues.of(parameterValues.get(i)), 0).updateCount;
      }
      return new ExecuteBatchResult(counts);
    });
  }

  @Override public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, long maxRowCount)
      throws NoSuchStatementException {
    return execute(h, parameterValues, -1);
  }

  @Override public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, int maxRowsInFirstFrame)
      throws NoSuchStatementException {
    return guardStatement(() -> new ExecuteResult(List.of(
        session(h.connectionId).executePrepared(h.id, ParameterValues.of(parameterValues), maxRowsInFirstFrame))));
  }

  /**
   * The next frame. A statement the server no longer has is an error here, not Avatica's "missing
   * statement": the stock client would answer that by fetching from a fresh statement, which has no
   * rows, and end the result early without a word.
   */
  @Override public Frame fetch(StatementHandle h, long offset, int fetchMaxRowCount) {
    return guard(() -> {
      try {
        return session(h.connectionId).fetch(h.id, offset, fetchMaxRowCount);
      } catch (NoSuchStatementException e) {
        throw new AvaticaRuntimeException("statement " + h.id + " does not exist (closed, or idle longer than "
            + options.statementIdle().toSeconds() + " s): the rest of its rows are gone; run the query again",
            Service.ErrorResponse.UNKNOWN_ERROR_CODE, INVALID_CURSOR_NAME, AvaticaSeverity.ERROR);
      }
    });
  }

  @Override public boolean syncResults(StatementHandle sh, QueryState state, long offset)
      throws NoSuchStatementException {
    return guardStatement(() -> session(sh.connectionId).hasRowsFrom(sh.id, offset));
  }

  @Override public void closeStatement(StatementHandle h) {
    AvaticaSession s = sessions.get(h.connectionId);
    if (s != null && owned(s)) {
      s.closeStatement(h.id);
    }
  }

  // ---- DatabaseMetaData --------------------------------------------------------------------

  @Override public MetaResultSet getCatalogs(ConnectionHandle ch) {
    return metadata(ch, MetaCatalog.class, q -> q.catalogs());
  }

  @Override public MetaResultSet getSchemas(ConnectionHandle ch, String catalog, Pat schemaPattern) {
    return metadata(ch, MetaSchema.class, q -> q.schemas(schemaPattern));
  }

  @Override public MetaResultSet getTables(ConnectionHandle ch, String catalog, Pat schemaPattern,
      Pat tableNamePattern, List<String> typeList) {
    return metadata(ch, MetaTable.class, q -> q.tables(schemaPattern, tableNamePattern, typeList));
  }

  @Override public MetaResultSet getColumns(ConnectionHandle ch, String catalog, Pat schemaPattern,
      Pat tableNamePattern, Pat columnNamePattern) {
    return metadata(ch, MetaColumn.class, q -> q.columns(schemaPattern, tableNamePattern, columnNamePattern));
  }

  @Override public MetaResultSet getTableTypes(ConnectionHandle ch) {
    return metadata(ch, MetaTableType.class, q -> MetadataQueries.TABLE_TYPES.stream().map(MetaTableType::new).toList());
  }

  @Override public MetaResultSet getTypeInfo(ConnectionHandle ch) {
    return metadata(ch, MetaTypeInfo.class, q -> q.typeInfo());
  }

  /**
   * A DatabaseMetaData answer as one whole frame of a statement of the connection, in the column
   * shape JDBC specifies (Avatica's Meta* classes carry it: names, order, types, nullability).
   */
  private <E> MetaResultSet metadata(ConnectionHandle ch, Class<E> shape,
      java.util.function.Function<MetadataQueries, List<? extends E>> answer) {
    return guard(() -> {
      AvaticaSession s = session(ch.id);
      List<? extends E> rows = answer.apply(new MetadataQueries(s::query));
      List<java.lang.reflect.Field> fields = new ArrayList<>();
      for (java.lang.reflect.Field f : shape.getFields()) {
        if (!Modifier.isStatic(f.getModifiers())) {
          fields.add(f);
        }
      }
      List<Object> frame = new ArrayList<>(rows.size());
      for (E row : rows) {
        List<Object> values = new ArrayList<>(fields.size());
        for (java.lang.reflect.Field f : fields) {
          values.add(f.get(row));
        }
        frame.add(values);
      }
      Signature signature = new Signature(fieldMetaData(shape).columns, "", List.of(), null, CursorFactory.LIST,
          StatementType.SELECT);
      return MetaResultSet.create(ch.id, s.createStatement(), true, signature, new Frame(0, true, frame));
    });
  }

  @Override public Iterable<Object> createIterable(StatementHandle handle, QueryState state, Signature signature,
      List<TypedValue> parameters, Frame firstFrame) {
    throw new UnsupportedOperationException("results are fetched through the remote protocol only");
  }

  // ---- sessions and errors -----------------------------------------------------------------

  private AvaticaSession session(String connectionId) {
    AvaticaSession s = sessions.get(connectionId);
    if (s == null || !owned(s)) {
      throw new AvaticaRuntimeException("connection " + connectionId + " does not exist (closed, or idle longer than "
          + options.connectionIdle().toSeconds() + " s); open a new connection", Service.ErrorResponse.UNKNOWN_ERROR_CODE,
          CONNECTION_DOES_NOT_EXIST, AvaticaSeverity.ERROR);
    }
    return s;
  }

  /** With passwords checked, a connection answers only the user who opened it. */
  private boolean owned(AvaticaSession s) {
    String user = caller.get();
    return user == null || user.equals(s.user);
  }

  private interface Work<T> {
    T run() throws Exception;
  }

  private <T> T guard(Work<T> work) {
    try {
      return work.run();
    } catch (NoSuchStatementException e) {
      throw new AvaticaRuntimeException("statement does not exist (closed, or idle longer than "
          + options.statementIdle().toSeconds() + " s)", Service.ErrorResponse.UNKNOWN_ERROR_CODE, "26000",
          AvaticaSeverity.ERROR);
    } catch (Exception e) {
      throw translate(e);
    }
  }

  private <T> T guardStatement(Work<T> work) throws NoSuchStatementException {
    try {
      return work.run();
    } catch (NoSuchStatementException e) {
      throw e; // Avatica's client re-creates a statement it is told is missing
    } catch (Exception e) {
      throw translate(e);
    }
  }

  private static RuntimeException translate(Exception e) {
    if (e instanceof AvaticaRuntimeException a) {
      return a;
    }
    if (e instanceof CatalogException c) {
      return new AvaticaRuntimeException(c.getMessage(), Service.ErrorResponse.UNKNOWN_ERROR_CODE, c.state().code(),
          AvaticaSeverity.ERROR);
    }
    LOG.log(Level.WARNING, "Avatica request failed unexpectedly", e);
    return new AvaticaRuntimeException("internal error: " + e, Service.ErrorResponse.UNKNOWN_ERROR_CODE,
        SqlState.INTERNAL_ERROR.code(), AvaticaSeverity.ERROR);
  }
}
