package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.ColumnType;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.pgwire.types.PgType;
import io.rocklake.sql.ast.SqlCopyTo;
import io.rocklake.sql.ast.SqlPgCreateTable;
import io.rocklake.sql.corpus.ConformanceCorpus;
import io.rocklake.sql.fingerprint.CanonicalSql;
import io.rocklake.sql.parser.SqlStatementParser;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.junit.jupiter.api.Test;

/**
 * The differential check between the engine's two read paths. Every single-relation scan can be
 * run directly ({@link ScanPlan}, the path DuckDB's pushed-down {@code COPY (SELECT ...) TO STDOUT}
 * takes) or compiled by Calcite ({@link CalcitePlanner}); both must describe the same fields (name,
 * type, modifier, table OID, attribute number) and return the same rows, down to the bytes the
 * wire would carry. Any difference is a bug in one of them.
 *
 * <p>The statements are every COPY-out DuckDB sent in the conformance captures, run against a
 * catalog holding all 28 DuckLake tables (and the scenario's inlined-data tables, created with
 * DuckDB's own statements) filled with varied rows over several commits: NULLs, quotes,
 * non-ASCII text, extreme numbers, NaN and infinities, updated and deleted rows.
 *
 * <p>Three limitations of the Calcite path are known and allowed for, explicitly: its relations have
 * no {@code ctid} (scans reading one are compared without it), its times of day are milliseconds
 * (the direct path's are truncated before comparing; timestamps are compared to the microsecond), and it describes the columns of a
 * derived table ({@code SELECT a FROM (SELECT a FROM t) AS x}) without their origin, where
 * PostgreSQL and the direct path give t's OID and a's attribute number (such fields are compared
 * without table OID and attribute number). All three are in the report of this test.
 */
class ScanVersusCalciteTest {
  private static final SqlStatementParser PARSER = new SqlStatementParser();
  private static final int ROWS_PER_RELATION = 14;

  @Test
  void everyCopyScanDuckDbSentAnswersTheSameOnBothPaths() {
    Map<String, Set<String>> copies = new LinkedHashMap<>();
    Map<String, Set<String>> inlinedTables = new LinkedHashMap<>();
    for (ConformanceCorpus.SqlText text : ConformanceCorpus.sqlTexts()) {
      for (SqlNode statement : parseAll(text.sql())) {
        if (statement instanceof SqlCopyTo) {
          // Canonical text: the same scan sent twice (or spelled with other whitespace) counts once.
          copies.computeIfAbsent(text.scenario(), s -> new LinkedHashSet<>()).add(CanonicalSql.render(statement));
        } else if (statement instanceof SqlPgCreateTable create && create.name().names
            .get(create.name().names.size() - 1).matches("ducklake_inlined_(data|delete)_\\d+(_\\d+)?")) {
          inlinedTables.computeIfAbsent(text.scenario(), s -> new LinkedHashSet<>())
              .add(CanonicalSql.render(statement));
        }
      }
    }
    assertThat(copies).as("COPY statements in the captures").isNotEmpty();

    ctidStripped = 0;
    truncated = 0;
    List<String> differences = new ArrayList<>();
    Set<String> notScans = new LinkedHashSet<>();
    Set<String> distinctTexts = new LinkedHashSet<>();
    int compared = 0;
    for (Map.Entry<String, Set<String>> scenario : copies.entrySet()) {
      try (EngineFixture f = new EngineFixture()) {
        List<String> ddl = new ArrayList<>();
        DuckLakeRelations.ALL.forEach(r -> ddl.add(r.createTableSql()));
        ddl.addAll(inlinedTables.getOrDefault(scenario.getKey(), Set.of()));
        populate(f, ddl);
        for (String copy : scenario.getValue()) {
          SqlNode select = ((SqlCopyTo) parseAll(copy).get(0)).query();
          if (!isScan(f, select)) {
            notScans.add(copy); // a derived table: Calcite's alone, nothing to compare it with
            continue;
          }
          String difference = compare(f, select);
          if (difference != null) {
            differences.add(scenario.getKey() + ": " + copy + "\n" + difference);
          }
          distinctTexts.add(copy);
          compared++;
        }
      }
    }
    System.out.printf("ScanVersusCalciteTest: %d distinct COPY scans compared (%d scenario/statement pairs, %d of"
        + " them without their ctid columns, %d sub-millisecond times truncated); %d COPY queries are not"
        + " single-relation scans%n", distinctTexts.size(), compared, ctidStripped, truncated, notScans.size());
    assertThat(notScans).as("COPY queries ScanPlan leaves to Calcite: only DuckDB's derived tables")
        .allMatch(sql -> sql.contains("AS \"__unnamed_subquery\""));
    assertThat(distinctTexts.size()).as("distinct statements compared").isGreaterThan(300);
    assertThat(differences).as("statements whose two paths differ").isEmpty();
  }

