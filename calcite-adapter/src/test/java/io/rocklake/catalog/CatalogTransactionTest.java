package io.rocklake.catalog;

import static io.rocklake.catalog.CatalogFixture.DATA_FILE;
import static io.rocklake.catalog.CatalogFixture.SNAPSHOT;
import static io.rocklake.catalog.CatalogFixture.TABLE;
import static io.rocklake.catalog.CatalogFixture.snapshot;
import static io.rocklake.catalog.CatalogFixture.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.kv.Db;
import io.rocklake.kv.DbReader;
import io.rocklake.kv.store.InMemoryObjectStore;
import java.util.List;
import org.junit.jupiter.api.Test;

class CatalogTransactionTest {
  private final Catalog catalog = CatalogFixture.newCatalog();

  @Test
  void readsSeeOwnWritesAndOthersSeeNothingBeforeCommit() {
    CatalogTransaction writer = catalog.begin();
    writer.insert(SNAPSHOT, snapshot(0));
    assertThat(writer.scan(SNAPSHOT)).hasSize(1);
    CatalogTransaction other = catalog.begin();
    assertThat(other.scan(SNAPSHOT)).isEmpty();
    long commit = writer.commit();
    assertThat(commit).isEqualTo(1);
    assertThat(other.scan(SNAPSHOT)).as("a view stays where it began").isEmpty();
    assertThat(catalog.begin().scan(SNAPSHOT)).extracting(r -> r.get(0)).containsExactly(0L);
  }

  @Test
  void rollbackDiscardsEverything() {
    CatalogTransaction tx = catalog.begin();
    tx.insert(SNAPSHOT, snapshot(0));
    tx.rollback();
    assertThat(catalog.latestCommit()).isZero();
    assertThat(catalog.begin().scan(SNAPSHOT)).isEmpty();
  }

  @Test
  void aDuplicatePrimaryKeyFailsWithPostgresText() {
    CatalogTransaction tx = catalog.begin();
    tx.insert(SNAPSHOT, snapshot(1));
    tx.commit();
    CatalogTransaction again = catalog.begin();
    assertThatThrownBy(() -> again.insert(SNAPSHOT, snapshot(1)))
        .isInstanceOfSatisfying(CatalogException.class, e -> {
          assertThat(e.sqlState()).isEqualTo("23505");
          assertThat(e.getMessage()).isEqualTo(
              "duplicate key value violates unique constraint \"ducklake_snapshot_pkey\"");
          assertThat(e.detail()).isEqualTo("Key (snapshot_id)=(1) already exists.");
        });
  }

  @Test
  void twoWritersRacingForTheSameSnapshotIdFirstCommitterWins() {
    catalog.begin().commit();
    CatalogTransaction a = catalog.begin();
    CatalogTransaction b = catalog.begin();
    a.insert(SNAPSHOT, snapshot(5));
    a.insert(TABLE, table(1, "from_a", 5));
    b.insert(SNAPSHOT, snapshot(5));
    b.insert(TABLE, table(2, "from_b", 5));
    a.commit();
    assertThatThrownBy(b::commit).isInstanceOfSatisfying(CatalogException.class, e -> {
      assertThat(e.sqlState()).isEqualTo("23505");
      assertThat(e.getMessage()).contains("duplicate key value violates unique constraint \"ducklake_snapshot_pkey\"");
    });
    List<CatalogRow> tables = catalog.begin().scan(TABLE);
    assertThat(tables).extracting(r -> r.get(5)).containsExactly("from_a");
  }

  @Test
  void aLostUpdateIsASerializationFailureDuckLakeRetries() {
    CatalogTransaction setup = catalog.begin();
    setup.insert(TABLE, table(1, "t", 1));
    setup.commit();
    CatalogTransaction a = catalog.begin();
    CatalogTransaction b = catalog.begin();
    CatalogRow rowA = a.scan(TABLE).get(0);
    CatalogRow rowB = b.scan(TABLE).get(0);
    Object[] endA = rowA.values();
    endA[3] = 7L;
    a.update(TABLE, rowA, endA);
    Object[] endB = rowB.values();
    endB[3] = 8L;
    b.update(TABLE, rowB, endB);
    a.commit();
    assertThatThrownBy(b::commit).isInstanceOfSatisfying(CatalogException.class, e -> {
      assertThat(e.sqlState()).isEqualTo("40001");
      assertThat(e.getMessage()).contains("concurrent");
    });
    assertThat(catalog.begin().scan(TABLE).get(0).get(3)).isEqualTo(7L);
  }

