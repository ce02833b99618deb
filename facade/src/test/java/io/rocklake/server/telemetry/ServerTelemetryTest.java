package io.rocklake.server.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.server.CatalogLocation;
import io.rocklake.server.RockLakeServer;
import io.rocklake.server.ServerConfig;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * A serving RockLake seen as an operator sees it: {@code /metrics} scraped over HTTP and parsed as
 * Prometheus text, its counters moving by exactly the statements pgjdbc ran; {@code /health} and
 * {@code /ready}; and the log lines of connections, errors and slow statements, captured from logback.
 */
class ServerTelemetryTest {
  private static final Duration PATIENCE = Duration.ofSeconds(10);
  @TempDir Path dir;
  private RockLakeServer server;
  private final ListAppender<ILoggingEvent> log = new ListAppender<>();
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void captureLog() {
    LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    log.setContext(context);
    log.start();
    context.getLogger("io.rocklake").addAppender(log);
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
    ((LoggerContext) LoggerFactory.getILoggerFactory()).getLogger("io.rocklake").detachAppender(log);
  }

  private void start(Duration slowStatement) throws Exception {
    start(slowStatement, false);
  }

  /** With {@code avatica}, the Avatica endpoint too, on a free loopback port. */
  private void start(Duration slowStatement, boolean avatica) throws Exception {
    ServerConfig config = ServerConfig.local(CatalogLocation.parse(dir.resolve("catalog").toString()), 0)
        .withTelemetry(new Telemetry(slowStatement, new InetSocketAddress("127.0.0.1", 0)));
    if (avatica) {
      config = config.withAvatica(io.rocklake.avatica.AvaticaOptions.defaults(new InetSocketAddress("127.0.0.1", 0),
          ServerConfig.DEFAULT_MAX_SESSIONS));
    }
    server = RockLakeServer.start(config);
    try (Connection c = connect("simple"); Statement s = c.createStatement()) {
      s.execute("BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ");
      for (RelationDef r : DuckLakeRelations.ALL) {
        s.execute(r.createTableSql());
      }
      s.execute("COMMIT");
      s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (0, NOW(), 0, 1, 0)");
    }
    awaitSessions(0);
    log.list.clear();
  }