  /**
   * The same check over a run-time table with a column of every catalog type, with the filters,
   * projections and limits a scan may carry, including untyped literals meeting each type.
   */
  @Test
  void scansOfEveryColumnTypeAnswerTheSameOnBothPaths() {
    List<String> selects = List.of(
        "SELECT * FROM everything",
        "SELECT ctid, id FROM everything",
        "SELECT NULL FROM everything",
        "SELECT NULL AS nothing, b AS renamed FROM everything",
        // ts and tm as text carry microseconds only on the direct path: see castsToTextAreSpelledAsPostgresSpellsThem
        "SELECT id::VARCHAR, b::VARCHAR, u::VARCHAR, d::VARCHAR, bin::VARCHAR, ctid::VARCHAR FROM everything",
        "SELECT CAST(i AS VARCHAR), CAST(f4 AS VARCHAR), CAST(f8 AS VARCHAR), CAST(t AS VARCHAR) FROM everything",
        "SELECT id FROM everything WHERE id = '3'",
        "SELECT id FROM everything WHERE id >= 3 AND id < '9'",
        "SELECT id FROM everything WHERE id > 100",
        "SELECT id FROM everything WHERE id IN (1, 4, NULL)",
        "SELECT id FROM everything WHERE id NOT IN (1, 4, NULL)",
        "SELECT id FROM everything WHERE id NOT IN (1, 4)",
        "SELECT id FROM everything WHERE i = 7 OR s = -1",
        "SELECT id FROM everything WHERE i BETWEEN -5 AND 50",
        "SELECT id FROM everything WHERE v = 'it''s'",
        "SELECT id FROM everything WHERE v > 'm' AND v IS NOT NULL",
        "SELECT id FROM everything WHERE v = 'orders' COLLATE \"C\"",
        "SELECT id FROM everything WHERE b = 't'",
        "SELECT id FROM everything WHERE b",
        "SELECT id FROM everything WHERE NOT b",
        "SELECT id FROM everything WHERE b IS TRUE",
        "SELECT id FROM everything WHERE ts > '2025-01-03 00:00:00+00'",
        "SELECT id FROM everything WHERE ts <= '2025-01-05'",
        "SELECT id FROM everything WHERE u = '00000000-0000-0000-0000-000000000001'",
        "SELECT id FROM everything WHERE f4 > 1",
        "SELECT id FROM everything WHERE f4 = 0",
        "SELECT id FROM everything WHERE f8 = 'NaN'",
        "SELECT id FROM everything WHERE f8 >= 'Infinity'",
        "SELECT id FROM everything WHERE f8 < f4",
        "SELECT id FROM everything WHERE f8 < 0.5",
        "SELECT id FROM everything WHERE d = 12.5",
        "SELECT id FROM everything WHERE d > '0'",
        "SELECT id FROM everything WHERE bin = '\\x00ff'",
        "SELECT id FROM everything WHERE tm < '12:00'",
        "SELECT id FROM everything WHERE dt = '2025-01-02'",
        "SELECT id FROM everything WHERE v IS NULL OR i IS NULL",
        "SELECT id, v FROM everything LIMIT 3",
        "SELECT id, v FROM everything LIMIT 3 OFFSET 2",
        "SELECT id FROM everything WHERE i > 0 LIMIT 2");
    List<String> differences = new ArrayList<>();
    try (EngineFixture f = new EngineFixture()) {
      // Through the catalog: the grammar has no INTERVAL column type (Calcite's INTERVAL needs a qualifier).
      CatalogTransaction create = f.catalog.begin();
      create.createRelation(null, "everything", List.of(new ColumnDef("id", ColumnType.BIGINT, true, null),
          col("i", ColumnType.INTEGER), col("s", ColumnType.SMALLINT), col("v", ColumnType.VARCHAR),
          col("t", ColumnType.TEXT), col("b", ColumnType.BOOLEAN), col("ts", ColumnType.TIMESTAMPTZ),
          col("u", ColumnType.UUID), col("f4", ColumnType.REAL), col("f8", ColumnType.DOUBLE),
          new ColumnDef("d", ColumnType.DECIMAL, false, "(18,3)"), col("bin", ColumnType.BYTEA),
          col("tm", ColumnType.TIME), col("dt", ColumnType.DATE), col("iv", ColumnType.INTERVAL)),
          List.of("id"), RelationDef.Kind.DYNAMIC, false);
      create.commit();
      fill(f, List.of("everything"));
      for (String sql : selects) {
        String difference = compare(f, parseAll(sql).get(0));
        if (difference != null) {
          differences.add(sql + "\n" + difference);
        }
      }
    }
    assertThat(differences).as("statements whose two paths differ").isEmpty();
  }

