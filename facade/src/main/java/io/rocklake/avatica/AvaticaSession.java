package io.rocklake.avatica;

import io.rocklake.catalog.SqlState;
import io.rocklake.engine.Description;
import io.rocklake.engine.EngineException;
import io.rocklake.engine.EngineSession;
import io.rocklake.engine.Field;
import io.rocklake.engine.Outcome;
import io.rocklake.pgwire.types.PgType;
import io.rocklake.sql.ast.SqlBeginTransaction;
import io.rocklake.sql.ast.SqlEndTransaction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.apache.calcite.avatica.AvaticaParameter;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.ConnectionPropertiesImpl;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * One Avatica connection: its engine session (opened as the PostgreSQL endpoint opens one), its
 * statements, and JDBC's auto-commit over the session's transaction block. With auto-commit off a
 * statement outside a block first opens one with BEGIN, as pgjdbc does, so COMMIT, ROLLBACK and a
 * failed block (25P02 until it ends) behave exactly as over the PostgreSQL endpoint.
 *
 * <p>Requests for one connection may arrive on several HTTP threads; one lock orders them, and the
 * idle sweep only takes it when no request holds it.
 */
final class AvaticaSession {
  final String id;
  final String user;
  private final EngineSession session;
  private final int frameRows;
  private final ReentrantLock lock = new ReentrantLock();
  private final Map<Integer, OpenStatement> statements = new HashMap<>();
  /** Relation OID to the numbers of its NOT NULL columns, as pg_attribute said when first asked. */
  private final Map<Integer, java.util.Set<Short>> notNull = new HashMap<>();
  private final ConnectionPropertiesImpl properties = new ConnectionPropertiesImpl(true, false,
      java.sql.Connection.TRANSACTION_READ_COMMITTED, null, null);
  private int nextStatement;
  private boolean autoCommit = true;
  private boolean closed;
  private volatile long lastUsedNanos = System.nanoTime();

  AvaticaSession(String id, String user, EngineSession session, int frameRows) {
    this.id = id;
    this.user = user;
    this.session = session;
    this.frameRows = frameRows;
  }

  long idleNanos(long now) {
    return now - lastUsedNanos;
  }

  int createStatement() {
    return locked(() -> {
      OpenStatement s = new OpenStatement(nextStatement++);
      statements.put(s.id, s);
      return s.id;
    });
  }

  /** Prepares {@code sql} on a new statement: its parameters and result columns, from the engine's describe step. */
  Meta.StatementHandle prepare(String sql, long maxRowCount) {
    return locked(() -> {
      SqlNode statement = single(sql);
      int n = statement == null ? 0 : parameterCount(statement);
      Description d = statement == null ? new Description(List.of(), null) : session.describe(statement, n);
      OpenStatement s = new OpenStatement(nextStatement++);
      s.sql = sql;
      s.maxRowCount = maxRowCount;
      s.signature = signature(sql, d.fields(), parameters(d.parameterTypes(), n), nullability(d.fields()));
      statements.put(s.id, s);
      return new Meta.StatementHandle(id, s.id, s.signature);
    });
  }

  /** Runs {@code sql} on an existing statement (prepareAndExecute). */
  Meta.MetaResultSet execute(int statementId, String sql, long maxRowCount, int firstFrameRows)
      throws NoSuchStatementException {
    OpenStatement s = statement(statementId);
    return touching(s, () -> {
      s.sql = sql;
      s.maxRowCount = maxRowCount;
      s.signature = null;
      return run(s, List.of(), firstFrameRows);
    });
  }

  /** Runs a prepared statement with these parameter values. */
  Meta.MetaResultSet executePrepared(int statementId, List<Object> parameters, int firstFrameRows)
      throws NoSuchStatementException {
    OpenStatement s = statement(statementId);
    return touching(s, () -> run(s, parameters, firstFrameRows));
  }

  Meta.Frame fetch(int statementId, long offset, int max) throws NoSuchStatementException {
    OpenStatement s = statement(statementId);
    return touching(s, () -> frame(s, offset, rows(max)));
  }