  @Test
  void notNullAndPrimaryKeyColumnsRejectNull() {
    CatalogTransaction tx = catalog.begin();
    Object[] noId = snapshot(1);
    noId[0] = null;
    assertThatThrownBy(() -> tx.insert(SNAPSHOT, noId)).isInstanceOfSatisfying(CatalogException.class,
        e -> assertThat(e.sqlState()).isEqualTo("23502"));
    RelationDef metadata = DuckLakeRelations.ALL.get(0);
    assertThatThrownBy(() -> tx.insert(metadata, new Object[] {"version", null, null, null}))
        .hasMessageContaining("\"value\"");
  }

  @Test
  void updatesAndDeletesAreNewFactsSoEveryCommitStaysReadable() {
    CatalogTransaction t1 = catalog.begin();
    t1.insert(DATA_FILE, CatalogFixture.dataFile(1, 1, 1));
    long c1 = t1.commit();
    CatalogTransaction t2 = catalog.begin();
    CatalogRow f = t2.scan(DATA_FILE).get(0);
    Object[] ended = f.values();
    ended[3] = 2L;
    t2.update(DATA_FILE, f, ended);
    long c2 = t2.commit();
    CatalogTransaction t3 = catalog.begin();
    t3.delete(DATA_FILE, t3.scan(DATA_FILE).get(0));
    long c3 = t3.commit();

    assertThat(catalog.beginAt(c1).scan(DATA_FILE).get(0).get(3)).isNull();
    assertThat(catalog.beginAt(c2).scan(DATA_FILE).get(0).get(3)).isEqualTo(2L);
    assertThat(catalog.beginAt(c3).scan(DATA_FILE)).isEmpty();
    assertThat(catalog.beginAt(c1).scan(DATA_FILE).get(0).rowId())
        .as("the row locator survives updates").isEqualTo(catalog.beginAt(c2).scan(DATA_FILE).get(0).rowId());
  }

  @Test
  void everyCommitRecordsItsRocklakeCommitRow() {
    CatalogTransaction tx = catalog.begin(new CommitInfo("alice", "duckdb", 3));
    tx.insert(SNAPSHOT, snapshot(4));
    long c = tx.commit();
    CatalogRow row = catalog.begin().getByKey(RockLakeRelations.COMMIT, new Object[] {c}).orElseThrow();
    assertThat(row.get(1)).isEqualTo(4L);
    assertThat(row.get(4)).isEqualTo("alice");
    assertThat(row.get(6)).isEqualTo(3L);
    assertThat(row.get(7)).isEqualTo(1L);
  }

  @Test
  void runTimeRelationsAreVersionedLikeRows() {
    CatalogTransaction tx = catalog.begin();
    RelationDef inlined = tx.createRelation("public", "ducklake_inlined_data_1_1",
        List.of(ColumnDef.of("row_id", ColumnType.BIGINT), ColumnDef.of("name", ColumnType.BYTEA)),
        RelationDef.Kind.DYNAMIC, false);
    tx.insert(inlined, new Object[] {0L, "x".getBytes()});
    assertThat(catalog.begin().relation("public", "ducklake_inlined_data_1_1")).isEmpty();
    long created = tx.commit();
    CatalogTransaction reader = catalog.begin();
    RelationDef seen = reader.relation("public", "ducklake_inlined_data_1_1").orElseThrow();
    assertThat(seen.id()).isGreaterThanOrEqualTo(RelationRegistry.FIRST_DYNAMIC_ID);
    assertThat((byte[]) reader.scan(seen).get(0).get(1)).isEqualTo("x".getBytes());
    assertThat(tx.isActive()).isFalse();
    CatalogTransaction again = catalog.begin();
    assertThat(again.createRelation("public", "ducklake_inlined_data_1_1", List.of(), RelationDef.Kind.DYNAMIC, true))
        .isEqualTo(seen);
    assertThatThrownBy(() -> again.createRelation("public", "ducklake_inlined_data_1_1", List.of(),
        RelationDef.Kind.DYNAMIC, false)).hasMessageContaining("already exists");
    again.dropRelation(seen);
    again.commit();
    assertThat(catalog.begin().relation("public", "ducklake_inlined_data_1_1")).isEmpty();
    CatalogTransaction past = catalog.beginAt(created);
    assertThat(past.scan(past.relation("public", "ducklake_inlined_data_1_1").orElseThrow())).hasSize(1);
  }

