package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Timestamps computed by plans Calcite runs keep their microseconds: ordered, compared, grouped,
 * joined, picked by MIN and MAX, filtered by literals and text, moved by intervals and printed,
 * exactly as PostgreSQL answers (the expected values are PostgreSQL 15's answers to the same
 * statements). Three of the rows share one millisecond, and one lies before 1970, where rounding
 * to the millisecond goes down, not toward zero.
 */
class MicrosecondTimestampsTest {
  private EngineFixture f;
  private EngineSession calcite;

  @BeforeEach
  void table() {
    f = new EngineFixture();
    f.run("CREATE TABLE e (id BIGINT, ts TIMESTAMP WITH TIME ZONE)");
    f.run("INSERT INTO e VALUES (1, '2024-02-29 12:34:56.789012+00'), (2, '2024-02-29 12:34:56.789011+00'),"
        + " (3, '2024-02-29 12:34:56.789999+00'), (4, '1969-12-31 23:59:59.999999+00'), (5, NULL)");
    calcite = f.calciteOnlySession();
  }

  @AfterEach
  void close() {
    f.close();
  }

  private List<String> rows(String sql) {
    Outcome o = EngineFixture.run(calcite, sql);
    return ((Outcome.Rows) o).rows().stream()
        .map(r -> Arrays.stream(r).map(String::valueOf).collect(Collectors.joining("|"))).toList();
  }

  private Object value(String sql) {
    List<Object[]> rows = ((Outcome.Rows) EngineFixture.run(calcite, sql)).rows();
    assertThat(rows).as(sql).hasSize(1);
    return rows.get(0)[0];
  }

  @Test
  void anOrderByTellsApartTimestampsWithinOneMillisecond() {
    assertThat(rows("SELECT id, ts FROM e WHERE ts IS NOT NULL ORDER BY ts")).containsExactly(
        "4|1969-12-31T23:59:59.999999Z", "2|2024-02-29T12:34:56.789011Z", "1|2024-02-29T12:34:56.789012Z",
        "3|2024-02-29T12:34:56.789999Z");
  }

  @Test
  void minAndMaxAreTheExactValues() {
    assertThat(rows("SELECT min(ts), max(ts) FROM e WHERE id <= 3"))
        .containsExactly("2024-02-29T12:34:56.789011Z|2024-02-29T12:34:56.789999Z");
  }

  @Test
  void groupingAndJoiningKeepEveryMicrosecondApart() {
    assertThat(rows("SELECT count(*) FROM (SELECT ts FROM e GROUP BY ts) AS g")).containsExactly("5");
    assertThat(rows("SELECT count(*) FROM e a JOIN e b ON a.ts = b.ts")).containsExactly("4");
  }

  @Test
  void aTimestampLiteralOrTextMatchesItsOwnMicrosecondOnly() {
    assertThat(rows("SELECT id FROM e WHERE ts = TIMESTAMP '2024-02-29 12:34:56.789012' ORDER BY id")).containsExactly("1");
    assertThat(rows("SELECT id FROM e WHERE ts = '2024-02-29 12:34:56.789011+00' ORDER BY id")).containsExactly("2");
    assertThat(rows("SELECT id FROM e WHERE ts > '2024-02-29 12:34:56.789011+00' ORDER BY id")).containsExactly("1", "3");
    assertThat(rows("SELECT id FROM e WHERE ts IN ('2024-02-29 12:34:56.789999+00', '1969-12-31 23:59:59.999999+00')"
        + " ORDER BY id")).containsExactly("3", "4");
    assertThat(rows("SELECT id FROM e WHERE ts BETWEEN '2024-02-29 12:34:56.789012+00' AND '2024-02-29 12:34:56.789999+00'"
        + " ORDER BY id")).containsExactly("1", "3");
  }

