package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.facade.CatalogQueryEngine;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * 10,000 random SQL strings (garbage; DuckDB's own statements truncated or mutated token by token;
 * random Unicode; huge literals; deep nesting; long lists) sent as simple Query messages over a few
 * connections. Every answer must be well-formed (ErrorResponse with a SQLSTATE, or a result) and end
 * in ReadyForQuery within the per-message timeout; no connection may drop, no statement may fail
 * with an internal error (XX000 means an exception nobody mapped to a SQLSTATE: a bug), and
 * afterwards a fresh session still serves and the data committed before the run is intact.
 *
 * <p>{@code -Drocklake.fuzz.seed=N} and {@code -Drocklake.fuzz.statements=N} reproduce or widen a run.
 */
class RandomSqlFuzzTest {
  private static final long SEED = Long.getLong("rocklake.fuzz.seed", 20260515L);
  private static final int STATEMENTS = Integer.getInteger("rocklake.fuzz.statements", 10_000);
  private static final int CONNECTIONS = 4;
  private static final int MESSAGE_TIMEOUT_MS = 120_000;
  private static final int GUARD_ROWS = 50;
  private static final boolean TRACE = Boolean.getBoolean("rocklake.fuzz.trace");

  private Catalog catalog;
  private CatalogQueryEngine engine;
  private PgWireServer server;

