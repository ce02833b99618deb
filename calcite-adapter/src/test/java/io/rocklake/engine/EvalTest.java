package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.catalog.ColumnType;
import io.rocklake.catalog.SqlState;
import io.rocklake.sql.parser.SqlStatementParser;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUserDefinedTypeNameSpec;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@link Eval} follows PostgreSQL 15's expression semantics. Every expected value here is what
 * PostgreSQL answers for the same expression (its documented behaviour, written down by hand), not
 * what the engine happens to compute.
 */
class EvalTest {
  private static final SqlStatementParser PARSER = new SqlStatementParser();
  private static final Instant NOW = Instant.parse("2025-06-01T12:00:00.123456Z");

  /** Typed column values, as a catalog row would give them. */
  private static final Map<String, Object> ROW = new HashMap<>();

  static {
    ROW.put("big", 5L);
    ROW.put("int4", 7);
    ROW.put("ts", Instant.parse("2025-01-01T00:00:00Z"));
    ROW.put("local_ts", java.time.LocalDateTime.parse("2026-01-02T12:30:00")); // a lake table's timestamp
    ROW.put("flag", true);
    ROW.put("bin", new byte[] {0x0a});
    ROW.put("id", UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"));
    ROW.put("txt", "hello");
    ROW.put("nothing", null);
  }

  private static final Scope SCOPE = id -> {
    String name = id.names.get(id.names.size() - 1);
    if (!ROW.containsKey(name)) {
      throw new EngineException(SqlState.UNDEFINED_COLUMN, "column \"" + name + "\" does not exist");
    }
    return ROW.get(name);
  };

  private static SqlNode expr(String sql) {
    try {
      SqlSelect select = (SqlSelect) PARSER.parseStatement("SELECT " + sql);
      return select.getSelectList().get(0);
    } catch (SqlParseException e) {
      throw new AssertionError("does not parse: " + sql, e);
    }
  }

  private static Object eval(String sql) {
    return new Eval(NOW, List.of()).value(expr(sql), SCOPE);
  }

  private static Boolean truth(String sql) {
    return new Eval(NOW, List.of()).truth(expr(sql), SCOPE);
  }

  private static void assertFails(String sql, String sqlState, String message) {
    assertThatThrownBy(() -> eval(sql)).as(sql).isInstanceOfSatisfying(EngineException.class, e -> {
      assertThat(e.sqlState()).as("SQLSTATE of %s", sql).isEqualTo(sqlState);
      if (message != null) {
        assertThat(e.getMessage()).as("message of %s", sql).isEqualTo(message);
      }
    });
  }

  @Nested
  class ThreeValuedLogic {
    @Test
    void andIsFalseIfAnyOperandIsFalseEvenWithNull() {
      assertThat(truth("NULL AND FALSE")).isFalse();
      assertThat(truth("FALSE AND NULL")).isFalse();
      assertThat(truth("NULL AND TRUE")).isNull();
      assertThat(truth("TRUE AND TRUE")).isTrue();
    }

    @Test
    void orIsTrueIfAnyOperandIsTrueEvenWithNull() {
      assertThat(truth("NULL OR TRUE")).isTrue();
      assertThat(truth("TRUE OR NULL")).isTrue();
      assertThat(truth("NULL OR FALSE")).isNull();
      assertThat(truth("FALSE OR FALSE")).isFalse();
    }

    @Test
    void notOfUnknownIsUnknown() {
      assertThat(truth("NOT (nothing = 1)")).isNull();
      assertThat(truth("NOT (big = 1)")).isTrue();
    }

    @Test
    void comparisonWithNullIsUnknownNotFalse() {
      assertThat(truth("big = NULL")).isNull();
      assertThat(truth("nothing <> 1")).isNull();
      assertThat(truth("nothing IS NULL")).isTrue();
      assertThat(truth("big IS NOT NULL")).isTrue();
      assertThat(truth("(nothing = 1) IS TRUE")).isFalse();
      assertThat(truth("(nothing = 1) IS FALSE")).isFalse();
    }

    @Test
    void inWithANullInTheListIsUnknownUnlessFound() {
      assertThat(truth("1 IN (1, NULL)")).isTrue();
      assertThat(truth("1 IN (2, NULL)")).isNull();
      assertThat(truth("1 IN (2, 3)")).isFalse();
      assertThat(truth("NULL IN (1, 2)")).isNull();
    }

    @Test
    void notInWithANullInTheListIsNeverTrue() {
      assertThat(truth("1 NOT IN (2, NULL)")).isNull();
      assertThat(truth("1 NOT IN (1, NULL)")).isFalse();
      assertThat(truth("1 NOT IN (2, 3)")).isTrue();
      assertThat(truth("NULL NOT IN (1, 2)")).isNull();
      assertThat(truth("big NOT IN (4, 6)")).isTrue();
    }

    @Test
    void betweenIsTheConjunctionOfItsTwoComparisons() {
      assertThat(truth("2 BETWEEN 1 AND NULL")).as("TRUE AND NULL").isNull();
      assertThat(truth("0 BETWEEN 1 AND NULL")).as("FALSE AND NULL").isFalse();
      assertThat(truth("NULL BETWEEN 1 AND 2")).isNull();
      assertThat(truth("big BETWEEN 5 AND 5")).isTrue();
      assertThat(truth("5 NOT BETWEEN 1 AND NULL")).as("FALSE OR NULL").isNull();
      assertThat(truth("0 NOT BETWEEN 1 AND NULL")).as("TRUE OR NULL").isTrue();
      assertThat(truth("3 NOT BETWEEN 1 AND 5")).isFalse();
    }

    @Test
    void aWhereClauseMustBeBoolean() {
      assertThatThrownBy(() -> truth("big")).isInstanceOfSatisfying(EngineException.class,
          e -> assertThat(e.sqlState()).isEqualTo("42804"));
    }
  }

  @Nested
  class UntypedLiterals {
    @Test
    void aQuotedNumberComparesAsTheNumberItMeets() {
      assertThat(truth("'1' = 1")).isTrue();
      assertThat(truth("big = '5'")).isTrue();
      assertThat(truth("'10' > big")).as("numerically, not as text").isTrue();
      assertThat(truth("int4 = ' 7 '")).as("integer input skips surrounding blanks").isTrue();
    }

    @Test
    void aQuotedStringThatIsNotANumberFailsAgainstABigint() {
      assertThatThrownBy(() -> truth("big = 'abc'")).isInstanceOfSatisfying(EngineException.class, e -> {
        assertThat(e.sqlState()).isEqualTo("22P02");
        assertThat(e.getMessage()).isEqualTo("invalid input syntax for type bigint: \"abc\"");
      });
    }

    @Test
    void aQuotedTimestampComparesAsAnInstant() {
      assertThat(truth("ts = '2025-01-01 00:00:00+00'")).isTrue();
      assertThat(truth("'2025-01-01 01:00:00+01' = ts")).as("same instant, other offset").isTrue();
      assertThat(truth("ts < '2025-01-01 00:00:00.000001+00'")).isTrue();
      assertThat(truth("ts = '2025-01-01'")).as("a date alone is midnight in the session's zone, UTC").isTrue();
    }

    @Test
    void aQuotedTimestampComparesAsATimestampWithoutTimeZone() {
      // Spark's JDBC source pushes TIMESTAMP_NTZ bounds as quoted text with a fraction of ".0".
      assertThat(truth("local_ts >= '2026-01-02 12:30:00.0'")).isTrue();
      assertThat(truth("local_ts > '2026-01-02 12:30:00'")).isFalse();
      assertThat(truth("'2026-01-02 12:30:00.000001' > local_ts")).isTrue();
      assertThat(truth("local_ts > '2026-01-02'")).as("a date alone is midnight").isTrue();
      assertThat(truth("local_ts IN ('2026-01-02 12:30:00', '2026-01-03')")).isTrue();
      assertThatThrownBy(() -> truth("local_ts = 'soon'")).isInstanceOfSatisfying(EngineException.class, e -> {
        assertThat(e.sqlState()).isEqualTo("22007");
        assertThat(e.getMessage()).isEqualTo("invalid input syntax for type timestamp: \"soon\"");
      });
    }

    @Test
    void aMalformedDatetimeLiteralIs22007AsInPostgres() {
      assertThatThrownBy(() -> truth("ts = 'soon'")).isInstanceOfSatisfying(EngineException.class, e -> {
        assertThat(e.sqlState()).isEqualTo("22007");
        assertThat(e.getMessage()).isEqualTo("invalid input syntax for type timestamp with time zone: \"soon\"");
      });
    }

    @Test
    void aQuotedBooleanTakesPostgresBooleanSpellings() {
      assertThat(truth("flag = 't'")).isTrue();
      assertThat(truth("flag = 'yes'")).isTrue();
      assertThat(truth("flag = 'on'")).isTrue();
      assertThat(truth("flag = '1'")).isTrue();
      assertThat(truth("flag = 'f'")).isFalse();
      assertThat(truth("'true' = flag")).isTrue();
    }

    @Test
    void aQuotedHexStringComparesAsBytea() {
      assertThat(truth("bin = '\\x0a'")).isTrue();
      assertThat(truth("bin = '\\x0b'")).isFalse();
      assertThat(truth("bin < '\\x0b'")).isTrue();
    }

    @Test
    void aQuotedUuidComparesAsAUuid() {
      assertThat(truth("id = 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11'")).as("upper case reads the same").isTrue();
    }

    @Test
    void twoQuotedLiteralsCompareAsText() {
      assertThat(truth("'a' < 'b'")).isTrue();
      assertThat(truth("'B' < 'a'")).as("byte order, collation C").isTrue();
      assertThat(truth("txt = 'hello'")).isTrue();
    }
  }

  @Nested
  class Numbers {
    @Test
    void integersAndDecimalsCompareByValue() {
      assertThat(truth("1 = 1.0")).isTrue();
      assertThat(truth("1.5 > 1")).isTrue();
      assertThat(truth("int4 = 7.00")).isTrue();
      assertThat(truth("big < int4")).isTrue();
    }

    @Test
    void decimalArithmeticIsExact() {
      assertThat(truth("0.1 + 0.2 = 0.3")).isTrue();
      assertThat(truth("0.1e0 + 0.2e0 = 0.3")).as("a constant with an exponent is numeric, not float8").isTrue();
    }

    @Test
    void floatsOrderNanAboveEverythingAndMinusZeroEqualToZero() {
      assertThat(truth("CAST('-0' AS DOUBLE PRECISION) = 0")).isTrue();
      assertThat(truth("CAST('NaN' AS DOUBLE PRECISION) = CAST('NaN' AS DOUBLE PRECISION)")).isTrue();
      assertThat(truth("CAST('NaN' AS DOUBLE PRECISION) > CAST('Infinity' AS DOUBLE PRECISION)")).isTrue();
      assertThat(truth("CAST('NaN' AS REAL) > 1")).isTrue();
    }

    @Test
    void integerDivisionTruncatesTowardZero() {
      assertThat(eval("7 / 2")).isEqualTo(3L);
      assertThat(eval("-7 / 2")).isEqualTo(-3L);
      assertThat((BigDecimal) eval("7.0 / 2")).isEqualByComparingTo("3.5");
    }

    @Test
    void bigintOverflowIs22003() {
      assertFails("9223372036854775807 + 1", "22003", "bigint out of range");
      assertFails("big * 9223372036854775807", "22003", "bigint out of range");
      assertFails("-9223372036854775807 - 2", "22003", "bigint out of range");
    }

    @Test
    void divisionByZeroIs22012WhateverTheType() {
      assertFails("1 / 0", "22012", "division by zero");
      assertFails("1.0 / 0", "22012", "division by zero");
      assertFails("big / 0.0", "22012", "division by zero");
      assertFails("CAST(1 AS DOUBLE PRECISION) / 0", "22012", "division by zero");
    }

    @Test
    void arithmeticWithNullIsNull() {
      assertThat(eval("big + NULL")).isNull();
      assertThat(eval("NULL / 0")).as("NULL, not a division by zero").isNull();
    }
  }

  @Nested
  class Casts {
    @Test
    void toVarchar() {
      assertThat(eval("CAST(1 AS VARCHAR)")).isEqualTo("1");
      assertThat(eval("CAST(TRUE AS VARCHAR)")).as("bool's cast to text spells the word").isEqualTo("true");
      assertThat(eval("CAST(1.50 AS VARCHAR)")).as("numeric keeps its scale").isEqualTo("1.50");
      assertThat(eval("CAST(id AS VARCHAR)")).isEqualTo("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11");
      assertThat(eval("CAST(NULL AS VARCHAR)")).isNull();
      assertThat(eval("CAST(nothing AS VARCHAR)")).isNull();
    }

    @Test
    void toBoolean() {
      assertThat(eval("CAST('yes' AS BOOLEAN)")).isEqualTo(true);
      assertThat(eval("CAST('f' AS BOOLEAN)")).isEqualTo(false);
      assertThat(eval("CAST(' TRUE ' AS BOOLEAN)")).as("case and surrounding blanks are ignored").isEqualTo(true);
      assertThat(eval("CAST(NULL AS BOOLEAN)")).isNull();
      assertFails("CAST('maybe' AS BOOLEAN)", "22P02", "invalid input syntax for type boolean: \"maybe\"");
    }

    @Test
    void toUuid() {
      UUID expected = UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11");
      assertThat(eval("CAST('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' AS UUID)")).isEqualTo(expected);
      assertThat(eval("CAST('{A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11}' AS UUID)")).isEqualTo(expected);
      assertThat(eval("CAST('a0eebc999c0b4ef8bb6d6bb9bd380a11' AS UUID)")).isEqualTo(expected);
      assertThat(eval("CAST(NULL AS UUID)")).isNull();
      assertFails("CAST('not-a-uuid' AS UUID)", "22P02", "invalid input syntax for type uuid: \"not-a-uuid\"");
    }

    @Test
    void toTime() {
      assertThat(eval("CAST('12:34:56.789' AS TIME)")).isEqualTo(LocalTime.of(12, 34, 56, 789_000_000));
      assertThat(eval("CAST('23:59' AS TIME)")).isEqualTo(LocalTime.of(23, 59));
      assertThat(eval("CAST(NULL AS TIME)")).isNull();
    }

    /**
     * The grammar reads INTERVAL only as Calcite's interval literal (it needs a qualifier), so the
     * type name does not parse in a cast; DuckDB never sends one. The cast itself is PostgreSQL's.
     */
    @Test
    void toInterval() {
      SqlDataTypeSpec interval = new SqlDataTypeSpec(new SqlUserDefinedTypeNameSpec("INTERVAL", SqlParserPos.ZERO),
          SqlParserPos.ZERO);
      Eval eval = new Eval(NOW, List.of());
      assertThat(eval.cast(new Unknown("1 day 02:00:00"), interval)).isEqualTo(new ColumnType.Interval(0, 1, 7_200_000_000L));
      assertThat(eval.cast(new Unknown("1 year 2 mons"), interval)).isEqualTo(new ColumnType.Interval(14, 0, 0));
      assertThat(eval.cast(new Unknown("-1 days +00:00:01.5"), interval)).isEqualTo(new ColumnType.Interval(0, -1, 1_500_000L));
      assertThat(eval.cast(null, interval)).isNull();
    }

    @Test
    void toReal() {
      assertThat(eval("CAST('1.5' AS REAL)")).isEqualTo(1.5f);
      assertThat(eval("CAST(0.1 AS REAL)")).isEqualTo(0.1f);
      assertThat(eval("CAST(NULL AS REAL)")).isNull();
    }

    @Test
    void toDoublePrecision() {
      assertThat(eval("CAST('1e3' AS DOUBLE PRECISION)")).isEqualTo(1000.0);
      assertThat(eval("CAST('NaN' AS DOUBLE PRECISION)")).isEqualTo(Double.NaN);
      assertThat(eval("CAST('-Infinity' AS DOUBLE PRECISION)")).isEqualTo(Double.NEGATIVE_INFINITY);
      assertThat(eval("CAST(big AS DOUBLE PRECISION)")).isEqualTo(5.0);
      assertThat(eval("CAST(NULL AS DOUBLE PRECISION)")).isNull();
    }

    @Test
    void toIntegerRoundsHalfAwayFromZero() {
      assertThat(((Number) eval("CAST(2.5 AS INTEGER)")).longValue()).isEqualTo(3);
      assertThat(((Number) eval("CAST(-2.5 AS INTEGER)")).longValue()).isEqualTo(-3);
      assertThat(eval("CAST('42' AS BIGINT)")).isEqualTo(42L);
    }

    @Test
    void toDecimalWithPrecisionAndScaleRoundsHalfAwayFromZero() {
      assertThat(eval("CAST(1.005 AS DECIMAL(5,2))")).isEqualTo(new BigDecimal("1.01"));
      assertThat(eval("CAST(-1.005 AS DECIMAL(5,2))")).isEqualTo(new BigDecimal("-1.01"));
      assertThat(eval("CAST('123.456' AS DECIMAL(5,2))")).isEqualTo(new BigDecimal("123.46"));
      assertThat(eval("CAST(2.5 AS DECIMAL(5))")).isEqualTo(new BigDecimal("3"));
      assertThat(eval("CAST('1e3' AS DECIMAL(6,1))")).isEqualTo(new BigDecimal("1000.0"));
      assertThat(eval("CAST(NULL AS DECIMAL(5,2))")).isNull();
    }

    @Test
    void toDecimalThatDoesNotFitIsANumericFieldOverflow() {
      for (String sql : List.of("CAST(12345.6 AS DECIMAL(5,2))", "CAST(999.995 AS DECIMAL(5,2))")) {
        assertThatThrownBy(() -> eval(sql)).as(sql).isInstanceOfSatisfying(EngineException.class, e -> {
          assertThat(e.sqlState()).isEqualTo("22003");
          assertThat(e.getMessage()).isEqualTo("numeric field overflow");
          assertThat(e.detail()).isEqualTo(
              "A field with precision 5, scale 2 must round to an absolute value less than 10^3.");
        });
      }
    }

    @Test
    void postgresInfixCastIsTheSameCast() {
      assertThat(eval("'42'::BIGINT")).isEqualTo(42L);
      assertThat(eval("'\\x0a0b'::BYTEA")).isEqualTo(new byte[] {0x0a, 0x0b});
    }
  }

  @Nested
  class Functions {
    @Test
    void concatSkipsNullsAndWritesEachArgumentsTextForm() {
      assertThat(eval("CONCAT('a', chr(65), 'b')")).isEqualTo("aAb");
      assertThat(eval("CONCAT('a', NULL, 'b')")).isEqualTo("ab");
      assertThat(eval("CONCAT(1, TRUE)")).as("bool's output form is t").isEqualTo("1t");
      assertThat(eval("CONCAT(NULL)")).as("concat is never NULL").isEqualTo("");
    }

    @Test
    void chrOfZeroIsRefusedAndOfNullIsNull() {
      assertThat(eval("chr(NULL)")).isNull();
      assertThat(eval("chr(233)")).isEqualTo("\u00e9");
      assertFails("chr(0)", "54000", "null character not permitted");
    }

    @Test
    void coalesceTakesTheFirstNonNull() {
      assertThat(eval("COALESCE(NULL, nothing, big, 9)")).isEqualTo(5L);
      assertThat(eval("COALESCE(NULL, NULL)")).isNull();
    }

    @Test
    void nowIsTheTransactionStartWhateverItIsCalled() {
      assertThat(eval("NOW()")).isEqualTo(NOW);
      assertThat(eval("CURRENT_TIMESTAMP")).isEqualTo(NOW);
      assertThat(eval("transaction_timestamp()")).isEqualTo(NOW);
    }

    @Test
    void parametersAreReadByPosition() {
      Eval withParams = new Eval(NOW, List.of(new Unknown("5"), 2L));
      assertThat(withParams.truth(expr("big = $1"), SCOPE)).isTrue();
      assertThat(withParams.value(expr("$2 + 1"), SCOPE)).isEqualTo(3L);
      assertThatThrownBy(() -> withParams.value(expr("$3"), SCOPE)).isInstanceOfSatisfying(EngineException.class,
          e -> assertThat(e.sqlState()).isEqualTo("08P01"));
    }

    @Test
    void anythingElseIsRefusedNotGuessed() {
      assertFails("upper('a')", "0A000", null);
    }
  }

  @Nested
  class InASession {
    @Test
    void nowIsTheSameForEveryStatementOfATransactionAndMovesBetweenTransactions() throws Exception {
      try (EngineFixture f = new EngineFixture()) {
        f.run("CREATE TABLE t (n BIGINT, at TIMESTAMP WITH TIME ZONE)");
        f.run("BEGIN");
        f.run("INSERT INTO t VALUES (1, NOW())");
        Thread.sleep(20);
        f.run("INSERT INTO t VALUES (2, NOW())");
        f.run("COMMIT");
        Thread.sleep(20);
        f.run("INSERT INTO t VALUES (3, NOW())");
        Instant first = (Instant) f.value("SELECT at FROM t WHERE n = 1");
        Instant second = (Instant) f.value("SELECT at FROM t WHERE n = 2");
        Instant third = (Instant) f.value("SELECT at FROM t WHERE n = 3");
        assertThat(second).as("NOW() is the transaction's start time").isEqualTo(first);
        assertThat(third).as("a later transaction starts later").isAfter(first);
      }
    }

    @Test
    void aDivisionByZeroInAQueryIs22012EveryTimeItRuns() {
      try (EngineFixture f = new EngineFixture()) {
        for (int i = 0; i < 2; i++) {
          f.fails("SELECT 1 / 0", "22012", e -> assertThat(e.getMessage()).isEqualTo("division by zero"));
        }
        f.run("CREATE TABLE t (n BIGINT)");
        f.run("INSERT INTO t VALUES (1)");
        f.fails("SELECT n / 0 FROM t", "22012", e -> assertThat(e.getMessage()).isEqualTo("division by zero"));
        f.fails("SELECT n FROM t WHERE n / 0 = 1", "22012", e -> {});
      }
    }
  }
}
