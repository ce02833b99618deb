package io.rocklake.conformance.compare;

import static io.rocklake.conformance.compare.Backend.Col;
import static io.rocklake.conformance.compare.Backend.complete;
import static io.rocklake.conformance.compare.Backend.copyData;
import static io.rocklake.conformance.compare.Backend.copyDone;
import static io.rocklake.conformance.compare.Backend.copyHeader;
import static io.rocklake.conformance.compare.Backend.copyOutResponse;
import static io.rocklake.conformance.compare.Backend.dataRow;
import static io.rocklake.conformance.compare.Backend.error;
import static io.rocklake.conformance.compare.Backend.ready;
import static io.rocklake.conformance.compare.Backend.rowDescription;
import static io.rocklake.conformance.compare.Backend.trailer;
import static io.rocklake.conformance.compare.Backend.tuple;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.wire.WireMessage;
import io.rocklake.pgwire.types.PgType;
import java.io.ByteArrayOutputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The comparator catches every kind of difference a client could notice, and tolerates exactly the
 * documented normalizations (docs/conformance.md) — each rule has a test on both sides of its line.
 */
class RunComparatorTest {
  private static final String SNAPSHOTS = "COPY (SELECT \"snapshot_id\", \"snapshot_time\" FROM "
      + "\"public\".\"ducklake_snapshot\" ) TO STDOUT (FORMAT \"binary\")";
  private static final String SNAPSHOT_DDL = "CREATE TABLE \"public\".\"ducklake_snapshot\"(\"snapshot_id\" BIGINT "
      + "PRIMARY KEY, \"snapshot_time\" TIMESTAMP WITH TIME ZONE, \"schema_version\" BIGINT)";
  private static final PgType[] SNAPSHOT_TYPES = {PgType.INT8, PgType.TIMESTAMPTZ};

  private final ScenarioState state = new ScenarioState();
  private final RunComparator comparator = new RunComparator(state);

  private Optional<Divergence> compare(String sql, List<WireMessage> expected, List<WireMessage> actual) {
    return comparator.compare(1, sql == null ? List.of() : List.of(sql), expected, actual);
  }

  private static List<WireMessage> select(String tag, WireMessage... rows) {
    List<WireMessage> out = new ArrayList<>();
    out.add(rowDescription(Col.of("id", PgType.INT8), Col.of("name", PgType.VARCHAR)));
    out.addAll(List.of(rows));
    out.add(complete(tag));
    out.add(ready('I'));
    return out;
  }

  @Nested
  class CatchesDifferences {
    @Test
    void identicalAnswersPass() {
      List<WireMessage> answer = select("SELECT 2", dataRow("1", "a"), dataRow("2", "b"));
      assertThat(compare("SELECT id, name FROM t", answer, answer)).isEmpty();
    }

    @Test
    void aChangedValue() {
      Optional<Divergence> d = compare("SELECT id, name FROM t",
          select("SELECT 2", dataRow("1", "a"), dataRow("2", "b")),
          select("SELECT 2", dataRow("1", "a"), dataRow("2", "B")));
      assertThat(d).isPresent();
      assertThat(d.get().reason()).contains("row");
      assertThat(d.get().expected()).contains("b");
      assertThat(d.get().actual()).contains("B");
    }

    @Test
    void aMissingRow() {
      Optional<Divergence> d = compare("SELECT id, name FROM t",
          select("SELECT 2", dataRow("1", "a"), dataRow("2", "b")),
          select("SELECT 1", dataRow("1", "a")));
      assertThat(d).isPresent();
      assertThat(d.get().reason()).contains("row missing");
    }

    @Test
    void aNullInsteadOfAValue() {
      assertThat(compare("SELECT id, name FROM t",
          select("SELECT 1", dataRow("1", "a")),
          select("SELECT 1", dataRow("1", null)))).isPresent();
    }