  @Test
  void aDuckLakeTableExistsOnlyOnceDuckDbCreatedItWithDuckLakesShape() {
    RelationDef metadata = DuckLakeRelations.ALL.get(0);
    // DuckDB tells a fresh lake by probing for ducklake_metadata: it must not exist yet.
    assertThat(catalog.begin().relation("public", "ducklake_metadata")).isEmpty();
    CatalogTransaction wrong = catalog.begin();
    assertThatThrownBy(() -> wrong.createRelation("public", "ducklake_metadata", metadata.columns().subList(0, 2),
        RelationDef.Kind.DUCKLAKE, false)).isInstanceOfSatisfying(CatalogException.class, e -> {
          assertThat(e.sqlState()).isEqualTo("42P16");
          assertThat(e.getMessage()).contains("scope_id BIGINT");
        });
    CatalogTransaction create = catalog.begin();
    create.createRelation("public", "ducklake_metadata", metadata.columns(), RelationDef.Kind.DUCKLAKE, false);
    assertThat(create.relation("public", "ducklake_metadata")).contains(metadata);
    assertThat(catalog.begin().relation("public", "ducklake_metadata")).isEmpty();
    create.commit();
    CatalogTransaction after = catalog.begin();
    assertThat(after.relation("public", "ducklake_metadata")).contains(metadata);
    assertThat(after.createRelation("public", "ducklake_metadata", metadata.columns(), RelationDef.Kind.DUCKLAKE, true))
        .isEqualTo(metadata);
    assertThatThrownBy(() -> after.createRelation("public", "ducklake_metadata", metadata.columns(),
        RelationDef.Kind.DUCKLAKE, false)).hasMessageContaining("already exists");
    assertThatThrownBy(() -> after.dropRelation(metadata)).hasMessageContaining("cannot be dropped");
    assertThat(after.relation("rocklake", "rocklake_commit")).as("RockLake's relations always exist").isPresent();
  }

  @Test
  void aTempTableOnCommitDropLivesOnlyInItsTransaction() {
    CatalogTransaction tx = catalog.begin();
    RelationDef temp = tx.createRelation("pg_temp", "update_data_1", List.of(ColumnDef.of("value", ColumnType.VARCHAR),
        ColumnDef.of("__page_id_string", ColumnType.VARCHAR)), RelationDef.Kind.TEMPORARY, false);
    tx.insert(temp, new Object[] {"1.1", "(0,1)"});
    tx.insert(SNAPSHOT, snapshot(3));
    assertThat(tx.relation("pg_temp", "update_data_1")).isPresent();
    assertThat(tx.scan(temp)).hasSize(1);
    assertThat(catalog.begin().relation("pg_temp", "update_data_1")).as("invisible to others").isEmpty();
    long c = tx.commit();
    assertThat(catalog.beginAt(c).relation("pg_temp", "update_data_1")).isEmpty();
    assertThat(catalog.beginAt(c).scan(temp)).as("no fact of the temp table was written").isEmpty();
    assertThat(catalog.beginAt(c).scan(SNAPSHOT)).hasSize(1);
    CatalogRow commitRow = catalog.begin().getByKey(RockLakeRelations.COMMIT, new Object[] {c}).orElseThrow();
    assertThat(commitRow.get(7)).as("facts written: the snapshot row only").isEqualTo(1L);
  }

  @Test
  void aReadOnlyCatalogOnADbReaderSeesCommitsAfterRefreshAndCannotWrite() {
    InMemoryObjectStore store = new InMemoryObjectStore();
    try (Db db = CatalogFixture.openDb(store); DbReader dbReader = DbReader.open(store)) {
      Catalog writer = Catalog.open(db);
      Catalog reader = Catalog.openReadOnly(dbReader);
      CatalogTransaction tx = writer.begin();
      tx.insert(SNAPSHOT, snapshot(0));
      tx.commit();
      assertThat(reader.begin().scan(SNAPSHOT)).isEmpty();
      dbReader.refresh();
      reader.refresh();
      assertThat(reader.begin().scan(SNAPSHOT)).hasSize(1);
      assertThatThrownBy(() -> reader.begin().insert(SNAPSHOT, snapshot(1)))
          .isInstanceOfSatisfying(CatalogException.class, e -> assertThat(e.sqlState()).isEqualTo("25006"));
    }
  }

  @Test
  void aCatalogReopenedOnTheSameStoreContinuesWhereItStopped() {
    InMemoryObjectStore store = new InMemoryObjectStore();
    long rowId;
    try (Db db = CatalogFixture.openDb(store)) {
      Catalog c = Catalog.open(db);
      CatalogTransaction tx = c.begin();
      rowId = tx.insert(TABLE, table(1, "t", 1)).rowId();
      tx.commit();
    }
    try (Db db = CatalogFixture.openDb(store)) {
      Catalog c = Catalog.open(db);
      assertThat(c.latestCommit()).isEqualTo(1);
      CatalogTransaction tx = c.begin();
      assertThat(tx.insert(TABLE, table(2, "u", 2)).rowId()).as("row ids are never reused").isGreaterThan(rowId);
      assertThat(tx.commit()).isEqualTo(2);
    }
  }
}
