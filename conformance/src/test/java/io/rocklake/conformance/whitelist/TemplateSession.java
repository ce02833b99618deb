package io.rocklake.conformance.whitelist;

import io.rocklake.conformance.replay.Endpoint;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.postgresql.copy.CopyManager;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.Field;
import org.postgresql.core.Query;
import org.postgresql.core.QueryExecutor;
import org.postgresql.core.ResultCursor;
import org.postgresql.core.ResultHandlerBase;
import org.postgresql.core.Tuple;
import org.postgresql.util.PSQLException;

/**
 * One pgjdbc session on one server, sending statements as DuckDB does: a simple Query each (through
 * pgjdbc's executor, which hands back the command tag JDBC hides), a Parse + Describe for
 * postgres_query's texts, and COPY through {@link CopyManager}. Every answer becomes an
 * {@link Answer}; an error is an answer, not an exception.
 */
final class TemplateSession implements AutoCloseable {
  /** What the server said to one statement: its tag and columns, or its error. */
  record Answer(String tag, List<String> columns, String sqlState, String message, boolean connectionLost) {
    static Answer error(SQLException e, boolean lost) {
      String state = e instanceof PSQLException p && p.getServerErrorMessage() != null
          ? p.getServerErrorMessage().getSQLState() : e.getSQLState();
      return new Answer(null, List.of(), state, e.getMessage(), lost);
    }

    boolean ok() {
      return sqlState == null;
    }

    @Override public String toString() {
      return ok() ? tag + (columns.isEmpty() ? "" : " " + columns) : "ERROR " + sqlState + ": " + message
          + (connectionLost ? " (connection lost)" : "");
    }
  }

  private final Endpoint endpoint;
  private final String database;
  private Connection connection;

  TemplateSession(Endpoint endpoint, String database) throws SQLException {
    this.endpoint = endpoint;
    this.database = database;
    connect();
  }

  private void connect() throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", "postgres");
    p.setProperty("sslmode", "disable");
    p.setProperty("connectTimeout", "10");
    p.setProperty("socketTimeout", "60");
    connection = DriverManager.getConnection(
        "jdbc:postgresql://" + endpoint.host() + ":" + endpoint.port() + "/" + database, p);
    connection.setAutoCommit(true); // the statements bring their own BEGIN and ROLLBACK, as DuckDB's do
  }

  /** A new session when the last one was lost, so that one broken template does not fail the next. */
  void reconnectIfLost() throws SQLException {
    if (connection.isClosed()) {
      connect();
    }
  }

  /** One simple Query message with this text. */
  Answer simple(String sql) {
    return run(sql, QueryExecutor.QUERY_EXECUTE_AS_SIMPLE | QueryExecutor.QUERY_SUPPRESS_BEGIN
        | QueryExecutor.QUERY_BOTH_ROWS_AND_STATUS, false);
  }

  /** Parse and Describe of this text, as postgres_query sends it; the answer carries its columns. */
  Answer describe(String sql) {
    return run(sql, QueryExecutor.QUERY_ONESHOT | QueryExecutor.QUERY_DESCRIBE_ONLY
        | QueryExecutor.QUERY_SUPPRESS_BEGIN, true);
  }

  private Answer run(String sql, int flags, boolean parameterized) {
    try {
      QueryExecutor qe = connection.unwrap(BaseConnection.class).getQueryExecutor();
      Query q = parameterized ? qe.createQuery(sql, false, true).query : qe.createSimpleQuery(sql);
      Collector c = new Collector();
      qe.execute(q, q.createParameterList(), c, 0, 0, flags);
      if (c.getException() != null) {
        return Answer.error(c.getException(), connection.isClosed());
      }
      return new Answer(c.tag == null ? (parameterized ? "DESCRIBE" : "") : c.tag, c.columns, null, null, false);
    } catch (SQLException e) {
      return Answer.error(e, lost());
    }
  }

  /** One column of a query's rows as text, through plain JDBC (setup the test needs, not a template). */
  List<String> column(String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (java.sql.Statement st = connection.createStatement(); java.sql.ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  /** COPY … FROM STDIN with this payload, through pgjdbc's CopyManager. */
  Answer copyIn(String sql, byte[] payload) {
    try {
      long rows = new CopyManager(connection.unwrap(BaseConnection.class)).copyIn(sql, new ByteArrayInputStream(payload));
      return new Answer("COPY " + rows, List.of(), null, null, false);
    } catch (SQLException | java.io.IOException e) {
      return e instanceof SQLException s ? Answer.error(s, lost()) : new Answer(null, List.of(), "IO", e.toString(), true);
    }
  }

  /** COPY (query) TO STDOUT, its rows read and dropped. */
  Answer copyOut(String sql) {
    try {
      long rows = new CopyManager(connection.unwrap(BaseConnection.class)).copyOut(sql, OutputStream.nullOutputStream());
      return new Answer("COPY " + rows, List.of(), null, null, false);
    } catch (SQLException | java.io.IOException e) {
      return e instanceof SQLException s ? Answer.error(s, lost()) : new Answer(null, List.of(), "IO", e.toString(), true);
    }
  }

  private boolean lost() {
    try {
      return connection.isClosed() || !connection.isValid(5);
    } catch (SQLException e) {
      return true;
    }
  }

  @Override public void close() throws SQLException {
    connection.close();
  }

  /** Keeps the last command tag and the columns of the last result that had any. */
  private static final class Collector extends ResultHandlerBase {
    String tag;
    List<String> columns = List.of();

    @Override public void handleResultRows(Query fromQuery, Field[] fields, List<Tuple> tuples, ResultCursor cursor) {
      List<String> cs = new ArrayList<>();
      for (Field f : fields) {
        cs.add(f.getColumnLabel() + ":" + f.getOID());
      }
      columns = cs;
    }

    @Override public void handleCommandStatus(String status, long updateCount, long insertOID) {
      tag = status;
    }

    @Override public void handleWarning(java.sql.SQLWarning warning) {
      // notices (an ignored BEGIN inside a transaction, say) are not answers
    }
  }
}