  /**
   * Casts to text on both paths, against PostgreSQL's own spelling of the same values (written
   * down by hand). Times of day here are whole milliseconds: through Calcite they have no more (timestamps keep their microseconds).
   */
  @Test
  void castsToTextAreSpelledAsPostgresSpellsThem() {
    try (EngineFixture f = new EngineFixture()) {
      f.run("CREATE TABLE c (id BIGINT, b BOOLEAN, f4 REAL, f8 DOUBLE PRECISION, d DECIMAL(10,3), bin BYTEA,"
          + " ts TIMESTAMP WITH TIME ZONE, tm TIME)");
      f.run("INSERT INTO c VALUES (1, true, '-0', 1e-12, 0, '\\x00ff', '2025-01-04 00:00:00.369012+00', '12:07:01.57'),"
          + " (2, false, 3.4028235e38, 0.1, -0.001, '\\x', '2025-01-04 05:00:00+00', '00:00')");
      String sql = "SELECT id, b::VARCHAR, f4::VARCHAR, f8::VARCHAR, d::VARCHAR, bin::VARCHAR, ts::VARCHAR,"
          + " tm::VARCHAR FROM c";
      List<String> expected = List.of(
          "1|true|-0|1e-12|0.000|\\x00ff|2025-01-04 00:00:00.369012+00|12:07:01.57",
          "2|false|3.4028235e+38|0.1|-0.001|\\x|2025-01-04 05:00:00+00|00:00:00");
      for (boolean direct : new boolean[] {true, false}) {
        Outcome o = EngineFixture.run(direct ? f.session : f.calciteOnlySession(), sql);
        assertThat(((Outcome.Rows) o).rows()).extracting(r -> Arrays.stream(r).map(String::valueOf)
                .collect(Collectors.joining("|")))
            .as(direct ? "direct" : "calcite").containsExactlyInAnyOrderElementsOf(expected);
      }
    }
  }

  // ---- running a statement both ways ---------------------------------------------------------

  private static boolean isScan(EngineFixture f, SqlNode select) {
    CatalogTransaction tx = f.catalog.begin();
    try {
      return ScanPlan.of(select, tx) != null;
    } finally {
      tx.rollback();
    }
  }