    @Test
    void anExtraMessage() {
      List<WireMessage> expected = List.of(complete("BEGIN"), ready('T'));
      List<WireMessage> actual = List.of(complete("BEGIN"), Backend.parameterStatus("x", "y"), ready('T'));
      Optional<Divergence> d = compare("BEGIN", expected, actual);
      assertThat(d).isPresent();
    }

    @Test
    void anAnswerThatEndsEarly() {
      Optional<Divergence> d = comparator.compare(1, List.of("BEGIN", "SELECT 1"),
          List.of(complete("BEGIN"), complete("COMMIT"), ready('I')), List.of(complete("BEGIN"), ready('I')));
      assertThat(d).isPresent();
    }

    @Test
    void aWrongCommandTag() {
      Optional<Divergence> d = compare("INSERT INTO t VALUES (1)",
          List.of(complete("INSERT 0 1"), ready('T')), List.of(complete("INSERT 0 2"), ready('T')));
      assertThat(d).isPresent();
      assertThat(d.get().reason()).contains("CommandComplete");
      assertThat(d.get().statement()).isEqualTo("INSERT INTO t VALUES (1)");
    }

    @Test
    void aWrongTransactionStatus() {
      assertThat(compare("BEGIN", List.of(complete("BEGIN"), ready('T')), List.of(complete("BEGIN"), ready('I'))))
          .get().extracting(Divergence::reason).asString().contains("transaction status");
    }

    @Test
    void aWrongSqlState() {
      Map<Character, String> e = errorFields("23505", "duplicate key value violates unique constraint \"ducklake_snapshot_pkey\"");
      Map<Character, String> a = errorFields("23514", "duplicate key value violates unique constraint \"ducklake_snapshot_pkey\"");
      Optional<Divergence> d = compare("INSERT", List.of(error(e), ready('E')), List.of(error(a), ready('E')));
      assertThat(d).get().extracting(Divergence::reason).asString().contains("SQLSTATE");
    }

    @Test
    void anErrorMessageWithoutTheTextClientsRelyOn() {
      Map<Character, String> e = errorFields("23505", "duplicate key value violates unique constraint \"ducklake_snapshot_pkey\"");
      Map<Character, String> a = errorFields("23505", "key already present in \"ducklake_snapshot_pkey\"");
      Optional<Divergence> d = compare("INSERT", List.of(error(e), ready('E')), List.of(error(a), ready('E')));
      assertThat(d).get().extracting(Divergence::reason).asString()
          .contains("duplicate key value violates unique constraint");
    }

    @Test
    void anErrorMessageNamingAnotherObject() {
      Map<Character, String> e = errorFields("42P01", "relation \"ducklake_metadata\" does not exist");
      Map<Character, String> a = errorFields("42P01", "relation \"ducklake_meta\" does not exist");
      assertThat(compare("SELECT", List.of(error(e), ready('I')), List.of(error(a), ready('I')))).isPresent();
    }

    @Test
    void rowsInAnotherOrderWhenTheStatementOrdersThem() {
      Optional<Divergence> d = compare("SELECT id, name FROM t ORDER BY id",
          select("SELECT 2", dataRow("1", "a"), dataRow("2", "b")),
          select("SELECT 2", dataRow("2", "b"), dataRow("1", "a")));
      assertThat(d).get().extracting(Divergence::reason).asString().contains("ordered");
    }

    @Test
    void aChangedValueInsideBinaryCopy() {
      state.schemas().observe(SNAPSHOT_DDL);
      Instant t = Instant.parse("2026-11-29T14:56:12.900942Z");
      List<WireMessage> expected = copy(tuple(SNAPSHOT_TYPES, 0L, t), tuple(SNAPSHOT_TYPES, 1L, t));
      List<WireMessage> actual = copy(tuple(SNAPSHOT_TYPES, 0L, t), tuple(SNAPSHOT_TYPES, 7L, t));
      Optional<Divergence> d = compare(SNAPSHOTS, expected, actual);
      assertThat(d).isPresent();
      assertThat(d.get().expected()).contains("1");
      assertThat(d.get().actual()).contains("7");
    }

