package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.pgwire.types.PgBytes;
import io.rocklake.pgwire.types.PgInterval;
import io.rocklake.pgwire.types.Tid;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Write statements through {@link EngineSession}, as a client sends them. Tags, SQLSTATEs and
 * message texts are PostgreSQL 15's for the same statements (written down by hand).
 */
class WritesTest {
  private final EngineFixture f = new EngineFixture();

  @AfterEach
  void close() {
    f.close();
  }

  private void createT() {
    f.run("CREATE TABLE t (id BIGINT PRIMARY KEY, name VARCHAR, data BYTEA, u UUID, n BIGINT,"
        + " at TIMESTAMP WITH TIME ZONE, amount DECIMAL(10,2), req VARCHAR NOT NULL)");
  }

  @Nested
  class Insert {
    @Test
    void withoutAColumnListFillsColumnsInOrder() {
      createT();
      assertThat(f.tag("INSERT INTO t VALUES (1, 'a', '\\x0a0b', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '42',"
          + " '2025-01-01 00:00:00+00', 1.005, 'r')")).isEqualTo("INSERT 0 1");
      Object[] row = f.rows("SELECT id, name, data, u, n, at, amount, req FROM t").get(0);
      assertThat(row[0]).isEqualTo(1L);
      assertThat(row[1]).isEqualTo("a");
      assertThat(row[2]).as("'\\x..' assigned to bytea is hex input").isEqualTo(PgBytes.copyOf(new byte[] {0x0a, 0x0b}));
      assertThat(row[3]).isEqualTo(UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"));
      assertThat(row[4]).as("a quoted number assigned to bigint").isEqualTo(42L);
      assertThat(row[5]).isEqualTo(Instant.parse("2025-01-01T00:00:00Z"));
      assertThat(row[6]).as("numeric(10,2) rounds half away from zero").isEqualTo(new BigDecimal("1.01"));
      assertThat(row[7]).isEqualTo("r");
    }

    @Test
    void anIntervalColumnTakesPostgresIntervalText() {
      f.run("CREATE TABLE IF NOT EXISTS ducklake_inlined_data_1_1(row_id BIGINT, begin_snapshot BIGINT,"
          + " end_snapshot BIGINT, iv INTERVAL)");
      assertThat(f.tag("INSERT INTO ducklake_inlined_data_1_1 VALUES (0, 1, NULL, '1 year 2 mons 3 days 04:05:06.789')"))
          .isEqualTo("INSERT 0 1");
      Object[] row = f.rows("SELECT iv FROM ducklake_inlined_data_1_1").get(0);
      assertThat(row[0]).isEqualTo(new PgInterval(14, 3, 14_706_789_000L));
    }

    @Test
    void aTimeWithTimeZoneColumnKeepsItsOffsetAsDuckLakeInlinesTimetz() {
      f.run("CREATE TABLE IF NOT EXISTS ducklake_inlined_data_1_1(row_id BIGINT, begin_snapshot BIGINT,"
          + " end_snapshot BIGINT, c_timetz TIME WITH TIME ZONE)");
      assertThat(f.tag("INSERT INTO ducklake_inlined_data_1_1 VALUES (0, 1, NULL, '10:11:12.5+02'), (1, 1, NULL, NULL)"))
          .isEqualTo("INSERT 0 2");
      List<Object[]> rows = f.rows("SELECT c_timetz FROM ducklake_inlined_data_1_1 WHERE row_id = 0");
      assertThat(rows.get(0)[0]).isEqualTo(OffsetTime.of(10, 11, 12, 500_000_000, ZoneOffset.ofHours(2)));
    }

    @Test
    void withAColumnListLeavesTheOtherColumnsNull() {
      createT();
      assertThat(f.tag("INSERT INTO t (req, id) VALUES ('r', 2)")).isEqualTo("INSERT 0 1");
      Object[] row = f.rows("SELECT * FROM t").get(0);
      assertThat(row).containsExactly(2L, null, null, null, null, null, null, "r");
    }

    @Test
    void manyRowsAreOneStatementAndOneTag() {
      createT();
      assertThat(f.tag("INSERT INTO t (id, req) VALUES (1, 'a'), (2, 'b'), (3, 'c')")).isEqualTo("INSERT 0 3");
      assertThat(f.rows("SELECT id FROM t")).hasSize(3);
    }

    @Test
    void anIntegerAssignedToAVarcharIsItsText() {
      createT();
      f.run("INSERT INTO t (id, name, req) VALUES (3, 7, 'r')");
      assertThat(f.value("SELECT name FROM t WHERE id = 3")).isEqualTo("7");
    }

    @Test
    void timestamptzInputWithAnOffsetIsTheSameInstant() {
      createT();
      f.run("INSERT INTO t (id, at, req) VALUES (1, '2025-01-01 02:00:00.123456+02', 'r')");
      assertThat(f.value("SELECT at FROM t")).isEqualTo(Instant.parse("2025-01-01T00:00:00.123456Z"));
    }

    @Test
    void decimalAssignmentRoundsToTheScale() {
      createT();
      f.run("INSERT INTO t (id, amount, req) VALUES (1, -12.345, 'r'), (2, '7.125', 'r'), (3, 5, 'r')");
      assertThat(f.value("SELECT amount FROM t WHERE id = 1")).isEqualTo(new BigDecimal("-12.35"));
      assertThat(f.value("SELECT amount FROM t WHERE id = 2")).isEqualTo(new BigDecimal("7.13"));
      assertThat(f.value("SELECT amount FROM t WHERE id = 3")).isEqualTo(new BigDecimal("5.00"));
    }

    @Test
    void decimalThatDoesNotFitItsPrecisionIsANumericFieldOverflow() {
      createT();
      for (String v : List.of("123456789.999", "99999999.995")) {
        f.fails("INSERT INTO t (id, amount, req) VALUES (4, " + v + ", 'r')", "22003", e -> {
          assertThat(e.getMessage()).isEqualTo("numeric field overflow");
          assertThat(e.detail()).isEqualTo(
              "A field with precision 10, scale 2 must round to an absolute value less than 10^8.");
        });
      }
      assertThat(f.rows("SELECT id FROM t")).isEmpty();
    }

    @Test
    void aStringThatIsNotABigintIsInvalidInput() {
      createT();
      f.fails("INSERT INTO t (id, n, req) VALUES (6, 'abc', 'r')", "22P02",
          e -> assertThat(e.getMessage()).isEqualTo("invalid input syntax for type bigint: \"abc\""));
    }

    @Test
    void aQuotedIntegerTooBigForBigintIsOutOfRangeNotInvalid() {
      createT();
      f.fails("INSERT INTO t (id, n, req) VALUES (6, '12345678901234567890', 'r')", "22003",
          e -> assertThat(e.getMessage()).isEqualTo("value \"12345678901234567890\" is out of range for type bigint"));
    }

    @Test
    void aValueOfTheWrongTypeIsADatatypeMismatch() {
      createT();
      f.fails("INSERT INTO t (id, n, req) VALUES (6, TRUE, 'r')", "42804",
          e -> assertThat(e.getMessage()).isEqualTo("column \"n\" is of type bigint but expression is of type boolean"));
    }

    @Test
    void nullIntoANotNullColumnIs23502() {
      f.run("CREATE TABLE nn (a BIGINT NOT NULL, b VARCHAR)");
      f.fails("INSERT INTO nn VALUES (NULL, 'x')", "23502", e -> assertThat(e.getMessage())
          .isEqualTo("null value in column \"a\" of relation \"nn\" violates not-null constraint"));
      createT();
      f.fails("INSERT INTO t (id, name) VALUES (5, 'x')", "23502", e -> assertThat(e.getMessage())
          .as("an omitted NOT NULL column without default is NULL too")
          .isEqualTo("null value in column \"req\" of relation \"t\" violates not-null constraint"));
    }

    @Test
    void aDuplicatePrimaryKeyIs23505WithPostgresTextAndDetail() {
      createT();
      f.run("INSERT INTO t (id, req) VALUES (1, 'first')");
      f.fails("INSERT INTO t (id, req) VALUES (1, 'dup')", "23505", e -> {
        assertThat(e.getMessage()).isEqualTo("duplicate key value violates unique constraint \"t_pkey\"");
        assertThat(e.detail()).isEqualTo("Key (id)=(1) already exists.");
      });
      assertThat(f.value("SELECT req FROM t WHERE id = 1")).isEqualTo("first");
    }

    @Test
    void aDuplicateSnapshotIdIsTheErrorDuckLakeRetriesOn() {
      f.run(io.rocklake.catalog.DuckLakeRelations.ALL.stream().filter(r -> r.name().equals("ducklake_snapshot"))
          .findFirst().orElseThrow().createTableSql());
      f.run("INSERT INTO \"public\".ducklake_snapshot VALUES (2, NOW(), 1, 2, 1)");
      f.fails("INSERT INTO \"public\".ducklake_snapshot VALUES (2, NOW(), 1, 3, 1)", "23505", e -> {
        assertThat(e.getMessage()).isEqualTo("duplicate key value violates unique constraint \"ducklake_snapshot_pkey\"");
        assertThat(e.detail()).isEqualTo("Key (snapshot_id)=(2) already exists.");
      });
    }

    @Test
    void aPrimaryKeyOfARunTimeTableHoldsAcrossSessionsAndCommits() {
      createT();
      try (EngineSession a = f.engine.openSession("a", ""); EngineSession b = f.engine.openSession("b", "")) {
        EngineFixture.run(a, "BEGIN");
        EngineFixture.run(b, "BEGIN");
        EngineFixture.run(a, "INSERT INTO t (id, req) VALUES (7, 'a')");
        EngineFixture.run(b, "INSERT INTO t (id, req) VALUES (7, 'b')");
        EngineFixture.run(a, "COMMIT");
        try {
          EngineFixture.run(b, "COMMIT");
          throw new AssertionError("the second committer of key 7 must fail");
        } catch (EngineException e) {
          assertThat(e.sqlState()).isEqualTo("23505");
          assertThat(e.getMessage()).isEqualTo("duplicate key value violates unique constraint \"t_pkey\"");
        }
      }
      assertThat(f.value("SELECT req FROM t WHERE id = 7")).isEqualTo("a");
    }

    @Test
    void twoPrimaryKeyColumnsAreRefusedAsInPostgres() {
      f.fails("CREATE TABLE two (a BIGINT PRIMARY KEY, b BIGINT PRIMARY KEY)", "42P16",
          e -> assertThat(e.getMessage()).isEqualTo("multiple primary keys for table \"two\" are not allowed"));
    }

    @Test
    void aDuplicateWithinOneStatementInsertsNothing() {
      createT();
      f.fails("INSERT INTO t (id, req) VALUES (1, 'a'), (1, 'b')", "23505", e -> {});
      assertThat(f.rows("SELECT id FROM t")).as("the statement's own first row is gone too").isEmpty();
    }

    @Test
    void namingErrors() {
      createT();
      f.fails("INSERT INTO t (id, req, nosuch) VALUES (1, 'a', 1)", "42703",
          e -> assertThat(e.getMessage()).isEqualTo("column \"nosuch\" of relation \"t\" does not exist"));
      f.fails("INSERT INTO nosuch VALUES (1)", "42P01",
          e -> assertThat(e.getMessage()).isEqualTo("relation \"nosuch\" does not exist"));
      f.fails("INSERT INTO t (id, req) VALUES (1, 'a', 3)", "42601",
          e -> assertThat(e.getMessage()).isEqualTo("INSERT has more expressions than target columns"));
    }
  }

