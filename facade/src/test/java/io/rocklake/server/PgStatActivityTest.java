package io.rocklake.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.avatica.AvaticaOptions;
import io.rocklake.pgwire.server.auth.AuthMethod;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.PGConnection;

/**
 * pg_stat_activity on a serving RockLake with both endpoints: two pgjdbc sessions with different
 * ApplicationNames and one Avatica connection each appear with their user, application_name,
 * client address and port (pgjdbc's own socket's local port), state and last statement; the asking
 * session's row is {@code active} with the very query it runs, and agrees with pg_backend_pid() and
 * the BackendKeyData pgjdbc received; a closed session's row is gone.
 */
class PgStatActivityTest {
  private static final Duration PATIENCE = Duration.ofSeconds(10);
  /** Every socket pgjdbc opened through {@link RecordingSockets}, newest last. */
  static final ConcurrentLinkedQueue<Socket> SOCKETS = new ConcurrentLinkedQueue<>();

  /**
   * PostgreSQL 15.x's own answer, measured with psql on a freshly initdb'd 15 server:
   * {@code SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'pg_stat_activity'::regclass},
   * and pgjdbc's getColumnTypeName for {@code SELECT * FROM pg_stat_activity LIMIT 0} there.
   */
  private static final List<String> PG15_COLUMNS = List.of("datid oid", "datname name", "pid int4",
      "leader_pid int4", "usesysid oid", "usename name", "application_name text", "client_addr inet",
      "client_hostname text", "client_port int4", "backend_start timestamptz", "xact_start timestamptz",
      "query_start timestamptz", "state_change timestamptz", "wait_event_type text", "wait_event text",
      "state text", "backend_xid xid", "backend_xmin xid", "query_id int8", "query text", "backend_type text");

  @TempDir Path dir;
  private RockLakeServer server;

  /** pgjdbc's socketFactory: plain sockets, each remembered so its local port can be compared. */
  public static final class RecordingSockets extends javax.net.SocketFactory {
    @Override public Socket createSocket() {
      Socket s = new Socket();
      SOCKETS.add(s);
      return s;
    }

    @Override public Socket createSocket(String host, int port) throws IOException {
      throw new UnsupportedOperationException("pgjdbc connects an unconnected socket");
    }

    @Override public Socket createSocket(String host, int port, InetAddress local, int localPort) {
      throw new UnsupportedOperationException("pgjdbc connects an unconnected socket");
    }

    @Override public Socket createSocket(InetAddress host, int port) {
      throw new UnsupportedOperationException("pgjdbc connects an unconnected socket");
    }

    @Override public Socket createSocket(InetAddress address, int port, InetAddress local, int localPort) {
      throw new UnsupportedOperationException("pgjdbc connects an unconnected socket");
    }
  }

  @BeforeEach
  void start() throws Exception {
    server = RockLakeServer.start(ServerConfig.local(CatalogLocation.parse(dir.resolve("catalog").toString()), 0)
        .withAvatica(AvaticaOptions.defaults(new java.net.InetSocketAddress("127.0.0.1", 0),
            ServerConfig.DEFAULT_MAX_SESSIONS)));
    SOCKETS.clear();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /** A pgjdbc session and the local port of its socket. */
  private record Pg(Connection connection, int localPort) {
    int pid() throws SQLException {
      return connection.unwrap(PGConnection.class).getBackendPID();
    }
  }

  private Pg pgjdbc(String user, String application) throws SQLException {
    Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port() + "/rocklake?user="
        + user + "&ApplicationName=" + application + "&socketFactory=" + RecordingSockets.class.getName());
    Socket newest = null;
    for (Socket s : SOCKETS) {
      newest = s;
    }
    return new Pg(c, newest.getLocalPort());
  }