  @BeforeEach
  void start() throws Exception {
    catalog = TestCatalogs.empty();
    engine = new CatalogQueryEngine(catalog);
    server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), engine);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private Connection connect() throws SQLException {
    return TestCatalogs.connect(server);
  }

  /** What DuckDB's ATTACH and first commits would leave: the 28 tables by DuckDB's DDL, and rows. */
  private void commitGuardData() throws Exception {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      s.execute("BEGIN");
      for (RelationDef r : DuckLakeRelations.ALL) {
        s.execute(r.createTableSql());
      }
      s.execute("COMMIT");
      s.execute("CREATE TABLE \"public\".\"guard_rows\"(\"id\" BIGINT PRIMARY KEY, \"label\" VARCHAR)");
      StringBuilder meta = new StringBuilder("INSERT INTO \"public\".ducklake_metadata VALUES ");
      StringBuilder rows = new StringBuilder("INSERT INTO \"public\".\"guard_rows\" VALUES ");
      for (int i = 0; i < GUARD_ROWS; i++) {
        meta.append(i == 0 ? "" : ", ").append("('guard_").append(i).append("', 'value ").append(i).append("', NULL, NULL)");
        rows.append(i == 0 ? "" : ", ").append('(').append(i).append(", 'row ").append(i).append("')");
      }
      s.execute("BEGIN");
      s.execute("INSERT INTO \"public\".ducklake_snapshot VALUES (0, NOW(), 0, 1, 0)");
      s.execute(meta.toString());
      s.execute(rows.toString());
      s.execute("COMMIT");
    }
  }

  private List<String> guardState() throws Exception {
    List<String> out = new ArrayList<>();
    try (Connection c = connect(); Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT key, value, scope, scope_id FROM ducklake_metadata "
          + "WHERE key LIKE 'guard%' ORDER BY key")) {
        while (rs.next()) {
          out.add(rs.getString(1) + "=" + rs.getString(2) + "/" + rs.getString(3) + "/" + rs.getString(4));
        }
      }
      try (ResultSet rs = s.executeQuery("SELECT id, label FROM guard_rows ORDER BY id")) {
        while (rs.next()) {
          out.add(rs.getLong(1) + ":" + rs.getString(2));
        }
      }
    }
    return out;
  }

  /** The outcome of a whole run, merged over connections. */
  private static final class Stats {
    final Map<String, LongAdder> bySqlState = new ConcurrentHashMap<>();
    final Map<String, LongAdder> byTag = new ConcurrentHashMap<>();
    final Map<SqlFuzzer.Kind, LongAdder> byKind = new ConcurrentHashMap<>();
    final List<String> internalErrors = Collections.synchronizedList(new ArrayList<>());
    final List<String> drops = Collections.synchronizedList(new ArrayList<>());
    final LongAdder messages = new LongAdder();
    final LongAdder bytes = new LongAdder();
    final LongAdder rollbacks = new LongAdder();
    final AtomicLong slowestMillis = new AtomicLong();
    volatile String slowest = "";

    void count(Map<String, LongAdder> m, String key) {
      m.computeIfAbsent(key, k -> new LongAdder()).increment();
    }
  }

  @Test
  void tenThousandRandomStatementsGetWellFormedAnswersAndLeaveTheServerHealthy() throws Exception {
    commitGuardData();
    List<String> before = guardState();
    assertThat(before).hasSize(2 * GUARD_ROWS);

    List<String> templates = SqlFuzzer.templates();
    Stats stats = new Stats();
    long started = System.nanoTime();
    ExecutorService pool = Executors.newFixedThreadPool(CONNECTIONS);
    List<Future<?>> runs = new ArrayList<>();
    for (int c = 0; c < CONNECTIONS; c++) {
      long seed = SEED * 31 + c;
      int n = STATEMENTS / CONNECTIONS + (c < STATEMENTS % CONNECTIONS ? 1 : 0);
      runs.add(pool.submit(() -> {
        fuzz(seed, new SqlFuzzer(seed, templates), n, stats);
        return null;
      }));
    }
    for (Future<?> f : runs) {
      f.get(15, TimeUnit.MINUTES);
    }
    pool.shutdown();
    long millis = (System.nanoTime() - started) / 1_000_000;

    System.out.printf("sql fuzz: seed %d, %d templates, %d statements (%d MiB) over %d connections in %d ms; "
        + "rollbacks sent %d; %d cached plans; slowest %d ms (%s)%n  kinds %s%n  errors by SQLSTATE %s%n  successes by tag %s%n"
        + "  XX000 %d %s%n  drops %d %s%n",
        SEED, templates.size(), stats.messages.sum(), stats.bytes.sum() >> 20, CONNECTIONS, millis,
        stats.rollbacks.sum(), engine.engine().cachedPlans(), stats.slowestMillis.get(), stats.slowest, sorted(stats.byKind), sorted(stats.bySqlState),
        sorted(stats.byTag), stats.internalErrors.size(), stats.internalErrors, stats.drops.size(), stats.drops);

    assertThat(stats.messages.sum()).isEqualTo(STATEMENTS);
    assertThat(stats.drops).as("connections dropped or hung").isEmpty();
    assertThat(stats.internalErrors).as("internal errors (XX000)").isEmpty();
    try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getInt(1)).isEqualTo(1);
    }
    assertThat(guardState()).as("the data committed before the run").isEqualTo(before);
  }

  private static <K> Map<String, Long> sorted(Map<K, LongAdder> m) {
    Map<String, Long> out = new TreeMap<>();
    m.forEach((k, v) -> out.put(String.valueOf(k), v.sum()));
    return out;
  }

  private void fuzz(long seed, SqlFuzzer fuzzer, int n, Stats stats) throws Exception {
    WireClient w = WireClient.started(server.port(), MESSAGE_TIMEOUT_MS);
    try {
      for (int i = 0; i < n; i++) {
        SqlFuzzer.Sql sql = fuzzer.next();
        stats.messages.increment();
        stats.bytes.add(sql.text().length());
        stats.byKind.computeIfAbsent(sql.kind(), k -> new LongAdder()).increment();
        long t0 = System.nanoTime();
        List<WireClient.Message> answer;
        if (TRACE) {
          System.err.println("send " + Thread.currentThread().getName() + " " + i + " " + sql.kind() + " "
              + abbreviate(sql.text()));
        }
        try {
          w.query(sql.text());
          answer = w.readUntilReady();
        } catch (WireClient.ClosedException | SocketTimeoutException | IllegalStateException e) {
          stats.drops.add(e + " after seed " + seed + " #" + i + " " + sql.kind() + " " + abbreviate(sql.text()));
          w.close();
          try {
            w = WireClient.started(server.port(), MESSAGE_TIMEOUT_MS);
          } catch (Exception again) {
            stats.drops.add("no new session either: " + again);
            return;
          }
          continue;
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        if (TRACE) {
          System.err.println("fuzz " + Thread.currentThread().getName() + " " + i + " " + ms + "ms " + sql.kind() + " "
              + abbreviate(sql.text()));
        }
        if (ms > stats.slowestMillis.get()) {
          stats.slowestMillis.set(ms);
          stats.slowest = sql.kind() + " " + abbreviate(sql.text());
        }
        record(answer, sql, "seed " + seed + " #" + i, stats);
        char status = answer.get(answer.size() - 1).status();
        if (status != 'I') {
          stats.rollbacks.increment();
          w.query("ROLLBACK");
          List<WireClient.Message> rb = w.readUntilReady();
          if (rb.get(rb.size() - 1).status() != 'I') {
            stats.drops.add("ROLLBACK did not end the transaction: " + rb);
          }
        }
      }
    } finally {
      w.close();
    }
  }

  private static void record(List<WireClient.Message> answer, SqlFuzzer.Sql sql, String where, Stats stats) {
    for (WireClient.Message m : answer) {
      if (m.type() == 'E') {
        stats.count(stats.bySqlState, m.sqlState());
        if (m.sqlState().equals("XX000")) {
          stats.internalErrors.add(m.text() + " <- " + where + " " + sql.kind() + " " + abbreviate(sql.text()));
        }
      } else if (m.type() == 'C') {
        String tag = new String(m.body(), 0, m.body().length - 1, StandardCharsets.UTF_8);
        stats.count(stats.byTag, tag.split(" ")[0]);
      } else if (m.type() == 'I') {
        stats.count(stats.byTag, "(empty)");
      }
    }
  }

  private static String abbreviate(String s) {
    String flat = s.replace('\n', ' ').replace('\t', ' ');
    return flat.length() <= 300 ? "[" + flat + "]" : "[" + flat.substring(0, 200) + " ...(" + flat.length()
        + " chars)... " + flat.substring(flat.length() - 80) + "]";
  }
}