  @Nested
  class Update {
    @Test
    void theTagCountsTheRowsUpdated() {
      f.run("CREATE TABLE s (id BIGINT, v BIGINT)");
      f.run("INSERT INTO s VALUES (1, 0), (2, 0), (3, 0)");
      assertThat(f.tag("UPDATE s SET v = v + 1 WHERE id >= 2")).isEqualTo("UPDATE 2");
      assertThat(f.tag("UPDATE s SET v = 0 WHERE id = 99")).isEqualTo("UPDATE 0");
      assertThat(f.tag("UPDATE s SET v = v * 10")).isEqualTo("UPDATE 3");
      assertThat(values("SELECT id, v FROM s")).containsExactlyInAnyOrder("1=0", "2=10", "3=10");
    }

    @Test
    void aNullConditionUpdatesNothing() {
      f.run("CREATE TABLE s (id BIGINT, v BIGINT)");
      f.run("INSERT INTO s VALUES (1, NULL), (2, 5)");
      assertThat(f.tag("UPDATE s SET v = 0 WHERE v <> 5")).as("NULL <> 5 is unknown, not true").isEqualTo("UPDATE 0");
    }

    @Test
    void setListsAreEvaluatedAgainstTheOldRow() {
      f.run("CREATE TABLE s (a BIGINT, b BIGINT)");
      f.run("INSERT INTO s VALUES (1, 2)");
      f.run("UPDATE s SET a = b, b = a");
      assertThat(values("SELECT a, b FROM s")).containsExactly("2=1");
    }