  @Test
  void aConstantTimestampIsNotFoldedToTheMillisecondWhilePlanning() {
    assertThat(rows("SELECT id FROM e WHERE ts = CAST('2024-02-29 12:34:56.789011+00' AS TIMESTAMP WITH TIME ZONE)"))
        .containsExactly("2");
    assertThat(rows("SELECT id FROM e WHERE ts = CAST('2024-02-29 12:34:56.789012+00' AS TIMESTAMPTZ) + INTERVAL '0' SECOND"))
        .containsExactly("1");
    assertThat(rows("SELECT id FROM e WHERE ts = TIMESTAMP '2024-02-29 12:34:56.789'")).isEmpty();
    assertThat(rows("SELECT t FROM (VALUES (CAST('2024-02-29 12:34:56.789012+00' AS TIMESTAMP WITH TIME ZONE)),"
        + " (CAST('1969-12-31 23:59:59.999999+00' AS TIMESTAMP WITH TIME ZONE))) AS v(t) ORDER BY t"))
        .containsExactly("1969-12-31T23:59:59.999999Z", "2024-02-29T12:34:56.789012Z");
  }

  @Test
  void aLiteralAloneIsAnsweredToTheMicrosecond() {
    assertThat(value("SELECT TIMESTAMP '2024-02-29 12:34:56.789012'").toString()).startsWith("2024-02-29T12:34:56.789012");
  }

  @Test
  void intervalArithmeticKeepsTheMicrosecondsBelowTheMillisecond() {
    assertThat(rows("SELECT ts + INTERVAL '1' DAY, ts - INTERVAL '1' MONTH FROM e WHERE id IN (1, 4) ORDER BY id"))
        .containsExactly("2024-03-01T12:34:56.789012Z|2024-01-29T12:34:56.789012Z",
            "1970-01-01T23:59:59.999999Z|1969-11-30T23:59:59.999999Z");
  }

  @Test
  void aCastToTextPrintsAllSixDigits() {
    assertThat(rows("SELECT CAST(ts AS VARCHAR) FROM e WHERE id IN (1, 4) ORDER BY id"))
        .containsExactly("2024-02-29 12:34:56.789012+00", "1969-12-31 23:59:59.999999+00");
  }

  @Test
  void functionsThatReadTheUnitGetTheRightDayAndYear() {
    assertThat(rows("SELECT CAST(ts AS DATE), EXTRACT(YEAR FROM ts) FROM e WHERE id IN (1, 4) ORDER BY id"))
        .containsExactly("2024-02-29|2024", "1969-12-31|1969");
    assertThat(value("SELECT CAST(CAST('2024-02-29' AS DATE) AS TIMESTAMP)").toString()).startsWith("2024-02-29T00:00");
  }

  @Test
  void castsToTimestampsAreNamedTypedAndValuedAsPostgresDoesThem() {
    Outcome.Rows o = (Outcome.Rows) EngineFixture.run(calcite, "SELECT CAST('2024-02-29 12:34:56.789011+00' AS TIMESTAMP"
        + " WITH TIME ZONE), CAST('2024-02-29 12:34:56.789011' AS TIMESTAMP), ts::timestamptz, ts::timestamp FROM e"
        + " WHERE id = 1");
    assertThat(o.fields()).extracting(Field::name).containsExactly("timestamptz", "timestamp", "ts", "ts");
    assertThat(o.fields()).extracting(Field::type).containsExactly(io.rocklake.pgwire.types.PgType.TIMESTAMPTZ,
        io.rocklake.pgwire.types.PgType.TIMESTAMP, io.rocklake.pgwire.types.PgType.TIMESTAMPTZ,
        io.rocklake.pgwire.types.PgType.TIMESTAMP);
    assertThat(Arrays.stream(o.rows().get(0)).map(String::valueOf)).containsExactly("2024-02-29T12:34:56.789011Z",
        "2024-02-29T12:34:56.789011", "2024-02-29T12:34:56.789012Z", "2024-02-29T12:34:56.789012");
    // A qualified type name (psql casts to pg_catalog.regclass) is no timestamp, and names the column.
    Outcome.Rows qualified = (Outcome.Rows) EngineFixture.run(calcite, "SELECT CAST('7' AS pg_catalog.int8)");
    assertThat(qualified.fields()).extracting(Field::name).containsExactly("int8");
    assertThat(qualified.rows().get(0)[0]).isEqualTo(7L);
  }

  @Test
  void nowIsTheTransactionsStartInMicroseconds() {
    Instant before = Instant.now().minusSeconds(5);
    Object now = value("SELECT now()");
    assertThat(now).isInstanceOf(Instant.class);
    assertThat((Instant) now).isAfter(before).isBefore(Instant.now().plusSeconds(5));
    assertThat(value("SELECT CAST(now() AS DATE)")).isEqualTo(LocalDate.now(java.time.ZoneOffset.UTC));
  }
}