    @Test
    void aBinaryCopyTupleSplitAcrossCopyData() {
      state.schemas().observe(SNAPSHOT_DDL);
      Instant t = Instant.parse("2026-11-29T14:56:12Z");
      byte[] tuple = tuple(SNAPSHOT_TYPES, 0L, t);
      List<WireMessage> expected = copy(tuple);
      List<WireMessage> actual = new ArrayList<>();
      actual.add(copyOutResponse(2));
      actual.add(copyData(copyHeader()));
      actual.add(copyData(java.util.Arrays.copyOf(tuple, 5)));
      actual.add(copyData(java.util.Arrays.copyOfRange(tuple, 5, tuple.length)));
      actual.add(copyData(trailer()));
      actual.add(copyDone());
      actual.add(complete("COPY 1"));
      actual.add(ready('T'));
      assertThat(compare(SNAPSHOTS, expected, actual)).get().extracting(Divergence::reason).asString()
          .contains("split across CopyData");
    }

    @Test
    void timestampsWhoseOrderIsReversed() {
      state.schemas().observe(SNAPSHOT_DDL);
      Instant t0 = Instant.parse("2026-11-29T14:56:12Z");
      Instant t1 = Instant.parse("2026-11-29T14:56:13Z");
      List<WireMessage> expected = copy(tuple(SNAPSHOT_TYPES, 0L, t0), tuple(SNAPSHOT_TYPES, 1L, t1));
      List<WireMessage> actual = copy(tuple(SNAPSHOT_TYPES, 0L, t1.plusSeconds(100)), tuple(SNAPSHOT_TYPES, 1L, t0.plusSeconds(100)));
      assertThat(compare(SNAPSHOTS, expected, actual)).get().extracting(Divergence::reason).asString()
          .contains("order");
    }

    @Test
    void oneObjectAnsweredWithTwoDifferentOids() {
      String sql = "SELECT oid, relname FROM pg_class WHERE relname = 'x' ORDER BY oid";
      List<WireMessage> first = oidRows("16384", "x");
      assertThat(compare(sql, first, oidRows("20000", "x"))).isEmpty();
      assertThat(compare(sql, first, oidRows("20001", "x"))).get().extracting(Divergence::reason).asString()
          .contains("before");
    }
  }

  @Nested
  class ToleratesTheDocumentedNormalizations {
    @Test
    void backendKeyDataAndServerVersion() {
      List<WireMessage> expected = List.of(Backend.parameterStatus("server_version", "15.20 (Debian 15.20-0+deb12u1)"),
          Backend.keyData(30369, 12345), ready('I'));
      List<WireMessage> actual = List.of(Backend.parameterStatus("server_version", "15.18"),
          Backend.keyData(1, 2), ready('I'));
      assertThat(compare(null, expected, actual)).isEmpty();
    }

    @Test
    void butNotOtherParameterStatusValues() {
      assertThat(compare(null, List.of(Backend.parameterStatus("TimeZone", "Etc/UTC"), ready('I')),
          List.of(Backend.parameterStatus("TimeZone", "Europe/Paris"), ready('I')))).isPresent();
    }

    @Test
    void theVersionString() {
      String sql = "SELECT version(), (SELECT COUNT(*) FROM pg_settings WHERE name LIKE 'rds%')";
      List<WireMessage> e = List.of(rowDescription(Col.of("version", PgType.TEXT), Col.of("count", PgType.INT8)),
          dataRow("PostgreSQL 15.20 on x86_64", "0"), complete("SELECT 1"), ready('I'));
      List<WireMessage> a = List.of(rowDescription(Col.of("version", PgType.TEXT), Col.of("count", PgType.INT8)),
          dataRow("PostgreSQL 15.18 (RockLake) on x86_64", "0"), complete("SELECT 1"), ready('I'));
      assertThat(compare(sql, e, a)).isEmpty();
      List<WireMessage> wrongCount = List.of(rowDescription(Col.of("version", PgType.TEXT), Col.of("count", PgType.INT8)),
          dataRow("PostgreSQL 15.18", "1"), complete("SELECT 1"), ready('I'));
      assertThat(compare(sql, e, wrongCount)).isPresent();
    }