    @Test
    void fromAWithValuesListUpdatesEachTargetRowAtMostOnce() {
      f.run("CREATE TABLE s (id BIGINT, v BIGINT)");
      f.run("INSERT INTO s VALUES (1, 0), (2, 0), (3, 0)");
      assertThat(f.tag("WITH nv(k, x) AS (VALUES (1, 10), (1, 20), (2, 30))"
          + " UPDATE s SET v = nv.x FROM nv WHERE s.id = nv.k")).isEqualTo("UPDATE 2");
      List<String> rows = values("SELECT id, v FROM s");
      assertThat(rows).contains("2=30", "3=0").hasSize(3);
      assertThat(rows).as("which match wins is unspecified in PostgreSQL, but only one does")
          .containsAnyOf("1=10", "1=20");
    }

    @Test
    void fromWithDuckLakesShapeOfStatsUpdate() {
      // The shape DuckLake sends to merge column statistics (captured in 01_basic).
      f.run("CREATE TABLE stats (table_id BIGINT, column_id BIGINT, contains_null BOOLEAN, min_value VARCHAR)");
      f.run("INSERT INTO stats VALUES (1, 1, false, '1'), (1, 2, NULL, 'b'), (2, 1, true, 'z')");
      assertThat(f.tag("WITH new_values(tid, cid, new_contains_null, new_min) AS (VALUES (1, 1, true, '0'),"
          + " (1, 2, false, 'a')) UPDATE stats SET contains_null = CAST(new_contains_null AS BOOLEAN),"
          + " min_value = new_min FROM new_values WHERE table_id = tid AND column_id = cid")).isEqualTo("UPDATE 2");
      assertThat(f.rows("SELECT table_id, column_id, contains_null, min_value FROM stats"))
          .extracting(r -> r[0] + "/" + r[1] + "/" + r[2] + "/" + r[3])
          .containsExactlyInAnyOrder("1/1/true/0", "1/2/false/a", "2/1/true/z");
    }