  boolean hasRowsFrom(int statementId, long offset) throws NoSuchStatementException {
    OpenStatement s = statement(statementId);
    return locked(() -> {
      try {
        return s.hasRowsFrom(offset);
      } catch (EngineException e) {
        s.discard();
        throw session.refuse(e);
      }
    });
  }

  void closeStatement(int statementId) {
    locked(() -> {
      OpenStatement s = statements.remove(statementId);
      if (s != null) {
        s.discard();
      }
      return null;
    });
  }

  /** The rows of one statement the server itself runs on this session (DatabaseMetaData's questions). */
  List<Object[]> query(String sql) {
    return locked(() -> {
      Outcome o = whole(outcome(single(sql), List.of()));
      if (!(o instanceof Outcome.Rows rows)) {
        throw new IllegalStateException("not a query: " + sql);
      }
      return rows.rows();
    });
  }

  /**
   * JDBC's connection properties. Turning auto-commit on commits an open block (JDBC's rule, and
   * pgjdbc's); read-only sets the session default, as pgjdbc's setReadOnly does.
   */
  Meta.ConnectionProperties sync(Meta.ConnectionProperties requested) {
    return locked(() -> {
      if (requested.isAutoCommit() != null) {
        if (requested.isAutoCommit() && !autoCommit && session.transactionStatus() != 'I') {
          outcome(single("COMMIT"), List.of());
        }
        autoCommit = requested.isAutoCommit();
      }
      if (requested.isReadOnly() != null && !requested.isReadOnly().equals(properties.isReadOnly())) {
        outcome(single("SET SESSION CHARACTERISTICS AS TRANSACTION " + (requested.isReadOnly() ? "READ ONLY"
            : "READ WRITE")), List.of());
      }
      properties.merge(requested);
      properties.setDirty(false);
      return properties;
    });
  }

  void commit() {
    endBlock("COMMIT");
  }

  void rollback() {
    endBlock("ROLLBACK");
  }

  private void endBlock(String command) {
    locked(() -> session.transactionStatus() == 'I' ? null : outcome(single(command), List.of()));
  }

  /** Ends the session: an open block is rolled back, as when a PostgreSQL client disconnects. */
  void close() {
    lock.lock();
    try {
      if (!closed) {
        closed = true;
        statements.values().forEach(OpenStatement::discard);
        statements.clear();
        session.close();
      }
    } finally {
      lock.unlock();
    }
  }

  /**
   * Drops statements idle longer than {@code idleNanos}; false, and nothing dropped, while a request
   * holds the session.
   */
  boolean expireStatements(long now, long idleNanos) {
    if (!lock.tryLock()) {
      return false;
    }
    try {
      statements.values().removeIf(s -> {
        if (now - s.lastUsedNanos <= idleNanos) {
          return false;
        }
        s.discard();
        return true;
      });
      return true;
    } finally {
      lock.unlock();
    }
  }

  /** Closes the session if it is idle longer than {@code idleNanos} and no request holds it. */
  boolean closeIfIdle(long now, long idleNanos) {
    if (!lock.tryLock()) {
      return false;
    }
    try {
      if (now - lastUsedNanos <= idleNanos) {
        return false;
      }
      close();
      return true;
    } finally {
      lock.unlock();
    }
  }

  // ---- running statements ------------------------------------------------------------------

  private Meta.MetaResultSet run(OpenStatement s, List<Object> parameters, int firstFrameRows) {
    s.discard(); // a statement run again lets its previous result go first
    Outcome o = outcome(single(s.sql), parameters);
    List<Field> fields;
    if (o instanceof Outcome.Rows rows) {
      s.result(rows.fields(), rows.rows());
      fields = rows.fields();
    } else if (o instanceof Outcome.RowStream stream) {
      s.result(stream);
      fields = stream.fields();
    } else {
      s.result(List.of(), List.of());
      return Meta.MetaResultSet.count(id, s.id, updateCount(o));
    }
    try {
      Meta.Signature signature = signature(s.sql, fields, s.signature == null ? List.of() : s.signature.parameters,
          nullability(fields));
      s.signature = signature;
      return Meta.MetaResultSet.create(id, s.id, false, signature, frame(s, 0, rows(firstFrameRows)));
    } catch (RuntimeException e) {
      s.discard();
      throw e;
    }
  }