  private Connection avatica(String user, String application) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", user);
    p.setProperty("application_name", application);
    return DriverManager.getConnection(server.avatica().jdbcUrl(AuthMethod.TRUST), p);
  }

  /** pg_stat_activity as {@code asker} sees it, by pid: column name to value as text. */
  private static Map<Integer, Map<String, String>> activity(Connection asker, String sql) throws SQLException {
    Map<Integer, Map<String, String>> rows = new TreeMap<>();
    try (Statement s = asker.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      while (rs.next()) {
        Map<String, String> row = new TreeMap<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          row.put(md.getColumnName(i), rs.getString(i));
        }
        rows.put(rs.getInt("pid"), row);
      }
    }
    return rows;
  }

  private static final String ACTIVITY = "SELECT * FROM pg_stat_activity";

  private static String scalar(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      assertThat(rs.next()).isTrue();
      return rs.getString(1);
    }
  }

  @Test
  void everyLiveSessionOfBothEndpointsIsListedWithWhoWhereAndWhatAndAClosedOneIsGone() throws Exception {
    Pg alpha = pgjdbc("duck", "alpha");
    Pg beta = pgjdbc("goose", "beta");
    Connection gamma = avatica("heron", "gamma");
    try {
      assertThat(scalar(beta.connection(), "SELECT 42")).isEqualTo("42");
      beta.connection().setAutoCommit(false);
      assertThat(scalar(beta.connection(), "SELECT 'in a block'")).isEqualTo("in a block");
      assertThat(scalar(gamma, "SELECT 7")).isEqualTo("7");

      Map<Integer, Map<String, String>> rows = activity(alpha.connection(), ACTIVITY);
      assertThat(rows).hasSize(3).containsKeys(alpha.pid(), beta.pid());

      Map<String, String> own = rows.get(alpha.pid());
      assertThat(own).containsEntry("usename", "duck").containsEntry("application_name", "alpha")
          .containsEntry("state", "active").containsEntry("query", ACTIVITY)
          .containsEntry("client_addr", "127.0.0.1").containsEntry("client_port", String.valueOf(alpha.localPort()))
          .containsEntry("datname", "rocklake").containsEntry("backend_type", "client backend");
      assertThat(own.get("backend_start")).isNotNull();
      assertThat(own.get("query_start")).isNotNull();

      Map<String, String> b = rows.get(beta.pid());
      assertThat(b).containsEntry("usename", "goose").containsEntry("application_name", "beta")
          .containsEntry("state", "idle in transaction").containsEntry("query", "SELECT 'in a block'")
          .containsEntry("client_port", String.valueOf(beta.localPort()));
      assertThat(b.get("xact_start")).isNotNull();

      List<Integer> others = new ArrayList<>(rows.keySet());
      others.removeAll(List.of(alpha.pid(), beta.pid()));
      Map<String, String> g = rows.get(others.get(0));
      assertThat(g).containsEntry("usename", "heron").containsEntry("application_name", "gamma")
          .containsEntry("state", "idle").containsEntry("query", "SELECT 7").containsEntry("client_addr", "127.0.0.1");
      assertThat(Integer.parseInt(g.get("client_port"))).isPositive();
      assertThat(g.get("xact_start")).isNull();

      assertThat(scalar(alpha.connection(), "SELECT pg_backend_pid()")).isEqualTo(String.valueOf(alpha.pid()));
      assertThat(scalar(gamma, "SELECT pid FROM pg_stat_activity WHERE pid = pg_backend_pid()"))
          .isEqualTo(String.valueOf(others.get(0)));
      assertThat(scalar(gamma, "SELECT state FROM pg_stat_activity WHERE application_name = 'gamma'"))
          .isEqualTo("active");
      Map<Integer, Map<String, String>> overAvatica = activity(gamma, ACTIVITY); // every column, over Avatica's types
      assertThat(overAvatica).containsOnlyKeys(rows.keySet());
      assertThat(overAvatica.get(others.get(0))).containsEntry("state", "active").containsEntry("query", ACTIVITY)
          .containsEntry("client_addr", "127.0.0.1").containsEntry("usename", "heron");
      assertThat(overAvatica.get(alpha.pid())).containsEntry("state", "idle")
          .containsEntry("client_port", String.valueOf(alpha.localPort()));
      assertThat(overAvatica.get(others.get(0)).get("backend_start")).isNotNull();

      int betaPid = beta.pid();
      beta.connection().rollback();
      beta.connection().close();
      awaitRows(alpha.connection(), 2);
      assertThat(activity(alpha.connection(), ACTIVITY)).doesNotContainKey(betaPid);
      gamma.close();
      awaitRows(alpha.connection(), 1);
      assertThat(activity(alpha.connection(), ACTIVITY)).containsOnlyKeys(alpha.pid());
    } finally {
      alpha.connection().close();
      beta.connection().close();
      gamma.close();
    }
  }

  private static void awaitRows(Connection asker, int n) throws Exception {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (activity(asker, ACTIVITY).size() != n) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("pg_stat_activity never had " + n + " rows: " + activity(asker, ACTIVITY));
      }
      Thread.sleep(20);
    }
  }

  @Test
  void theColumnsAreNamedAndTypedAsPostgreSql15Describes() throws Exception {
    Pg pg = pgjdbc("duck", "columns");
    try (Statement s = pg.connection().createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM pg_stat_activity LIMIT 0")) {
      ResultSetMetaData md = rs.getMetaData();
      List<String> columns = new ArrayList<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        columns.add(md.getColumnName(i) + " " + md.getColumnTypeName(i));
      }
      assertThat(columns).isEqualTo(PG15_COLUMNS);
      assertThat(rs.next()).isFalse();
    } finally {
      pg.connection().close();
    }
  }
}