    @Test
    void anUnknownColumnInTheConditionIs42703() {
      f.run("CREATE TABLE s (id BIGINT, v BIGINT)");
      f.run("INSERT INTO s VALUES (1, 0)");
      f.fails("UPDATE s SET v = 1 WHERE nosuch = 2", "42703",
          e -> assertThat(e.getMessage()).isEqualTo("column \"nosuch\" does not exist"));
    }
  }

  @Nested
  class Delete {
    @Test
    void byTheCtidsASelectReturned() {
      f.run("CREATE TABLE s (id BIGINT, v VARCHAR)");
      f.run("INSERT INTO s VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd')");
      List<String> doomed = new ArrayList<>();
      for (Object[] r : f.rows("SELECT ctid, id FROM s")) {
        assertThat(r[0]).isInstanceOf(Tid.class);
        if ((Long) r[1] % 2 == 0) {
          Tid t = (Tid) r[0];
          doomed.add("'(" + t.block() + "," + t.offset() + ")'");
        }
      }
      assertThat(doomed).hasSize(2);
      assertThat(f.tag("DELETE FROM s WHERE ctid IN (" + String.join(", ", doomed) + ")")).isEqualTo("DELETE 2");
      assertThat(f.rows("SELECT id FROM s")).extracting(r -> r[0]).containsExactlyInAnyOrder(1L, 3L);
    }