  /** A frame of the statement's result; an error reading a stream fails the statement, as it would over the PostgreSQL endpoint. */
  private Meta.Frame frame(OpenStatement s, long offset, int max) {
    try {
      return s.frame(offset, max);
    } catch (EngineException e) {
      throw session.refuse(e);
    }
  }

  /**
   * Runs one parsed statement (null: an empty query) the way the PostgreSQL endpoint runs it. A lake
   * scan's rows stay a stream, read as they are fetched; COPY TO STDOUT's are read whole here (they
   * are computed in the statement's transaction, which must not outlive the request).
   */
  private Outcome outcome(SqlNode statement, List<Object> parameters) {
    if (statement == null) {
      return new Outcome.Command("");
    }
    try {
      if (!autoCommit && session.transactionStatus() == 'I' && !(statement instanceof SqlBeginTransaction)
          && !(statement instanceof SqlEndTransaction)) {
        session.execute(session.parse("BEGIN").get(0), List.of());
      }
      Outcome o = session.execute(statement, parameters);
      if (o instanceof Outcome.CopyIn c) {
        c.target().abandon();
        throw new EngineException(SqlState.FEATURE_NOT_SUPPORTED, "COPY FROM STDIN is not supported over Avatica; "
            + "use INSERT, or the PostgreSQL endpoint");
      }
      return o instanceof Outcome.CopyOut ? whole(o) : o;
    } catch (EngineException e) {
      throw session.refuse(e); // every error fails an open block, as over the PostgreSQL endpoint
    }
  }

  /**
   * Rows read as they are sent (COPY TO STDOUT, a lake database scan) as an answer held whole, for
   * COPY's frames and the server's own questions. Anything else is returned as it is.
   */
  private static Outcome whole(Outcome o) {
    if (o instanceof Outcome.CopyOut c) {
      List<Object[]> rows = new ArrayList<>();
      c.rows().forEachRemaining(rows::add);
      return new Outcome.Rows(c.fields(), rows);
    }
    if (o instanceof Outcome.RowStream stream) {
      List<Object[]> rows = new ArrayList<>();
      try {
        stream.rows().forEachRemaining(rows::add);
      } finally {
        stream.close();
      }
      return new Outcome.Rows(stream.fields(), rows);
    }
    return o;
  }

  /** The one statement of a text, or null for an empty one; several are refused, as in a PostgreSQL prepared statement. */
  private SqlNode single(String sql) {
    List<SqlNode> parsed;
    try {
      parsed = session.parse(sql);
    } catch (EngineException e) {
      throw session.refuse(e);
    }
    if (parsed.size() > 1) {
      throw session.refuse(new EngineException(SqlState.SYNTAX_ERROR,
          "cannot insert multiple commands into a prepared statement"));
    }
    return parsed.isEmpty() ? null : parsed.get(0);
  }

  /** INSERT 0 n, UPDATE n, DELETE n, SELECT n, COPY n: n; other commands 0, as JDBC's executeUpdate says for DDL. */
  private static long updateCount(Outcome o) {
    if (o instanceof Outcome.Command c) {
      String tag = c.tag();
      int space = tag.lastIndexOf(' ');
      if (space > 0 && tag.substring(space + 1).chars().allMatch(Character::isDigit)
          && tag.matches("(INSERT|UPDATE|DELETE|SELECT|COPY|MERGE) .*")) {
        return Long.parseLong(tag.substring(space + 1));
      }
    }
    return 0;
  }

  private static int parameterCount(SqlNode statement) {
    int[] max = {0};
    statement.accept(new SqlBasicVisitor<Void>() {
      @Override public Void visit(SqlDynamicParam param) {
        max[0] = Math.max(max[0], param.getIndex() + 1);
        return null;
      }
    });
    return max[0];
  }