    @Test
    void serverTimestampsThatKeepTheirOrder() {
      state.schemas().observe(SNAPSHOT_DDL);
      Instant t0 = Instant.parse("2026-11-29T14:56:12.900942Z");
      Instant t1 = Instant.parse("2026-11-29T14:56:13.488053Z");
      List<WireMessage> expected = copy(tuple(SNAPSHOT_TYPES, 0L, t0), tuple(SNAPSHOT_TYPES, 1L, t1));
      List<WireMessage> actual = copy(tuple(SNAPSHOT_TYPES, 1L, t1.plusSeconds(3600)), tuple(SNAPSHOT_TYPES, 0L, t0));
      assertThat(compare(SNAPSHOTS, expected, actual)).isEmpty();
      // and the same captured time must keep meeting the same target time
      List<WireMessage> again = copy(tuple(SNAPSHOT_TYPES, 1L, t1.plusSeconds(1)));
      assertThat(compare(SNAPSHOTS, copy(tuple(SNAPSHOT_TYPES, 1L, t1)), again)).isPresent();
    }

    @Test
    void butNotANullTimestamp() {
      state.schemas().observe(SNAPSHOT_DDL);
      Instant t0 = Instant.parse("2026-11-29T14:56:12Z");
      assertThat(compare(SNAPSHOTS, copy(tuple(SNAPSHOT_TYPES, 0L, t0)), copy(tuple(SNAPSHOT_TYPES, 0L, null))))
          .isPresent();
    }

    @Test
    void objectOidsRenumberedConsistently() {
      String sql = "SELECT oid, relname FROM pg_class ORDER BY oid";
      assertThat(compare(sql, oidRows("16384", "a", "16390", "b"), oidRows("900", "a", "901", "b"))).isEmpty();
      // the mapping is one-to-one: another captured OID may not reuse 900
      assertThat(compare(sql, oidRows("16391", "c"), oidRows("900", "c"))).isPresent();
    }

    @Test
    void rowOrderOfStatementsWithoutOrderBy() {
      assertThat(compare("SELECT id, name FROM t",
          select("SELECT 2", dataRow("1", "a"), dataRow("2", "b")),
          select("SELECT 2", dataRow("2", "b"), dataRow("1", "a")))).isEmpty();
    }

    @Test
    void butNotADuplicatedRowInPlaceOfAnother() {
      assertThat(compare("SELECT id, name FROM t",
          select("SELECT 2", dataRow("1", "a"), dataRow("2", "b")),
          select("SELECT 2", dataRow("1", "a"), dataRow("1", "a")))).isPresent();
    }

    @Test
    void errorTextBeyondSqlStateAndRequiredSubstrings() {
      Map<Character, String> e = errorFields("23505", "duplicate key value violates unique constraint \"ducklake_snapshot_pkey\"");
      e.put('D', "Key (snapshot_id)=(2) already exists.");
      e.put('F', "nbtinsert.c");
      Map<Character, String> a = errorFields("23505",
          "duplicate key value violates unique constraint \"ducklake_snapshot_pkey\" (commit 17 won)");
      assertThat(compare("INSERT", List.of(error(e), ready('E')), List.of(error(a), ready('E')))).isEmpty();
    }