    @Test
    void aCtidStaysTheRowsWhenOtherRowsGo() {
      f.run("CREATE TABLE s (id BIGINT)");
      f.run("INSERT INTO s VALUES (1), (2), (3)");
      Object ctidOf3 = f.value("SELECT ctid FROM s WHERE id = 3");
      f.run("DELETE FROM s WHERE id = 1");
      assertThat(f.tag("DELETE FROM s WHERE ctid = '" + ctidOf3 + "'")).isEqualTo("DELETE 1");
      assertThat(f.rows("SELECT id FROM s")).extracting(r -> r[0]).containsExactly(2L);
    }

    @Test
    void aCtidOfNoRowDeletesNothing() {
      f.run("CREATE TABLE s (id BIGINT)");
      f.run("INSERT INTO s VALUES (1)");
      assertThat(f.tag("DELETE FROM s WHERE ctid IN ('(4000,7)')")).isEqualTo("DELETE 0");
      f.fails("DELETE FROM s WHERE ctid = 'junk'", "22P02",
          e -> assertThat(e.getMessage()).isEqualTo("invalid input syntax for type tid: \"junk\""));
    }

    @Test
    void byAConditionCountsRows() {
      f.run("CREATE TABLE s (id BIGINT)");
      f.run("INSERT INTO s VALUES (1), (2), (NULL)");
      assertThat(f.tag("DELETE FROM s WHERE id NOT IN (1, NULL)")).as("never true").isEqualTo("DELETE 0");
      assertThat(f.tag("DELETE FROM s WHERE id IS NULL OR id = 2")).isEqualTo("DELETE 2");
      assertThat(f.tag("DELETE FROM s")).isEqualTo("DELETE 1");
    }
  }

  @Nested
  class Ddl {
    @Test
    void createTableIfNotExistsTwiceKeepsTheFirst() {
      assertThat(f.tag("CREATE TABLE IF NOT EXISTS k (a BIGINT)")).isEqualTo("CREATE TABLE");
      assertThat(f.tag("CREATE TABLE IF NOT EXISTS k (x VARCHAR, y VARCHAR)")).isEqualTo("CREATE TABLE");
      f.run("INSERT INTO k VALUES (1)");
      assertThat(f.rows("SELECT * FROM k")).extracting(r -> r.length).containsExactly(1);
      f.fails("CREATE TABLE k (a BIGINT)", "42P07",
          e -> assertThat(e.getMessage()).isEqualTo("relation \"k\" already exists"));
    }

    @Test
    void dropTableIfExistsOfAMissingTableSucceeds() {
      assertThat(f.tag("DROP TABLE IF EXISTS nosuch")).isEqualTo("DROP TABLE");
      f.fails("DROP TABLE nosuch", "42P01", e -> assertThat(e.getMessage()).isEqualTo("table \"nosuch\" does not exist"));
      f.run("CREATE TABLE gone (a BIGINT)");
      assertThat(f.tag("DROP TABLE gone")).isEqualTo("DROP TABLE");
      f.fails("SELECT * FROM gone", "42P01", e -> {});
    }

    @Test
    void aTempTableOnCommitDropVanishesAtCommit() {
      f.run("BEGIN");
      assertThat(f.tag("CREATE LOCAL TEMPORARY TABLE tmp (a BIGINT) ON COMMIT DROP")).isEqualTo("CREATE TABLE");
      f.run("INSERT INTO tmp VALUES (1), (2)");
      assertThat(f.rows("SELECT a FROM tmp")).hasSize(2);
      try (EngineSession other = f.engine.openSession("other", "")) {
        assertThatFails(other, "SELECT a FROM tmp", "42P01");
      }
      assertThat(f.tag("COMMIT")).isEqualTo("COMMIT");
      f.fails("SELECT a FROM tmp", "42P01",
          e -> assertThat(e.getMessage()).isEqualTo("relation \"tmp\" does not exist"));
    }
  }

