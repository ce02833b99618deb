package io.rocklake.avatica;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.server.RockLakeServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Idle connections and statements are closed; a client that keeps asking, however slowly, is not cut off. */
class AvaticaIdleTest {
  static final Duration CONNECTION_IDLE = Duration.ofSeconds(4);
  static final Duration STATEMENT_IDLE = Duration.ofSeconds(2);
  @TempDir static Path dir;
  static RockLakeServer server;

  @BeforeAll
  static void start() throws Exception {
    server = RockLakeServer.start(AvaticaFixture.config(AvaticaFixture.catalog(dir, 50),
        AvaticaFixture.avatica().withFrameRows(10).withIdle(CONNECTION_IDLE, STATEMENT_IDLE)));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void aClientReadingOneFrameAtATimeOutlivesBothIdleTimes() throws Exception {
    Properties p = new Properties();
    p.setProperty("fetch_size", "10");
    long start = System.nanoTime();
    int rows = 0;
    try (Connection c = AvaticaFixture.avatica(server, p); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT snapshot_id FROM ducklake_snapshot ORDER BY snapshot_id")) {
      while (rs.next()) {
        assertThat(rs.getLong(1)).isEqualTo(rows);
        rows++;
        if (rows % 10 == 0) {
          Thread.sleep(STATEMENT_IDLE.toMillis() * 3 / 4); // a user scrolling: each frame fetched well within the idle time
        }
      }
    }
    assertThat(rows).isEqualTo(50);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThan(CONNECTION_IDLE.plus(STATEMENT_IDLE));
  }

  @Test
  void aConnectionIdleLongerThanItsTimeIsClosedAndItsOpenTransactionRolledBack() throws Exception {
    try (Connection c = AvaticaFixture.avatica(server); Connection pg = AvaticaFixture.pgjdbc(server)) {
      c.setAutoCommit(false);
      Statement s = c.createStatement();
      s.executeUpdate("INSERT INTO \"public\".ducklake_snapshot VALUES (3000, NOW(), 1, 2, 1)");
      Thread.sleep(CONNECTION_IDLE.toMillis() + 1500);
      assertThat(server.avatica().connections()).isZero();
      assertThatThrownBy(() -> s.executeQuery("SELECT 1"))
          .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("08003"));
      try (Statement check = pg.createStatement();
          ResultSet rs = check.executeQuery("SELECT count(*) FROM ducklake_snapshot WHERE snapshot_id = 3000")) {
        rs.next();
        assertThat(rs.getLong(1)).isZero();
      }
    }
  }

  @Test
  void aResultWhoseStatementExpiredEndsWithAnErrorNotEarly() throws Exception {
    Properties p = new Properties();
    p.setProperty("fetch_size", "10");
    try (Connection c = AvaticaFixture.avatica(server, p); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT snapshot_id FROM ducklake_snapshot ORDER BY snapshot_id")) {
      for (int i = 0; i < 10; i++) {
        assertThat(rs.next()).isTrue();
      }
      Thread.sleep(STATEMENT_IDLE.toMillis() + 1000); // longer than a statement may idle, not a connection
      assertThatThrownBy(() -> { // the client holds the next frame already; the one after is gone
        for (int i = 0; i < 10; i++) {
          rs.next();
        }
      }).isInstanceOfSatisfying(AvaticaClientRuntimeException.class, // the stock driver's ResultSet.next error
          e -> assertThat(e.getSqlState()).isEqualTo("34000"));
    }
  }
}