    @Test
    void postgresOwnCatalogRowsInReflectionQueries() {
      String namespaces = "SELECT oid, nspname FROM pg_namespace ORDER BY oid";
      List<WireMessage> e = List.of(rowDescription(Col.of("oid", PgType.OID), Col.of("nspname", PgType.NAME)),
          dataRow("11", "pg_catalog"), dataRow("99", "pg_toast"), dataRow("2200", "public"),
          dataRow("13219", "information_schema"), complete("SELECT 4"), ready('T'));
      List<WireMessage> a = List.of(rowDescription(Col.of("oid", PgType.OID), Col.of("nspname", PgType.NAME)),
          dataRow("2200", "public"), complete("SELECT 1"), ready('T'));
      assertThat(compare(namespaces, e, a)).isEmpty();
      String tables = "SELECT pg_namespace.oid AS namespace_id, relname FROM pg_class JOIN pg_namespace "
          + "ON relnamespace = pg_namespace.oid ORDER BY namespace_id, relname";
      List<WireMessage> e2 = List.of(rowDescription(Col.of("namespace_id", PgType.OID), Col.of("relname", PgType.NAME)),
          dataRow("11", "pg_class"), dataRow("2200", "ducklake_metadata"), complete("SELECT 2"), ready('T'));
      List<WireMessage> a2 = List.of(rowDescription(Col.of("namespace_id", PgType.OID), Col.of("relname", PgType.NAME)),
          dataRow("2200", "ducklake_metadata"), complete("SELECT 1"), ready('T'));
      assertThat(compare(tables, e2, a2)).isEmpty();
      // a user-visible row may not go missing
      List<WireMessage> a3 = List.of(rowDescription(Col.of("namespace_id", PgType.OID), Col.of("relname", PgType.NAME)),
          complete("SELECT 0"), ready('T'));
      assertThat(compare(tables, e2, a3)).isPresent();
    }

    @Test
    void butNotATagThatDisagreesWithTheRowsSent() {
      assertThat(compare("SELECT id, name FROM t",
          select("SELECT 1", dataRow("1", "a")), select("SELECT 5", dataRow("1", "a")))).isPresent();
    }

    @Test
    void tuplesBatchedIntoOneCopyData() {
      state.schemas().observe(SNAPSHOT_DDL);
      Instant t = Instant.parse("2026-11-29T14:56:12Z");
      byte[] a = tuple(SNAPSHOT_TYPES, 0L, t);
      byte[] b = tuple(SNAPSHOT_TYPES, 1L, t);
      ByteArrayOutputStream all = new ByteArrayOutputStream();
      all.writeBytes(copyHeader());
      all.writeBytes(a);
      all.writeBytes(b);
      all.writeBytes(trailer());
      List<WireMessage> batched = List.of(copyOutResponse(2), copyData(all.toByteArray()), copyDone(),
          complete("COPY 2"), ready('T'));
      assertThat(compare(SNAPSHOTS, copy(a, b), batched)).isEmpty();
    }
  }

  private static Map<Character, String> errorFields(String sqlState, String message) {
    Map<Character, String> f = new LinkedHashMap<>();
    f.put('S', "ERROR");
    f.put('V', "ERROR");
    f.put('C', sqlState);
    f.put('M', message);
    return f;
  }

  private static List<WireMessage> oidRows(String... oidNamePairs) {
    List<WireMessage> out = new ArrayList<>();
    out.add(rowDescription(Col.of("oid", PgType.OID), Col.of("relname", PgType.NAME)));
    for (int i = 0; i < oidNamePairs.length; i += 2) {
      out.add(dataRow(oidNamePairs[i], oidNamePairs[i + 1]));
    }
    out.add(complete("SELECT " + oidNamePairs.length / 2));
    out.add(ready('I'));
    return out;
  }

  /** A COPY-out answer with one CopyData per tuple, as PostgreSQL sends it. */
  private static List<WireMessage> copy(byte[]... tuples) {
    List<WireMessage> out = new ArrayList<>();
    out.add(copyOutResponse(2));
    out.add(copyData(copyHeader()));
    for (byte[] t : tuples) {
      out.add(copyData(t));
    }
    out.add(copyData(trailer()));
    out.add(copyDone());
    out.add(complete("COPY " + tuples.length));
    out.add(ready('T'));
    return out;
  }
}