  /** Null when both paths agree; else what differs. */
  private static String compare(EngineFixture f, SqlNode select) {
    if (!isScan(f, select)) {
      return "not a scan ScanPlan runs directly: the comparison would be Calcite against itself";
    }
    SqlNode withoutCtid = withoutCtid(select);
    if (withoutCtid != select) {
      ctidStripped++;
      select = withoutCtid;
    }
    Result direct = run(f, select, true);
    Result calcite = run(f, select, false);
    if (direct.error != null || calcite.error != null) {
      return direct.error != null && calcite.error != null && direct.error.equals(calcite.error) ? null
          : "direct: " + (direct.error != null ? direct.error : "ok") + "\ncalcite: "
              + (calcite.error != null ? calcite.error : "ok");
    }
    StringBuilder out = new StringBuilder();
    if (readsADerivedTable(select)) {
      direct = new Result(withoutOrigins(direct.fields), direct.rows, direct.error);
      calcite = new Result(withoutOrigins(calcite.fields), calcite.rows, calcite.error);
    }
    if (!direct.fields.equals(calcite.fields)) {
      out.append("fields differ\n  direct:  ").append(direct.fields).append("\n  calcite: ").append(calcite.fields)
          .append('\n');
    }
    List<String> onlyDirect = new ArrayList<>(direct.rows);
    calcite.rows.forEach(onlyDirect::remove);
    List<String> onlyCalcite = new ArrayList<>(calcite.rows);
    direct.rows.forEach(onlyCalcite::remove);
    if (!onlyDirect.isEmpty() || !onlyCalcite.isEmpty()) {
      out.append("rows differ (").append(direct.rows.size()).append(" direct, ").append(calcite.rows.size())
          .append(" calcite)\n  only direct:  ").append(onlyDirect.stream().limit(3).toList())
          .append("\n  only calcite: ").append(onlyCalcite.stream().limit(3).toList()).append('\n');
    } else if (isLimited(select) && !direct.rows.equals(calcite.rows)) {
      out.append("rows in another order under LIMIT/OFFSET\n  direct:  ").append(direct.rows)
          .append("\n  calcite: ").append(calcite.rows).append('\n');
    }
    return out.length() == 0 ? null : out.toString();
  }

  /**
   * Known limitation 1: Calcite's relations have no {@code ctid} (ScanPlan serves every scan that
   * reads one, which is how DuckDB reads them). Such a scan is compared without its ctid columns;
   * ctids themselves are specified in {@link WritesTest}.
   */
  private static SqlNode withoutCtid(SqlNode select) {
    SqlSelect s = innerSelect(select);
    List<SqlNode> kept = new ArrayList<>();
    for (SqlNode item : s.getSelectList()) {
      SqlNode e = item.getKind() == SqlKind.AS ? ((SqlCall) item).operand(0)
          : item;
      if (e.getKind() == SqlKind.CAST) {
        e = ((SqlCall) e).operand(0);
      }
      if (!(e instanceof SqlIdentifier id && id.names.get(id.names.size() - 1).equals("ctid"))) {
        kept.add(item);
      }
    }
    if (kept.size() == s.getSelectList().size()) {
      return select;
    }
    SqlNode copy = parseAll(CanonicalSql.render(select)).get(0);
    innerSelect(copy).setSelectList(new SqlNodeList(kept, s.getSelectList().getParserPosition()));
    return parseAll(CanonicalSql.render(copy)).get(0);
  }

  /** Known limitation 3: Calcite gives a derived table's columns no origin (table OID 0, attribute 0). */
  private static boolean readsADerivedTable(SqlNode select) {
    SqlNode from = innerSelect(select).getFrom();
    if (from != null && from.getKind() == SqlKind.AS) {
      from = ((SqlCall) from).operand(0);
    }
    return from instanceof SqlSelect || from instanceof SqlOrderBy;
  }

  private static List<Field> withoutOrigins(List<Field> fields) {
    return fields.stream().map(f -> new Field(f.name(), f.type(), f.typmod(), 0, (short) 0)).toList();
  }

  private static SqlSelect innerSelect(SqlNode query) {
    return (SqlSelect) (query instanceof SqlOrderBy ob ? ob.query : query);
  }

  private static int ctidStripped;

  private static boolean isLimited(SqlNode select) {
    return select instanceof SqlOrderBy
        || select instanceof SqlSelect s && (s.getFetch() != null || s.getOffset() != null);
  }

  private record Result(List<Field> fields, List<String> rows, String error) {}

  private static Result run(EngineFixture f, SqlNode select, boolean direct) {
    try {
      Outcome o = (direct ? f.session : f.calciteOnlySession()).execute(select, List.of());
      Outcome.Rows rows = (Outcome.Rows) o;
      List<String> encoded = new ArrayList<>();
      for (Object[] row : rows.rows()) {
        encoded.add(wire(rows.fields(), direct ? toMillis(row) : row));
      }
      return new Result(rows.fields(), encoded, null);
    } catch (EngineException e) {
      return new Result(null, null, e.sqlState() + " " + e.getMessage());
    }
  }

