package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.sql.fingerprint.CanonicalSql;
import io.rocklake.sql.parser.SqlStatementParser;
import java.util.List;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@link LiteralParameters}: the literals a query compares with become parameters, so queries
 * differing only in them share one compiled plan; everything else (select lists, function
 * arguments, structure) stays in the plan's key. Then, through the engine, a shared plan must still
 * answer each statement with its own values.
 */
class LiteralParametersTest {
  private static final SqlStatementParser PARSER = new SqlStatementParser();

  private record Lifted(String key, List<Object> values) {}

  private static Lifted lift(String sql) {
    try {
      SqlNode copy = PARSER.parseStatement(sql);
      List<Object> values = LiteralParameters.lift(copy);
      return new Lifted(CanonicalSql.render(copy), values);
    } catch (SqlParseException e) {
      throw new AssertionError("does not parse: " + sql, e);
    }
  }

  @Nested
  class Keys {
    @Test
    void comparedLiteralsAreLiftedInOrder() {
      Lifted a = lift("SELECT table_id FROM ducklake_table WHERE table_name = 'orders' AND begin_snapshot <= 3");
      Lifted b = lift("SELECT table_id FROM ducklake_table WHERE table_name = 'lineitem' AND begin_snapshot <= 17");
      assertThat(a.key()).isEqualTo(b.key());
      assertThat(a.values()).containsExactly(new Unknown("orders"), 3L);
      assertThat(b.values()).containsExactly(new Unknown("lineitem"), 17L);
      assertThat(a.key()).doesNotContain("orders").doesNotContain("3");
    }

    @Test
    void everyComparisonOperatorAndInAndLikeLift() {
      Lifted a = lift("SELECT c.relname FROM pg_class c WHERE c.relkind IN ('r', 'v') AND c.relname LIKE 'duck%'"
          + " AND c.relnatts > 2 AND c.relnatts <> 7 AND c.relpages >= 0 AND c.relpages < 5.5");
      Lifted b = lift("SELECT c.relname FROM pg_class c WHERE c.relkind IN ('p', 'f') AND c.relname LIKE 'rds%'"
          + " AND c.relnatts > 9 AND c.relnatts <> 1 AND c.relpages >= 2 AND c.relpages < 0.5");
      assertThat(a.key()).isEqualTo(b.key());
      assertThat(a.values()).containsExactly(new Unknown("r"), new Unknown("v"), new Unknown("duck%"), 2L, 7L, 0L,
          new java.math.BigDecimal("5.5"));
    }

    @Test
    void theNumberOfInListElementsIsStructure() {
      assertThat(lift("SELECT relname FROM pg_class WHERE relkind IN ('r')").key())
          .isNotEqualTo(lift("SELECT relname FROM pg_class WHERE relkind IN ('r', 'v')").key());
    }

    @Test
    void selectListLiteralsStay() {
      Lifted one = lift("SELECT 1, 'x' AS label FROM pg_class WHERE relnatts = 2");
      Lifted two = lift("SELECT 2, 'x' AS label FROM pg_class WHERE relnatts = 2");
      assertThat(one.values()).containsExactly(2L);
      assertThat(one.key()).isNotEqualTo(two.key());
      assertThat(one.key()).contains("1").contains("'x'");
    }

    @Test
    void functionArgumentsStay() {
      Lifted a = lift("SELECT to_regclass('duckdb_secrets')");
      assertThat(a.values()).isEmpty();
      assertThat(a.key()).isNotEqualTo(lift("SELECT to_regclass('other')").key());
    }

    @Test
    void aScalarSubqueryInTheSelectListHasItsComparisonsLifted() {
      Lifted a = lift("SELECT version(), (SELECT COUNT(*) FROM pg_settings WHERE name LIKE 'rds%')");
      Lifted b = lift("SELECT version(), (SELECT COUNT(*) FROM pg_settings WHERE name LIKE 'aws%')");
      assertThat(a.values()).containsExactly(new Unknown("rds%"));
      assertThat(a.key()).isEqualTo(b.key());
    }

