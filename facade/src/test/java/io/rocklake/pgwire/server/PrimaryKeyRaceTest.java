package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.facade.CatalogQueryEngine;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;

/**
 * DuckLake's commit race over the wire (design §2.2): two sessions each BEGIN, send a commit batch
 * that claims the same next snapshot id (ducklake_snapshot, ducklake_snapshot_changes, plus a row
 * in a table without a key), and COMMIT at the same moment from real threads. Every round exactly
 * one commits; the other's COMMIT fails with 23505 and PostgreSQL's text, which DuckLake retries on
 * (its lower-cased text contains "unique" / "primary key"), and nothing the loser wrote is visible.
 */
class PrimaryKeyRaceTest {
  private static final int ROUNDS = 100;

  private PgWireServer server;

  @BeforeEach
  void start() throws Exception {
    Catalog catalog = TestCatalogs.empty();
    server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), new CatalogQueryEngine(catalog));
    try (Connection c = connect(); Statement s = c.createStatement()) {
      s.execute("BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ");
      for (RelationDef r : DuckLakeRelations.ALL) {
        s.execute(r.createTableSql()); // DuckDB's DDL, character for character
      }
      s.execute("COMMIT");
    }
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private Connection connect() throws SQLException {
    return TestCatalogs.connect(server);
  }

  /** What one session saw in one round. */
  private record Attempt(int round, String session, boolean committed, String sqlState, String message,
      String detail) {}

  /** DuckLake's commit batch for one snapshot, as one multi-statement simple query. */
  private static String batch(int snapshot, String session) {
    return "INSERT INTO \"public\".ducklake_snapshot VALUES (" + snapshot + ", NOW(), 0, 1, 0);"
        + "INSERT INTO \"public\".ducklake_snapshot_changes VALUES (" + snapshot + ", 'created_table:\"t_"
        + session + "\"', NULL, NULL, NULL);"
        + "INSERT INTO \"public\".ducklake_metadata VALUES ('race_" + snapshot + "', '" + session + "', NULL, NULL);";
  }

  private static List<Attempt> session(Connection c, String name, CyclicBarrier barrier) throws Exception {
    List<Attempt> attempts = new ArrayList<>();
    try (Statement s = c.createStatement()) {
      for (int round = 1; round <= ROUNDS; round++) {
        barrier.await(30, TimeUnit.SECONDS);
        s.execute("BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ");
        s.execute(batch(round, name));
        barrier.await(30, TimeUnit.SECONDS); // both have written; now both commit at once
        try {
          s.execute("COMMIT");
          attempts.add(new Attempt(round, name, true, null, null, null));
        } catch (PSQLException e) {
          attempts.add(new Attempt(round, name, false, e.getSQLState(), e.getServerErrorMessage().getMessage(),
              e.getServerErrorMessage().getDetail()));
        }
      }
    }
    return attempts;
  }

  @Test
  void twoSessionsCommittingTheSameSnapshotIdOneWinsTheOtherGets23505AndLeavesNothing() throws Exception {
    CyclicBarrier barrier = new CyclicBarrier(2);
    ExecutorService threads = Executors.newFixedThreadPool(2);
    List<Attempt> all = new ArrayList<>();
    try (Connection a = connect(); Connection b = connect()) {
      Future<List<Attempt>> fa = threads.submit(() -> session(a, "a", barrier));
      Future<List<Attempt>> fb = threads.submit(() -> session(b, "b", barrier));
      all.addAll(fa.get(5, TimeUnit.MINUTES));
      all.addAll(fb.get(5, TimeUnit.MINUTES));
      // Both sessions are usable after their failed COMMITs: the failed COMMIT ended the transaction.
      for (Connection c : List.of(a, b)) {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
          assertThat(rs.next()).isTrue();
        }
      }
    } finally {
      threads.shutdownNow();
    }

    Map<Integer, String> winners = new HashMap<>();
    Map<String, Integer> winsBySession = new HashMap<>();
    for (int round = 1; round <= ROUNDS; round++) {
      int r = round;
      List<Attempt> attempts = all.stream().filter(x -> x.round() == r).toList();
      assertThat(attempts).hasSize(2);
      assertThat(attempts).filteredOn(Attempt::committed).as("winners of round %d: %s", r, attempts).hasSize(1);
      Attempt won = attempts.stream().filter(Attempt::committed).findFirst().orElseThrow();
      Attempt lost = attempts.stream().filter(x -> !x.committed()).findFirst().orElseThrow();
      assertThat(lost.sqlState()).as("round %d", r).isEqualTo("23505");
      assertThat(lost.message()).isEqualTo("duplicate key value violates unique constraint \"ducklake_snapshot_pkey\"");
      assertThat(lost.detail()).isEqualTo("Key (snapshot_id)=(" + r + ") already exists.");
      String lower = lost.message().toLowerCase(Locale.ROOT);
      assertThat(List.of("unique", "primary key", "conflict", "concurrent")).anyMatch(lower::contains);
      winners.put(r, won.session());
      winsBySession.merge(won.session(), 1, Integer::sum);
    }
    System.out.printf("race: %d rounds, wins by session %s%n", ROUNDS, winsBySession);

    try (Connection c = connect(); Statement s = c.createStatement()) {
      List<String> snapshots = new ArrayList<>();
      try (ResultSet rs = s.executeQuery("SELECT snapshot_id FROM ducklake_snapshot ORDER BY snapshot_id")) {
        while (rs.next()) {
          snapshots.add(rs.getString(1));
        }
      }
      List<String> expected = new ArrayList<>();
      for (int round = 1; round <= ROUNDS; round++) {
        expected.add(String.valueOf(round));
      }
      assertThat(snapshots).isEqualTo(expected);
      Map<Integer, String> changesBy = new HashMap<>();
      try (ResultSet rs = s.executeQuery("SELECT snapshot_id, changes_made FROM ducklake_snapshot_changes")) {
        while (rs.next()) {
          changesBy.put(rs.getInt(1), rs.getString(2));
        }
      }
      Map<Integer, String> metadataBy = new HashMap<>();
      int metadataRows = 0;
      try (ResultSet rs = s.executeQuery("SELECT key, value FROM ducklake_metadata")) {
        while (rs.next()) {
          assertThat(rs.getString(1)).startsWith("race_");
          metadataBy.put(Integer.parseInt(rs.getString(1).substring(5)), rs.getString(2));
          metadataRows++;
        }
      }
      assertThat(metadataRows).as("one metadata row per round: the loser's row (no key to collide on) is gone")
          .isEqualTo(ROUNDS);
      for (int round = 1; round <= ROUNDS; round++) {
        assertThat(metadataBy.get(round)).as("round %d", round).isEqualTo(winners.get(round));
        assertThat(changesBy.get(round)).as("round %d", round).isEqualTo("created_table:\"t_" + winners.get(round) + "\"");
      }
    }
  }
}