  /**
   * Known limitation 2 (docs/catalog.md): Calcite keeps TIME values in milliseconds of the day, so
   * through it a time loses its microseconds (timestamps keep theirs: MicrosecondTimestamps). The
   * direct path's times are truncated the same way before comparing: any other difference in them
   * still shows.
   */
  private static Object[] toMillis(Object[] row) {
    Object[] out = row.clone();
    for (int i = 0; i < out.length; i++) {
      if (out[i] instanceof LocalTime t && t.getNano() % 1_000_000 != 0) {
        out[i] = t.truncatedTo(ChronoUnit.MILLIS);
        truncated++;
      }
    }
    return out;
  }

  private static int truncated;

  /** A row as the wire carries it: each value's text and binary encodings by its field's codec. */
  private static String wire(List<Field> fields, Object[] row) {
    StringBuilder sb = new StringBuilder("(");
    for (int i = 0; i < row.length; i++) {
      if (i > 0) {
        sb.append(", ");
      }
      Object v = row[i];
      if (v == null) {
        sb.append("NULL");
        continue;
      }
      PgType t = fields.get(i).type();
      try {
        sb.append(t.codec().encodeTextObject(v)).append(" [")
            .append(HexFormat.of().formatHex(t.codec().encodeBinaryObject(v))).append(']');
      } catch (RuntimeException e) {
        sb.append("!cannot encode ").append(v.getClass().getSimpleName()).append(' ').append(v).append(" as ")
            .append(t).append(": ").append(e);
      }
    }
    return sb.append(')').toString();
  }

  // ---- the catalog's contents ----------------------------------------------------------------

  /**
   * Creates the relations, then fills each over several commits: three commits of inserts, one
   * that updates every third row, one that deletes every fifth: the scans see only latest versions.
   */
  private static void populate(EngineFixture f, List<String> createStatements) {
    List<String> names = new ArrayList<>();
    for (String ddl : createStatements) {
      f.run(ddl);
      SqlPgCreateTable create = (SqlPgCreateTable) parseAll(ddl).get(0);
      names.add(create.name().names.get(create.name().names.size() - 1));
    }
    fill(f, names);
  }

  private static void fill(EngineFixture f, List<String> names) {
    CatalogTransaction look = f.catalog.begin();
    List<RelationDef> relations = new ArrayList<>();
    for (String name : names) {
      relations.add(look.requireRelation(null, name));
    }
    look.rollback();
    Random random = new Random(20250601);
    int batches = 3;
    for (int batch = 0; batch < batches; batch++) {
      CatalogTransaction tx = f.catalog.begin();
      for (RelationDef r : relations) {
        for (int row = batch; row < ROWS_PER_RELATION; row += batches) {
          tx.insert(r, row(r, row, random));
        }
      }
      tx.commit();
    }
    CatalogTransaction update = f.catalog.begin();
    for (RelationDef r : relations) {
      List<CatalogRow> rows = update.scan(r);
      for (int i = 0; i < rows.size(); i += 3) {
        Object[] changed = row(r, ROWS_PER_RELATION + i, random);
        for (int pk : r.primaryKeyIndexes()) {
          changed[pk] = rows.get(i).get(pk); // same key: an update, not a new row
        }
        update.update(r, rows.get(i), changed);
      }
    }
    update.commit();
    CatalogTransaction delete = f.catalog.begin();
    for (RelationDef r : relations) {
      List<CatalogRow> rows = delete.scan(r);
      for (int i = 1; i < rows.size(); i += 5) {
        delete.delete(r, rows.get(i));
      }
    }
    delete.commit();
  }

  private static ColumnDef col(String name, ColumnType type) {
    return new ColumnDef(name, type, false, null);
  }