  private static List<AvaticaParameter> parameters(List<PgType> types, int count) {
    List<AvaticaParameter> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      PgType t = i < types.size() ? types.get(i) : PgType.TEXT;
      ColumnTypes.Kind k = ColumnTypes.kind(t);
      Integer scale = ColumnTypes.scale(t, -1);
      out.add(new AvaticaParameter(k.signed(), ColumnTypes.precision(t, -1), scale == null ? 0 : scale, k.sqlType(),
          t.typname(), k.className(), "$" + (i + 1)));
    }
    return out;
  }

  private static Meta.Signature signature(String sql, List<Field> fields, List<AvaticaParameter> parameters,
      int[] nullable) {
    List<ColumnMetaData> columns = new ArrayList<>();
    if (fields != null) {
      for (int i = 0; i < fields.size(); i++) {
        columns.add(ColumnTypes.column(i, fields.get(i), nullable[i]));
      }
    }
    return new Meta.Signature(columns, sql, parameters, null, Meta.CursorFactory.LIST,
        fields != null ? Meta.StatementType.SELECT : Meta.StatementType.OTHER_DDL);
  }

  /**
   * Each field's JDBC nullability: a relation's column is nullable unless pg_attribute says NOT NULL
   * (asked once per relation and session, as pgjdbc asks once per statement); of a computed one it
   * is unknown, as pgjdbc says. In a failed block nothing can be asked, and nothing is claimed beyond
   * nullable.
   */
  private int[] nullability(List<Field> fields) {
    int[] out = new int[fields == null ? 0 : fields.size()];
    java.util.Set<Integer> unknown = new java.util.TreeSet<>();
    for (int i = 0; i < out.length; i++) {
      int oid = fields.get(i).tableOid();
      out[i] = oid == 0 ? java.sql.ResultSetMetaData.columnNullableUnknown : java.sql.ResultSetMetaData.columnNullable;
      if (oid != 0 && !notNull.containsKey(oid)) {
        unknown.add(oid);
      }
    }
    if (!unknown.isEmpty() && session.transactionStatus() != 'E') {
      StringBuilder in = new StringBuilder();
      for (int oid : unknown) {
        in.append(in.length() == 0 ? "" : ", ").append(Integer.toUnsignedLong(oid));
        notNull.put(oid, new java.util.HashSet<>());
      }
      Outcome o = session.execute(session.parse("SELECT attrelid, attnum FROM pg_catalog.pg_attribute WHERE attnotnull"
          + " AND attrelid IN (" + in + ")").get(0), List.of());
      for (Object[] r : ((Outcome.Rows) whole(o)).rows()) {
        notNull.get(((Number) r[0]).intValue()).add(((Number) r[1]).shortValue());
      }
    }
    for (int i = 0; i < out.length; i++) {
      java.util.Set<Short> columns = notNull.get(fields.get(i).tableOid());
      if (columns != null && columns.contains(fields.get(i).attnum())) {
        out[i] = java.sql.ResultSetMetaData.columnNoNulls;
      }
    }
    return out;
  }

  private int rows(int requested) {
    return requested > 0 ? Math.min(requested, frameRows) : frameRows;
  }

  private OpenStatement statement(int statementId) throws NoSuchStatementException {
    OpenStatement s = locked(() -> statements.get(statementId));
    if (s == null) {
      throw new NoSuchStatementException(new Meta.StatementHandle(id, statementId, null));
    }
    s.lastUsedNanos = System.nanoTime();
    return s;
  }

  /** Work on a statement; its idle time counts from when the work ends (a query may run long). */
  private <T> T touching(OpenStatement s, Supplier<T> work) {
    try {
      return locked(work);
    } finally {
      s.lastUsedNanos = System.nanoTime();
    }
  }

  private <T> T locked(Supplier<T> work) {
    lock.lock();
    try {
      if (closed) {
        throw new EngineException(SqlState.CONNECTION_FAILURE, "connection " + id + " is closed");
      }
      lastUsedNanos = System.nanoTime();
      try {
        return work.get();
      } finally {
        lastUsedNanos = System.nanoTime();
      }
    } finally {
      lock.unlock();
    }
  }
}
