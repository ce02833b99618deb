package io.rocklake.conformance.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.calcite.CatalogSql;
import io.rocklake.conformance.catalog.CatalogHistory.LogicalRow;
import io.rocklake.conformance.catalog.CatalogHistory.Version;
import io.rocklake.conformance.catalog.DifferentialQueries.Query;
import io.rocklake.conformance.pg.ThrowawayPostgres;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.store.InMemoryObjectStore;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Differential SQL: the same DuckLake catalog history is loaded into a throwaway PostgreSQL 15 (the
 * 28 tables exactly as DuckDB creates them) and into the catalog (one commit per snapshot); then
 * every query of {@link DifferentialQueries} must give the same result through Calcite as through
 * PostgreSQL, compared by {@link ResultRows} (values normalized as documented there). The latest
 * state is compared, and the state at an earlier commit (catalog time travel) against a second
 * database loaded only up to that snapshot.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CatalogDifferentialTest {
  static final long SEED = 20_251_129L;
  static final int SNAPSHOTS = 48;
  /** The snapshot the time-travel comparisons read at. */
  static final int EARLIER_SNAPSHOT = 22;

  private final CatalogHistory history = CatalogHistory.generate(SEED, SNAPSHOTS);
  private final Map<Integer, Long> commitOfSnapshot = new HashMap<>();
  private Catalog catalog;
  private ThrowawayPostgres postgres;
  private Connection latestPg;
  private Connection earlierPg;

  @BeforeAll
  void loadBothSides() throws SQLException {
    catalog = Catalog.open(Db.open(new InMemoryObjectStore(), DbOptions.defaults().withBackgroundCompaction(false)));
    // DuckDB's first ATTACH creates the 28 tables, as it does on PostgreSQL below.
    CatalogTransaction create = catalog.begin();
    DuckLakeRelations.createTables(create);
    create.commit();
    for (int s = 0; s <= history.lastSnapshot(); s++) {
      commitOfSnapshot.put(s, replay(s));
    }
    postgres = ThrowawayPostgres.start(ThrowawayPostgres.Durability.RELAXED);
    latestPg = loadPostgres("differential_latest", history.lastSnapshot());
    earlierPg = loadPostgres("differential_earlier", EARLIER_SNAPSHOT);
  }

  @AfterAll
  void stopPostgres() throws SQLException {
    for (Connection c : new Connection[] {latestPg, earlierPg}) {
      if (c != null) {
        c.close();
      }
    }
    if (postgres != null) {
      postgres.close();
    }
  }

  Stream<Query> queries() {
    return DifferentialQueries.ALL.stream();
  }

  Stream<RelationDef> relations() {
    return DuckLakeRelations.ALL.stream();
  }

  @Test
  void thereAreAtLeastThirtyQueriesAndTheHistoryIsRich() {
    assertThat(DifferentialQueries.ALL).hasSizeGreaterThanOrEqualTo(30);
    assertThat(DifferentialQueries.ALL.stream().map(Query::name).distinct()).hasSameSizeAs(DifferentialQueries.ALL);
    int last = history.lastSnapshot();
    assertThat(history.rowsAt(CatalogHistory.SNAPSHOT, last)).hasSize(SNAPSHOTS);
    assertThat(history.rowsAt(CatalogHistory.TABLE, last)).anyMatch(r -> r[3] != null).anyMatch(r -> r[3] == null);
    assertThat(history.rowsAt(CatalogHistory.DATA_FILE, last)).hasSizeGreaterThan(20)
        .anyMatch(r -> r[3] != null).anyMatch(r -> r[12] != null);
    assertThat(history.rowsAt(CatalogHistory.DELETE_FILE, last)).isNotEmpty().anyMatch(r -> r[3] != null);
    assertThat(history.rowsAt(CatalogHistory.COLUMN, last)).anyMatch(r -> r[2] != null);
    assertThat(history.rowsAt(CatalogHistory.FILES_SCHEDULED_FOR_DELETION, last)).isNotEmpty();
    assertThat(history.rowsAt(CatalogHistory.PARTITION_INFO, last)).isNotEmpty();
    assertThat(history.rowsAt(CatalogHistory.TAG, last)).isNotEmpty();
    assertThat(history.rowsAt(CatalogHistory.SCHEMA, last)).hasSizeGreaterThan(1);
  }

  /** Every row of every relation, read back with SELECT *, is the same on both sides. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("relations")
  void everyRelationHoldsTheSameRows(RelationDef relation) throws SQLException {
    String sql = "SELECT * FROM " + relation.name();
    compare(sql, false, latestPg, catalog.beginAt(catalog.latestCommit()), relation.name());
  }

  /** The same at the earlier commit: time travel reads each relation exactly as it stood. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("relations")
  void everyRelationHoldsTheSameRowsAtTheEarlierCommit(RelationDef relation) throws SQLException {
    String sql = "SELECT * FROM " + relation.name();
    compare(sql, false, earlierPg, catalog.beginAt(commitOfSnapshot.get(EARLIER_SNAPSHOT)),
        relation.name() + " @" + EARLIER_SNAPSHOT);
  }

  /**
   * pg_catalog, derived from the relation registry, describes the DuckLake tables as PostgreSQL's own
   * system catalog does once DuckDB's CREATE TABLEs ran: columns, types, order, NOT NULL, type
   * modifiers, primary keys and their indexes (OIDs differ by design and are only joined on).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("catalogDescriptions")
  void pgCatalogDescribesTheTablesAsPostgresDoes(String name, String sql) throws SQLException {
    ResultRows expected = compare(sql, true, latestPg, catalog.beginAt(catalog.latestCommit()), name);
    assertThat(expected.rows()).isNotEmpty();
  }

  static Stream<Arguments> catalogDescriptions() {
    String ducklakeTables = "c.relnamespace = n.oid AND n.nspname = 'public' AND c.relname LIKE 'ducklake%'";
    return Stream.of(
        Arguments.of("tables", "SELECT c.relname, c.relkind, c.relnatts, c.relhasindex, c.relpages"
            + " FROM pg_catalog.pg_class c, pg_catalog.pg_namespace n WHERE " + ducklakeTables
            + " AND c.relkind = 'r' ORDER BY c.relname"),
        Arguments.of("columns", "SELECT c.relname, a.attnum, a.attname, t.typname, a.attnotnull, a.atttypmod,"
            + " a.attlen, a.attndims FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON c.relnamespace = n.oid"
            + " JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid JOIN pg_catalog.pg_type t ON a.atttypid = t.oid"
            + " WHERE n.nspname = 'public' AND c.relname LIKE 'ducklake%' AND c.relkind = 'r' AND a.attnum > 0"
            + " AND NOT a.attisdropped ORDER BY c.relname, a.attnum"),
        Arguments.of("primary keys", "SELECT c.relname, k.conname, k.contype, i.relname, i.relkind"
            + " FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_class c ON k.conrelid = c.oid"
            + " JOIN pg_catalog.pg_class i ON k.conindid = i.oid WHERE c.relname LIKE 'ducklake%'"
            + " ORDER BY c.relname, k.conname"),
        Arguments.of("indexes", "SELECT c.relname, x.indisunique, x.indisprimary, x.indnatts"
            + " FROM pg_catalog.pg_index x JOIN pg_catalog.pg_class c ON x.indrelid = c.oid"
            + " WHERE c.relname LIKE 'ducklake%' ORDER BY c.relname"),
        Arguments.of("row types", "SELECT t.typname, t.typtype FROM pg_catalog.pg_type t"
            + " JOIN pg_catalog.pg_class c ON t.typrelid = c.oid WHERE c.relname LIKE 'ducklake%' AND c.relkind = 'r'"
            + " ORDER BY t.typname"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("queries")
  void calciteAnswersAsPostgresDoes(Query query) throws SQLException {
    ResultRows expected = compare(query.sql(), query.ordered(), latestPg, catalog.beginAt(catalog.latestCommit()),
        query.name());
    if (!query.name().contains("empty") && !query.name().startsWith("no such")) {
      // A query that finds nothing on both sides proves little: the data must exercise it.
      assertThat(expected.rows()).as("rows PostgreSQL returns for: " + query.sql()).isNotEmpty();
    } else {
      assertThat(expected.rows()).as("rows PostgreSQL returns for: " + query.sql()).hasSizeLessThanOrEqualTo(1);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("queries")
  void calciteAtAnEarlierCommitAnswersAsPostgresLoadedToThatSnapshot(Query query) throws SQLException {
    long commit = commitOfSnapshot.get(EARLIER_SNAPSHOT);
    assertThat(commit).isLessThan(catalog.latestCommit());
    compare(query.sql(), query.ordered(), earlierPg, catalog.beginAt(commit), query.name() + " @" + EARLIER_SNAPSHOT);
  }

  @Test
  void theEarlierCommitReallyIsEarlier() throws SQLException {
    String sql = "SELECT MAX(snapshot_id), COUNT(*) FROM ducklake_snapshot";
    ResultRows earlier = compare(sql, true, earlierPg, catalog.beginAt(commitOfSnapshot.get(EARLIER_SNAPSHOT)),
        "earlier");
    ResultRows latest = compare(sql, true, latestPg, catalog.beginAt(catalog.latestCommit()), "latest");
    assertThat(earlier.rows()).containsExactly(List.of("n:" + EARLIER_SNAPSHOT, "n:" + (EARLIER_SNAPSHOT + 1)));
    assertThat(earlier).isNotEqualTo(latest);
  }

  @Test
  void aResultThatDiffersInOneRowIsCaught() throws SQLException {
    CatalogTransaction tx = catalog.beginAt(catalog.latestCommit());
    ResultRows calcite;
    try (Connection c = CatalogSql.connect(catalog, tx)) {
      calcite = ResultRows.query(c, "SELECT snapshot_id, snapshot_time FROM ducklake_snapshot WHERE snapshot_id <= 17");
    }
    ResultRows postgresOneShort = ResultRows.query(latestPg,
        "SELECT snapshot_id, snapshot_time FROM ducklake_snapshot WHERE snapshot_id < 17");
    ResultRows postgresShifted = ResultRows.query(latestPg,
        "SELECT snapshot_id, snapshot_time + INTERVAL '1' SECOND FROM ducklake_snapshot WHERE snapshot_id <= 17");
    assertThatThrownBy(() -> postgresOneShort.assertSameAs(calcite, false, "one row short"))
        .isInstanceOf(AssertionError.class).hasMessageContaining("missing: []").hasMessageContaining("n:17");
    assertThatThrownBy(() -> postgresShifted.assertSameAs(calcite, false, "times shifted"))
        .isInstanceOf(AssertionError.class).hasMessageContaining("rows differ (as multisets)");
    ResultRows same = ResultRows.query(latestPg,
        "SELECT snapshot_id, snapshot_time FROM ducklake_snapshot WHERE snapshot_id <= 17 ORDER BY snapshot_id DESC");
    same.assertSameAs(calcite, false, "same rows, other order");
    assertThatThrownBy(() -> same.assertSameAs(calcite, true, "same rows, other order, compared in order"))
        .isInstanceOf(AssertionError.class).hasMessageContaining("first difference at row 0");
  }

  // ---- the two sides ---------------------------------------------------------------------------

  private ResultRows compare(String sql, boolean ordered, Connection pg, CatalogTransaction tx, String what)
      throws SQLException {
    ResultRows expected = ResultRows.query(pg, sql);
    ResultRows actual;
    try (Connection c = CatalogSql.connect(catalog, tx)) {
      actual = ResultRows.query(c, sql);
    }
    expected.assertSameAs(actual, ordered, what + "\n  SQL: " + sql);
    return expected;
  }

  /** Applies one snapshot's row changes to the catalog as one commit; returns the commit id. */
  private long replay(int snapshot) {
    CatalogTransaction tx = catalog.begin();
    for (Map.Entry<LogicalRow, Version> change : history.changesAt(snapshot)) {
      LogicalRow row = change.getKey();
      Version v = change.getValue();
      boolean first = row.versions.get(0) == v;
      if (first) {
        if (v.values() != null) {
          tx.insert(row.relation, v.values().clone());
        }
        continue;
      }
      CatalogRow current = find(tx, row, snapshot);
      if (v.values() == null) {
        tx.delete(row.relation, current);
      } else {
        tx.update(row.relation, current, v.values().clone());
      }
    }
    return tx.commit();
  }

  /** The catalog row a logical row is now: the one whose values equal its previous version. */
  private static CatalogRow find(CatalogTransaction tx, LogicalRow row, int snapshot) {
    Object[] previous = null;
    for (Version v : row.versions) {
      if (v.snapshot() < snapshot) {
        previous = v.values();
      }
    }
    Object[] want = previous;
    List<CatalogRow> matches = tx.scan(row.relation).stream().filter(r -> sameValues(r, want)).toList();
    if (matches.size() != 1) {
      throw new IllegalStateException(matches.size() + " rows of " + row.relation.name() + " match "
          + java.util.Arrays.toString(want));
    }
    return matches.get(0);
  }

  private static boolean sameValues(CatalogRow r, Object[] values) {
    for (int i = 0; i < values.length; i++) {
      if (!java.util.Objects.equals(r.get(i), values[i])) {
        return false;
      }
    }
    return true;
  }

  private Connection loadPostgres(String database, int snapshot) throws SQLException {
    postgres.recreateDatabase(database);
    Connection c = DriverManager.getConnection("jdbc:postgresql://" + postgres.host() + ":" + postgres.port() + "/"
        + database + "?user=postgres");
    try (Statement s = c.createStatement()) {
      s.execute("SET TIME ZONE 'UTC'");
      for (RelationDef r : DuckLakeRelations.ALL) {
        s.execute(r.createTableSql());
      }
    }
    for (RelationDef r : DuckLakeRelations.ALL) {
      List<Object[]> rows = history.rowsAt(r, snapshot);
      if (rows.isEmpty()) {
        continue;
      }
      String marks = String.join(", ", Collections.nCopies(r.columns().size(), "?"));
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO public." + r.name() + " VALUES (" + marks + ")")) {
        for (Object[] row : rows) {
          for (int i = 0; i < row.length; i++) {
            bind(ps, i + 1, r.columns().get(i), row[i]);
          }
          ps.addBatch();
        }
        ps.executeBatch();
      }
    }
    return c;
  }

  private static void bind(PreparedStatement ps, int index, ColumnDef column, Object value) throws SQLException {
    switch (column.type()) {
      case BIGINT -> {
        if (value == null) {
          ps.setNull(index, Types.BIGINT);
        } else {
          ps.setLong(index, (Long) value);
        }
      }
      case VARCHAR -> ps.setString(index, (String) value);
      case BOOLEAN -> {
        if (value == null) {
          ps.setNull(index, Types.BOOLEAN);
        } else {
          ps.setBoolean(index, (Boolean) value);
        }
      }
      case TIMESTAMPTZ -> ps.setObject(index,
          value == null ? null : OffsetDateTime.ofInstant((Instant) value, ZoneOffset.UTC),
          Types.TIMESTAMP_WITH_TIMEZONE);
      case UUID -> ps.setObject(index, (UUID) value, Types.OTHER);
      default -> throw new IllegalArgumentException("the generated history has no " + column.type() + " columns");
    }
  }
}