  private static Object[] row(RelationDef r, int row, Random random) {
    Object[] values = new Object[r.columns().size()];
    for (int c = 0; c < values.length; c++) {
      ColumnDef col = r.columns().get(c);
      boolean key = r.primaryKey().contains(col.name());
      if (key) {
        values[c] = (long) row + 1;
      } else if (!col.notNull() && random.nextInt(6) == 0) {
        values[c] = null;
      } else {
        values[c] = value(col, row, random);
      }
    }
    return values;
  }

  private static final String[] TEXTS = {"", "plain", "it's", "say \"hi\"", "back\\slash", "ünïcödé ✓", "line\nbreak",
      "tab\there", "main", "orders", "%_like", "NULL", "\\N", "z-last", "ZZ upper", "a,b;c"};

  private static Object value(ColumnDef col, int row, Random random) {
    switch (col.type()) {
      case BIGINT: {
        int pick = random.nextInt(10);
        return pick == 0 ? Long.MAX_VALUE : pick == 1 ? -1L : pick == 2 ? 1L << 40 : (long) random.nextInt(23);
      }
      case INTEGER: {
        int pick = random.nextInt(8);
        return pick == 0 ? Integer.MIN_VALUE : pick == 1 ? Integer.MAX_VALUE : random.nextInt(60) - 10;
      }
      case SMALLINT: return (short) (random.nextInt(3) == 0 ? Short.MIN_VALUE + row : random.nextInt(20) - 2);
      case VARCHAR: case TEXT: return TEXTS[random.nextInt(TEXTS.length)];
      case BOOLEAN: return random.nextBoolean();
      case TIMESTAMPTZ: return Instant.parse("2025-01-01T00:00:00Z").plusSeconds(86_400L * random.nextInt(8))
          .plusNanos(1_000L * random.nextInt(1_000_000));
      case UUID: return random.nextInt(4) == 0 ? new UUID(0, 1)
          : UUID.nameUUIDFromBytes(("u" + random.nextInt(1000)).getBytes(StandardCharsets.UTF_8));
      case REAL: {
        float[] picks = {1.5f, -0.0f, 0.1f, Float.NaN, Float.POSITIVE_INFINITY, Float.MAX_VALUE, 1e-7f, 2f};
        return picks[random.nextInt(picks.length)];
      }
      case DOUBLE: {
        double[] picks = {0.1, -1e300, Double.NaN, Double.NEGATIVE_INFINITY, 0.30000000000000004, 2.0, 1e-12, -0.0};
        return picks[random.nextInt(picks.length)];
      }
      case DECIMAL: {
        BigDecimal[] picks = {new BigDecimal("12.5"), new BigDecimal("-0.001"), new BigDecimal("123456789012345.678"),
            BigDecimal.ZERO, new BigDecimal("7")};
        BigDecimal d = picks[random.nextInt(picks.length)];
        String[] ps = col.typeModifier() == null ? null : col.typeModifier().replaceAll("[()\\s]", "").split(",");
        int scale = ps == null ? d.scale() : ps.length > 1 ? Integer.parseInt(ps[1]) : 0;
        int precision = ps == null ? 38 : Integer.parseInt(ps[0]);
        d = d.setScale(scale, RoundingMode.HALF_UP);
        return d.precision() - d.scale() > precision - scale ? BigDecimal.ONE.setScale(scale) : d;
      }
      case BYTEA: {
        byte[][] picks = {{}, {0x00, (byte) 0xff}, "json{\"a\":1}".getBytes(StandardCharsets.UTF_8), {0x5c, 0x27}};
        return picks[random.nextInt(picks.length)].clone();
      }
      case TIME: return LocalTime.of(random.nextInt(24), random.nextInt(60), random.nextInt(60),
          1_000 * random.nextInt(1_000_000));
      case DATE: return LocalDate.of(2025, 1, 1).plusDays(random.nextInt(10) - 2);
      case INTERVAL: return new ColumnType.Interval(random.nextInt(15), random.nextInt(40) - 5,
          random.nextLong() % 86_400_000_000L);
      default: throw new AssertionError(col.type());
    }
  }

  // ---- statements ----------------------------------------------------------------------------

  private static List<SqlNode> parseAll(String sql) {
    try {
      return PARSER.parseStatements(sql);
    } catch (SqlParseException e) {
      throw new AssertionError("does not parse: " + sql, e);
    }
  }

}