  private Connection connect(String mode) throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port()
        + "/rocklake?user=duck&ApplicationName=telemetry-test&assumeMinServerVersion=16&preferQueryMode=" + mode);
  }

  private HttpResponse<String> get(String path) throws IOException, InterruptedException {
    InetSocketAddress a = server.metricsAddress();
    return get(a, path);
  }

  private HttpResponse<String> get(InetSocketAddress a, String path) throws IOException, InterruptedException {
    return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + a.getPort() + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private PrometheusText scrape() throws Exception {
    HttpResponse<String> r = get("/metrics");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Type")).hasValue("text/plain; version=0.0.4; charset=utf-8");
    return PrometheusText.parse(r.body());
  }

  private void awaitSessions(int n) throws Exception {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (scrape().value("rocklake_sessions", "endpoint", "pgwire") != n) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("rocklake_sessions{endpoint=\"pgwire\"} never became " + n + ": "
            + scrape().value("rocklake_sessions", "endpoint", "pgwire"));
      }
      Thread.sleep(20);
    }
  }

  private List<String> lines(String logger) {
    return log.list.stream().filter(e -> e.getLoggerName().equals(logger)).map(ILoggingEvent::getFormattedMessage)
        .toList();
  }

  private void awaitLine(String logger, Predicate<String> line) throws InterruptedException {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (lines(logger).stream().noneMatch(line)) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("no such line from " + logger + " in " + lines(logger));
      }
      Thread.sleep(20);
    }
  }

  private static double delta(PrometheusText before, PrometheusText after, String metric, String... labels) {
    return after.value(metric, labels) - before.value(metric, labels);
  }

  @Test
  void scrapedCountersMoveByExactlyTheStatementsPgjdbcRan() throws Exception {
    start(Telemetry.DEFAULT_SLOW_STATEMENT);
    try (Connection simple = connect("simple"); Statement s = simple.createStatement()) {
      awaitSessions(1);
      PrometheusText before = scrape();
      for (int i = 0; i < 2; i++) {
        try (ResultSet rs = s.executeQuery("SELECT snapshot_id FROM ducklake_snapshot")) {
          assertThat(rs.next()).isTrue();
        }
      }
      s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (1, NOW(), 0, 1, 0)");
      assertThatThrownBy(() -> s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (0, NOW(), 0, 1, 0)"))
          .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("23505"));
      assertThatThrownBy(() -> s.execute("SELEC 1"))
          .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("42601"));
      s.execute("BEGIN");
      s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (2, NOW(), 0, 1, 0)");
      s.execute("COMMIT");
      try (Connection extended = connect("extended");
          PreparedStatement p = extended.prepareStatement("SELECT snapshot_id FROM ducklake_snapshot WHERE snapshot_id = ?")) {
        p.setLong(1, 2);
        try (ResultSet rs = p.executeQuery()) {
          assertThat(rs.next()).isTrue();
        }
        assertThat(scrape().value("rocklake_sessions", "endpoint", "pgwire")).isEqualTo(2);
      }
      awaitSessions(1);
      PrometheusText after = scrape();

      assertThat(delta(before, after, "rocklake_statements_total", "class", "query", "outcome", "ok")).isEqualTo(3);
      assertThat(delta(before, after, "rocklake_statements_total", "class", "write", "outcome", "ok")).isEqualTo(2);
      assertThat(delta(before, after, "rocklake_statements_total", "class", "write", "outcome", "23")).isEqualTo(1);
      assertThat(delta(before, after, "rocklake_statements_total", "class", "transaction", "outcome", "ok"))
          .isEqualTo(2);
      // A statement that does not parse never ran: it is an error sent, not a statement.
      assertThat(after.samples.keySet()).noneMatch(k -> k.startsWith("rocklake_statements_total")
          && k.contains("outcome=\"42\""));
      assertThat(delta(before, after, "rocklake_conflicts_total", "sqlstate", "23505")).isEqualTo(1);
      assertThat(after.has("rocklake_conflicts_total", "sqlstate", "40001")).isTrue();
      assertThat(delta(before, after, "rocklake_conflicts_total", "sqlstate", "40001")).isZero();
      // The autocommitted INSERT and the COMMIT; the failed INSERT committed nothing.
      assertThat(delta(before, after, "rocklake_commit_duration_seconds_count")).isEqualTo(2);
      assertThat(after.types).containsEntry("rocklake_statement_duration_seconds", "histogram");
      assertThat(delta(before, after, "rocklake_statement_duration_seconds_count", "class", "write")).isEqualTo(3);
      assertThat(after.value("rocklake_statement_duration_seconds_bucket", "class", "write", "le", "+Inf"))
          .isEqualTo(after.value("rocklake_statement_duration_seconds_count", "class", "write"));
      // Two commits: each writes the write-ahead log to the store.
      double writes = delta(before, after, "rocklake_object_store_requests_total", "kind", "put")
          + delta(before, after, "rocklake_object_store_requests_total", "kind", "put_if_absent");
      assertThat(writes).isGreaterThanOrEqualTo(2);
      assertThat(delta(before, after, "rocklake_object_store_bytes_total", "kind", "put")
          + delta(before, after, "rocklake_object_store_bytes_total", "kind", "put_if_absent")).isPositive();
      assertThat(after.types).containsEntry("rocklake_compactions_total", "counter");
      assertThat(after.value("rocklake_sessions", "endpoint", "pgwire")).isEqualTo(1);
    }
    // Quiet by default: nothing was logged per statement, and no statement was slow.
    assertThat(lines("io.rocklake.slow-statements")).isEmpty();
  }

  @Test
  void avaticaConnectionsAreSessionsOfTheirOwnEndpointWhileOpenAndNoLongerOnceClosed() throws Exception {
    start(Telemetry.DEFAULT_SLOW_STATEMENT, true);
    PrometheusText idle = scrape();
    assertThat(idle.has("rocklake_sessions", "endpoint", "avatica")).isTrue();
    assertThat(idle.value("rocklake_sessions", "endpoint", "avatica")).isZero();
    String url = server.avatica().jdbcUrl(server.config().authentication().method());
    try (Connection pg = connect("simple"); Connection first = DriverManager.getConnection(url);
        Connection second = DriverManager.getConnection(url); Statement s = first.createStatement();
        ResultSet rs = s.executeQuery("SELECT 1")) {
      assertThat(rs.next()).isTrue();
      awaitSessions(1);
      PrometheusText open = scrape();
      assertThat(open.value("rocklake_sessions", "endpoint", "avatica")).isEqualTo(2);
      assertThat(open.value("rocklake_sessions", "endpoint", "pgwire")).isEqualTo(1);
      second.close();
      assertThat(scrape().value("rocklake_sessions", "endpoint", "avatica")).isEqualTo(1);
    }
    awaitSessions(0);
    assertThat(scrape().value("rocklake_sessions", "endpoint", "avatica")).isZero();
  }

  @Test
  void healthAndReadyAnswerWhileServingAndTheEndpointStopsWithTheServer() throws Exception {
    start(Telemetry.DEFAULT_SLOW_STATEMENT);
    assertThat(get("/health").statusCode()).isEqualTo(200);
    HttpResponse<String> ready = get("/ready");
    assertThat(ready.statusCode()).isEqualTo(200);
    assertThat(ready.body()).isEqualTo("ready\n");
    assertThat(get("/metrics/other").statusCode()).isEqualTo(404);
    HttpResponse<String> post = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
        + server.metricsAddress().getPort() + "/metrics")).POST(HttpRequest.BodyPublishers.noBody()).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(post.statusCode()).isEqualTo(405);
    InetSocketAddress metrics = server.metricsAddress();
    server.close();
    server = null;
    assertThatThrownBy(() -> get(metrics, "/health")).isInstanceOf(IOException.class);
  }

  @Test
  void readyIsServiceUnavailableUntilTheCatalogIsOpenAndListening() throws Exception {
    try (MetricsEndpoint endpoint = MetricsEndpoint.start(new InetSocketAddress("127.0.0.1", 0), () -> null,
        () -> false)) {
      assertThat(get(endpoint.address(), "/health").statusCode()).isEqualTo(200);
      assertThat(get(endpoint.address(), "/ready").statusCode()).isEqualTo(503);
      assertThat(get(endpoint.address(), "/metrics").statusCode()).isEqualTo(503);
    }
  }

  @Test
  void eachConnectionLogsItsStartAndEndWithUserApplicationDatabaseAndAddress() throws Exception {
    start(Telemetry.DEFAULT_SLOW_STATEMENT);
    int localPort;
    try (Connection c = connect("simple"); Statement s = c.createStatement()) {
      s.execute("SELECT 1");
      s.execute("SELECT 2");
      localPort = clientPort();
    }
    String who = "user=duck application=\"telemetry-test\" database=rocklake remote=127.0.0.1:";
    awaitLine("io.rocklake.connections", l -> l.startsWith("connection end: ") && l.contains(who)
        && l.contains(" statements=2"));
    List<String> connections = lines("io.rocklake.connections");
    assertThat(connections).hasSize(2);
    assertThat(connections.get(0)).startsWith("connection start: pid=").contains(who);
    assertThat(connections.get(1)).matches("connection end: pid=\\d+ .* duration=\\d+ms statements=2");
    assertThat(log.list).filteredOn(e -> e.getLoggerName().equals("io.rocklake.connections"))
        .allMatch(e -> e.getLevel() == Level.INFO);
    assertThat(localPort).isPositive();
  }

  /** pgjdbc does not tell its local port; the server's line does, and any positive one is the client's. */
  private int clientPort() {
    String start = lines("io.rocklake.connections").get(0);
    Matcher m = Pattern.compile("remote=127\\.0\\.0\\.1:(\\d+)").matcher(start);
    assertThat(m.find()).isTrue();
    return Integer.parseInt(m.group(1));
  }

  @Test
  void everyErrorSentIsLoggedWithItsSqlStateAtInfoWhenTheClientCausedIt() throws Exception {
    start(Telemetry.DEFAULT_SLOW_STATEMENT);
    try (Connection c = connect("simple"); Statement s = c.createStatement()) {
      assertThatThrownBy(() -> s.execute("SELEC 1")).isInstanceOf(SQLException.class);
      assertThatThrownBy(() -> s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (0, NOW(), 0, 1, 0)"))
          .isInstanceOf(SQLException.class);
    }
    List<ILoggingEvent> errors = log.list.stream().filter(e -> e.getLoggerName().equals("io.rocklake.errors")).toList();
    assertThat(errors).hasSize(2);
    assertThat(errors.get(0).getFormattedMessage()).startsWith("error sent: ERROR 42601 ").contains("user=duck");
    assertThat(errors.get(1).getFormattedMessage()).startsWith("error sent: ERROR 23505 duplicate key value");
    assertThat(errors).allMatch(e -> e.getLevel() == Level.INFO);
  }

  @Test
  void aRefusedConnectionIsLoggedAndCountedWithItsSqlState() throws Exception {
    start(Telemetry.DEFAULT_SLOW_STATEMENT);
    // A StartupMessage (protocol 3.0) that names a database but no user: PostgreSQL's FATAL 28000.
    byte[] parameters = "database\0rocklake\0\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    try (java.net.Socket socket = new java.net.Socket("127.0.0.1", server.port())) {
      java.io.DataOutputStream out = new java.io.DataOutputStream(socket.getOutputStream());
      out.writeInt(8 + parameters.length);
      out.writeInt(3 << 16);
      out.write(parameters);
      out.flush();
      byte[] answer = socket.getInputStream().readAllBytes(); // up to the server's close
      assertThat(answer).isNotEmpty();
      assertThat((char) answer[0]).isEqualTo('E');
    }
    awaitLine("io.rocklake.connections", l -> l.startsWith("connection refused: FATAL 28000 no PostgreSQL user name "
        + "specified in startup packet (user= remote=127.0.0.1:"));
    assertThat(scrape().value("rocklake_connections_refused_total", "sqlstate", "28000")).isEqualTo(1);
  }

  @Test
  void aSlowStatementIsLoggedByItsFingerprintAndNeverByItsLiterals() throws Exception {
    start(Duration.ZERO); // every statement is slow
    try (Connection c = connect("simple"); Statement s = c.createStatement()) {
      s.executeQuery("SELECT snapshot_id FROM ducklake_snapshot WHERE snapshot_id = 987654321").close();
      s.executeQuery("SELECT snapshot_id FROM ducklake_snapshot WHERE snapshot_id = 123454321").close();
    }
    List<String> slow = lines("io.rocklake.slow-statements");
    assertThat(slow).hasSize(2);
    Pattern line = Pattern.compile("slow statement: \\d+ms class=query outcome=ok fingerprint=([0-9a-f]{16}) shape=\"(.*)\" "
        + "\\(pid=\\d+ user=duck .*\\)");
    Matcher first = line.matcher(slow.get(0));
    Matcher second = line.matcher(slow.get(1));
    assertThat(first.matches()).as(slow.get(0)).isTrue();
    assertThat(second.matches()).as(slow.get(1)).isTrue();
    // Statements differing only in a literal share a fingerprint, and the literal is in neither line.
    assertThat(first.group(1)).isEqualTo(second.group(1));
    assertThat(first.group(2)).containsIgnoringCase("ducklake_snapshot").doesNotContain("987654321");
    assertThat(slow.get(0)).doesNotContain("987654321");
    assertThat(slow.get(1)).doesNotContain("123454321");
    assertThat(log.list).filteredOn(e -> e.getLoggerName().equals("io.rocklake.slow-statements"))
        .allMatch(e -> e.getLevel() == Level.WARN);
  }
}