  @Nested
  class Transactions {
    @Test
    void aReadOnlyTransactionRefusesWritesWith25006() {
      createT();
      f.run("BEGIN READ ONLY");
      f.fails("INSERT INTO t (id, req) VALUES (9, 'r')", "25006",
          e -> assertThat(e.getMessage()).isEqualTo("cannot execute INSERT in a read-only transaction"));
      assertThat(f.tag("ROLLBACK")).isEqualTo("ROLLBACK");
      for (String[] write : new String[][] {
          {"UPDATE t SET name = 'x'", "UPDATE"},
          {"DELETE FROM t", "DELETE"},
          {"CREATE TABLE ro (a BIGINT)", "CREATE TABLE"},
          {"DROP TABLE t", "DROP TABLE"}}) {
        f.run("BEGIN TRANSACTION READ ONLY");
        f.fails(write[0], "25006", e -> assertThat(e.getMessage())
            .isEqualTo("cannot execute " + write[1] + " in a read-only transaction"));
        f.run("ROLLBACK");
      }
      f.run("BEGIN READ ONLY");
      assertThat(f.rows("SELECT id FROM t")).as("reads are fine").isEmpty();
      assertThat(f.tag("COMMIT")).isEqualTo("COMMIT");
      assertThat(f.tag("INSERT INTO t (id, req) VALUES (9, 'r')")).as("the next transaction may write")
          .isEqualTo("INSERT 0 1");
    }

    @Test
    void aFailedTransactionRefusesEverythingUntilRollback() {
      createT();
      f.run("BEGIN");
      f.run("INSERT INTO t (id, req) VALUES (1, 'kept?')");
      f.fails("INSERT INTO t (id, req) VALUES (1, 'dup')", "23505", e -> {});
      assertThat(f.session.transactionStatus()).isEqualTo('E');
      f.fails("SELECT 1", "25P02", e -> assertThat(e.getMessage())
          .isEqualTo("current transaction is aborted, commands ignored until end of transaction block"));
      f.fails("INSERT INTO t (id, req) VALUES (2, 'r')", "25P02", e -> {});
      assertThat(f.session.transactionStatus()).isEqualTo('E');
      assertThat(f.tag("ROLLBACK")).isEqualTo("ROLLBACK");
      assertThat(f.session.transactionStatus()).isEqualTo('I');
      assertThat(f.rows("SELECT id FROM t")).as("nothing of the failed block").isEmpty();
    }

    @Test
    void commitOfAFailedTransactionAnswersRollback() {
      createT();
      f.run("BEGIN");
      f.run("INSERT INTO t (id, req) VALUES (1, 'r')");
      f.fails("SELECT 1 / 0", "22012", e -> {});
      assertThat(f.tag("COMMIT")).isEqualTo("ROLLBACK");
      assertThat(f.session.transactionStatus()).isEqualTo('I');
      assertThat(f.rows("SELECT id FROM t")).isEmpty();
    }

    @Test
    void anErrorOutsideATransactionLeavesTheSessionIdle() {
      createT();
      f.fails("INSERT INTO t (id) VALUES (1)", "23502", e -> {});
      assertThat(f.session.transactionStatus()).isEqualTo('I');
      assertThat(f.tag("INSERT INTO t (id, req) VALUES (1, 'r')")).isEqualTo("INSERT 0 1");
    }

    @Test
    void writesOfAnOpenTransactionAreItsOwnUntilCommit() {
      createT();
      f.run("BEGIN");
      f.run("INSERT INTO t (id, req) VALUES (1, 'r')");
      try (EngineSession other = f.engine.openSession("other", "")) {
        assertThat(((Outcome.Rows) EngineFixture.run(other, "SELECT id FROM t")).rows()).isEmpty();
        f.run("COMMIT");
        assertThat(((Outcome.Rows) EngineFixture.run(other, "SELECT id FROM t")).rows()).hasSize(1);
      }
    }
  }

  private static void assertThatFails(EngineSession session, String sql, String sqlState) {
    try {
      EngineFixture.run(session, sql);
    } catch (EngineException e) {
      assertThat(e.sqlState()).as(sql).isEqualTo(sqlState);
      return;
    }
    throw new AssertionError("expected " + sqlState + " from " + sql);
  }

  /** Two-column rows as "a=b" strings. */
  private List<String> values(String sql) {
    return f.rows(sql).stream().map(r -> r[0] + "=" + r[1]).toList();
  }
}
