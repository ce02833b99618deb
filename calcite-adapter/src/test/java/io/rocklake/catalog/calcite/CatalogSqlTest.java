package io.rocklake.catalog.calcite;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.store.InMemoryObjectStore;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CatalogSqlTest {
  private static final RelationDef SNAPSHOT = DuckLakeRelations.ALL.get(1);
  private static final RelationDef TABLE = DuckLakeRelations.ALL.get(4);
  private static final RelationDef DATA_FILE = DuckLakeRelations.ALL.get(8);

  private final Catalog catalog = Catalog.open(Db.open(new InMemoryObjectStore(),
      DbOptions.defaults().withBackgroundCompaction(false)));

  @org.junit.jupiter.api.BeforeEach
  void createTheDuckLakeTables() {
    CatalogTransaction tx = catalog.begin();
    DuckLakeRelations.createTables(tx);
    tx.commit();
  }

  private long commitSnapshot(long id, String... tables) {
    CatalogTransaction tx = catalog.begin();
    tx.insert(SNAPSHOT, new Object[] {id, Instant.ofEpochSecond(1_700_000_000L + id), id, id + 10, id * 2});
    for (String t : tables) {
      tx.insert(TABLE, new Object[] {(long) t.hashCode() & 0xFFFF, UUID.randomUUID(), id, null, 0L, t, t + "/", true});
      for (long f = 0; f < 3; f++) {
        tx.insert(DATA_FILE, new Object[] {id * 100 + f, (long) t.hashCode() & 0xFFFF, id, null, f, t + f + ".parquet",
            true, "parquet", 10 * f, 1000L, 10L, 0L, null, null, null, null});
      }
    }
    return tx.commit();
  }

  private List<String> query(CatalogTransaction tx, String sql) throws SQLException {
    try (Connection c = CatalogSql.connect(catalog, tx); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery(sql)) {
      List<String> rows = new ArrayList<>();
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          sb.append(i > 1 ? "|" : "").append(rs.getString(i));
        }
        rows.add(sb.toString());
      }
      return rows;
    }
  }

  /** Calcite's own driver reads timestamps in its own unit, milliseconds: the right instant, not a thousand times it. */
  @Test
  void aTimestampReadsAsItsInstantThroughCalcitesDriver() throws SQLException {
    commitSnapshot(1);
    try (Connection c = CatalogSql.connect(catalog, catalog.begin()); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT snapshot_time FROM ducklake_snapshot WHERE snapshot_id = 1")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getTimestamp(1, java.util.Calendar.getInstance(java.util.TimeZone.getTimeZone("UTC"))).toInstant())
          .isEqualTo(Instant.ofEpochSecond(1_700_000_001L));
    }
  }

  @Test
  void joinsAggregatesAndKeyRangesOverTheRelations() throws SQLException {
    for (long s = 1; s <= 5; s++) {
      commitSnapshot(s, "t" + s);
    }
    CatalogTransaction tx = catalog.begin();
    assertThat(query(tx, "SELECT snapshot_id FROM ducklake_snapshot WHERE snapshot_id >= 2 AND snapshot_id < 4 "
        + "ORDER BY snapshot_id")).containsExactly("2", "3");
    assertThat(query(tx, "SELECT snapshot_id FROM ducklake_snapshot WHERE 3 = snapshot_id")).containsExactly("3");
    assertThat(query(tx, "SELECT snapshot_id FROM ducklake_snapshot WHERE snapshot_id > 4 OR snapshot_id < 2 "
        + "ORDER BY 1")).containsExactly("1", "5");
    assertThat(query(tx, "SELECT t.table_name, COUNT(*), SUM(f.record_count) FROM ducklake_table t "
        + "JOIN ducklake_data_file f ON f.table_id = t.table_id GROUP BY t.table_name ORDER BY t.table_name"))
        .containsExactly("t1|3|30", "t2|3|30", "t3|3|30", "t4|3|30", "t5|3|30");
    assertThat(query(tx, "SELECT MAX(snapshot_id) FROM ducklake_snapshot")).containsExactly("5");
    assertThat(query(tx, "SELECT commit_id, snapshot_id FROM rocklake.rocklake_commit ORDER BY commit_id DESC LIMIT 2"))
        .containsExactly("6|5", "5|4");
  }

  @Test
  void aConnectionAtAnEarlierCommitSeesTheCatalogAsItWas() throws SQLException {
    long c2 = 0;
    for (long s = 1; s <= 4; s++) { // commit 1 created the tables
      long c = commitSnapshot(s, "t" + s);
      if (s == 2) {
        c2 = c;
      }
    }
    assertThat(query(catalog.beginAt(c2), "SELECT COUNT(*) FROM ducklake_data_file")).containsExactly("6");
    assertThat(query(catalog.begin(), "SELECT COUNT(*) FROM ducklake_data_file")).containsExactly("12");
  }

  @Test
  void aTransactionSeesItsOwnUncommittedRowsThroughSql() throws SQLException {
    commitSnapshot(1, "a");
    CatalogTransaction tx = catalog.begin();
    tx.insert(SNAPSHOT, new Object[] {9L, Instant.now(), 9L, 9L, 9L});
    assertThat(query(tx, "SELECT snapshot_id FROM ducklake_snapshot WHERE snapshot_id = 9")).containsExactly("9");
    assertThat(query(catalog.begin(), "SELECT snapshot_id FROM ducklake_snapshot WHERE snapshot_id = 9")).isEmpty();
  }
}