    @Test
    void nullsAndBooleansAreNotValuesToLift() {
      Lifted a = lift("SELECT relname FROM pg_class WHERE relhasindex = TRUE AND relname <> NULL");
      assertThat(a.values()).isEmpty();
      assertThat(a.key()).isNotEqualTo(lift("SELECT relname FROM pg_class WHERE relhasindex = FALSE AND relname <> NULL").key());
    }

    @Test
    void structureChangesTheKey() {
      String base = "SELECT table_id FROM ducklake_table WHERE table_name = 'orders'";
      assertThat(lift(base).key())
          .isNotEqualTo(lift(base.replace("SELECT table_id", "SELECT schema_id")).key())
          .isNotEqualTo(lift(base.replace("ducklake_table", "ducklake_view")).key())
          .isNotEqualTo(lift(base.replace("table_name =", "table_name <")).key())
          .isNotEqualTo(lift(base + " AND begin_snapshot <= 3").key())
          .isNotEqualTo(lift(base + " ORDER BY table_id").key());
    }

    @Test
    void aStatementWithClientParametersIsLeftAlone() {
      String sql = "SELECT table_id FROM ducklake_table WHERE table_name = $1 AND begin_snapshot <= 3";
      Lifted a = lift(sql);
      assertThat(a.values()).as("the client numbered the parameters: nothing is renumbered").isNull();
      assertThat(a.key()).contains("3");
    }
  }

  /** Through the engine: statements sharing a plan still get their own answers. */
  @Nested
  class SharedPlans {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
      f.close();
    }

    private void table() {
      f.run("CREATE TABLE t (id BIGINT, name VARCHAR, score DOUBLE PRECISION)");
      f.run("INSERT INTO t VALUES (1, 'a', 0.5), (2, 'b', 1.5), (3, 'c', 2.5), (4, 'a', NULL)");
    }

    private List<Object> ids(String sql) {
      return f.rows(sql).stream().map(r -> r[0]).toList();
    }

    @Test
    void statementsDifferingInComparedLiteralsShareOnePlanAndKeepTheirAnswers() {
      table();
      int before = f.engine.cachedPlans();
      // ORDER BY keeps these on the Calcite path (ScanPlan takes no ORDER BY).
      assertThat(ids("SELECT id FROM t WHERE name = 'a' ORDER BY id")).containsExactly(1L, 4L);
      assertThat(ids("SELECT id FROM t WHERE name = 'b' ORDER BY id")).containsExactly(2L);
      assertThat(ids("SELECT id FROM t WHERE name = 'zzz' ORDER BY id")).isEmpty();
      assertThat(f.engine.cachedPlans() - before).as("one shape, one plan").isEqualTo(1);
      assertThat(ids("SELECT id FROM t WHERE name <> 'a' ORDER BY id")).containsExactly(2L, 3L);
      assertThat(f.engine.cachedPlans() - before).as("another operator, another plan").isEqualTo(2);
    }

    @Test
    void severalLiftedValuesBindInTheirOrder() {
      table();
      assertThat(ids("SELECT id FROM t WHERE id >= 2 AND name IN ('a', 'c') AND score < 10 ORDER BY id"))
          .containsExactly(3L);
      assertThat(ids("SELECT id FROM t WHERE id >= 1 AND name IN ('b', 'a') AND score < 1 ORDER BY id"))
          .containsExactly(1L);
      assertThat(ids("SELECT id FROM t WHERE id >= 4 AND name IN ('a', 'b') AND score < 10 ORDER BY id"))
          .as("NULL < 10 is unknown").isEmpty();
    }

    @Test
    void aQuotedLiteralTakesTheTypeOfWhatItIsComparedWith() {
      table();
      assertThat(ids("SELECT id FROM t WHERE id = '3' ORDER BY id")).containsExactly(3L);
      assertThat(ids("SELECT id FROM t WHERE score > '1' ORDER BY id")).containsExactly(2L, 3L);
    }

    @Test
    void selectListLiteralsAreTheirStatementsOwn() {
      table();
      assertThat(f.rows("SELECT 1 AS k, id FROM t WHERE id = 1 ORDER BY id").get(0)[0]).isEqualTo(1);
      assertThat(f.rows("SELECT 2 AS k, id FROM t WHERE id = 1 ORDER BY id").get(0)[0]).isEqualTo(2);
    }
  }
}
