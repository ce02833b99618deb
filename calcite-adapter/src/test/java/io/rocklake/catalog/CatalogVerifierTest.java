package io.rocklake.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.DbReader;
import io.rocklake.kv.KeyValue;
import io.rocklake.kv.WriteBatch;
import io.rocklake.kv.store.InMemoryObjectStore;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link CatalogVerifier} over a catalog with the histories that make its index predictions hard —
 * rows that move between tables, stop being live, are deleted and come back, a run-time relation
 * created and dropped, facts excised below a raised floor — which must verify clean, and with each
 * kind of damage written raw into the store, which must be named by its key.
 */
class CatalogVerifierTest {
  private final InMemoryObjectStore store = new InMemoryObjectStore();
  private Db db;
  private Catalog catalog;
  private RelationDef dataFile;
  private RelationDef table;

  @BeforeEach
  void buildHistory() {
    db = Db.open(store, DbOptions.defaults().withBackgroundCompaction(false));
    catalog = Catalog.open(db);
    CatalogTransaction tx = catalog.begin();
    DuckLakeRelations.createTables(tx);
    tx.commit();
    dataFile = DuckLakeRelations.ALL.get(8);
    table = DuckLakeRelations.ALL.get(4);
    commit(t -> {
      t.insert(table, new Object[] {1L, UUID.randomUUID(), 0L, null, 0L, "t1", "t1/", true});
      t.insert(table, new Object[] {2L, UUID.randomUUID(), 0L, null, 0L, "t2", "t2/", true});
      for (long id = 1; id <= 4; id++) {
        t.insert(dataFile, file(id, 1L, null));
      }
    });
    commit(t -> t.update(dataFile, row(t, dataFile, 1), file(1, 2L, null))); // moves to table 2
    commit(t -> t.update(dataFile, row(t, dataFile, 2), file(2, 1L, 5L))); // no longer live
    commit(t -> t.delete(dataFile, row(t, dataFile, 3))); // deleted
    commit(t -> t.insert(dataFile, file(3, 2L, null))); // and back, under another table
    commit(t -> {
      RelationDef inlined = t.createRelation(DuckLakeRelations.SCHEMA, "ducklake_inlined_data_1_1",
          List.of(ColumnDef.of("row_id", ColumnType.BIGINT), ColumnDef.of("v", ColumnType.VARCHAR)),
          RelationDef.Kind.DYNAMIC, false);
      t.insert(inlined, new Object[] {1L, "a"});
      t.insert(inlined, new Object[] {2L, "b"});
    });
    commit(t -> t.dropRelation(t.requireRelation(DuckLakeRelations.SCHEMA, "ducklake_inlined_data_1_1")));
    db.flush();
    commit(t -> t.update(dataFile, row(t, dataFile, 4), file(4, 2L, null))); // in the WAL, not an SST
  }

  @AfterEach
  void close() {
    db.close();
  }

  private interface Work {
    void on(CatalogTransaction tx);
  }

  private void commit(Work work) {
    CatalogTransaction tx = catalog.begin();
    work.on(tx);
    tx.commit();
  }

  private static Object[] file(long id, long tableId, Long end) {
    return new Object[] {id, tableId, 1L, end, null, "f" + id + ".parquet", true, "parquet", 3L, 100L + id, 10L, 0L,
        null, null, null, null};
  }

  private static CatalogRow row(CatalogTransaction tx, RelationDef relation, long id) {
    return tx.getByKey(relation, file(id, 0, null)).orElseThrow();
  }

  private CatalogVerifier.Report verify() {
    try (DbReader reader = DbReader.open(store)) {
      return new CatalogVerifier(reader, (phase, done) -> {}).verify();
    }
  }

  private List<KeyValue> keys(char tag) {
    List<KeyValue> out = new ArrayList<>();
    Iterator<KeyValue> it = db.scanPrefix(new byte[] {(byte) tag});
    it.forEachRemaining(out::add);
    return out;
  }

  private static String hex(byte[] key) {
    return HexFormat.of().formatHex(key);
  }

  @Test
  void aHistoryOfMovesDeletionsAndDroppedRelationsVerifiesClean() {
    CatalogVerifier.Report report = verify();
    assertThat(report.problems()).isEmpty();
    assertThat(report.facts()).isEqualTo(keys('f').size());
    assertThat(report.indexed()).isTrue();
    assertThat(report.tableIndexEntries()).isEqualTo(keys('t').size());
    assertThat(report.liveIndexEntries()).isEqualTo(keys('i').size()).isEqualTo(5); // files 1, 3, 4 and tables 1, 2
    assertThat(report.latestCommit()).isEqualTo(catalog.latestCommit());
    assertThat(report.relations()).isGreaterThanOrEqualTo(5); // data files, tables, relations, commits, the inlined one
  }

  @Test
  void factsExcisedBelowTheFloorAndTheirIndexCopiesStillVerifyClean() {
    Retention retention = new Retention(catalog);
    retention.gc(catalog.latestCommit(), "test", "excise everything superseded");
    long removed = retention.excise("test", "verify after excise").factsRemoved();
    assertThat(removed).isPositive();
    assertThat(verify().problems()).isEmpty();
  }

  @Test
  void aKeyThatIsNotItsRowIdIsNamed() {
    KeyValue tableFact = db.scanPrefix(FactKeys.relationPrefix(table.id())).next();
    byte[] wrong = FactKeys.fact(table.id(), FactKeys.rowIdKey(4242), catalog.latestCommit());
    db.write(new WriteBatch().put(wrong, tableFact.value()));

    List<CatalogVerifier.Problem> problems = verify().problems();
    assertThat(problems).extracting(CatalogVerifier.Problem::kind).contains(CatalogVerifier.FACT_KEY_MISMATCH);
    assertThat(problems).filteredOn(p -> p.kind().equals(CatalogVerifier.FACT_KEY_MISMATCH))
        .singleElement().satisfies(p -> {
          assertThat(p.key()).isEqualTo(hex(wrong));
          assertThat(p.detail()).contains("row id ");
        });
  }

  @Test
  void undecodableFactsAndUnknownRelationsAreNamed() {
    byte[] garbage = FactKeys.fact(dataFile.id(), FactKeys.integerKey(77), 1);
    byte[] unknown = FactKeys.fact(5000, FactKeys.rowIdKey(1), 1);
    db.write(new WriteBatch().put(garbage, new byte[] {(byte) 0xff, 0x01, 0x02}).put(unknown, new byte[0]));

    List<CatalogVerifier.Problem> problems = verify().problems();
    assertThat(problems).anySatisfy(p -> {
      assertThat(p.kind()).isEqualTo(CatalogVerifier.FACT_UNDECODABLE);
      assertThat(p.key()).isEqualTo(hex(garbage));
    });
    assertThat(problems).anySatisfy(p -> {
      assertThat(p.kind()).isEqualTo(CatalogVerifier.FACT_UNKNOWN_RELATION);
      assertThat(p.detail()).contains("relation 5000");
    });
  }

  @Test
  void aMissingOrStrayTableIndexEntryIsNamed() {
    byte[] lost = keys('t').get(0).key();
    byte[] stray = TableIndex.key(dataFile.id(), 99, FactKeys.integerKey(1), 3);
    db.write(new WriteBatch().delete(lost).put(stray, keys('t').get(1).value()));

    List<CatalogVerifier.Problem> problems = verify().problems();
    assertThat(problems).extracting(CatalogVerifier.Problem::kind, CatalogVerifier.Problem::key)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(CatalogVerifier.TABLE_INDEX_MISSING, hex(lost)),
            org.assertj.core.groups.Tuple.tuple(CatalogVerifier.TABLE_INDEX_ORPHAN, hex(stray)));
  }

  @Test
  void aLostDeletionThatAMoveWroteUnderTheOldTableIsNamed() {
    byte[] underOldTable = java.nio.ByteBuffer.allocate(21).put(TableIndex.prefix(dataFile.id(), 1))
        .put(FactKeys.integerKey(1)).array();
    KeyValue newest = db.scanPrefix(underOldTable).next(); // file 1's last version under table 1: the move's deletion
    assertThat(StoredFact.decode(newest, dataFile.columns()).deleted()).isTrue();
    db.write(new WriteBatch().delete(newest.key()));

    assertThat(verify().problems()).extracting(CatalogVerifier.Problem::kind, CatalogVerifier.Problem::key)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(CatalogVerifier.TABLE_INDEX_MISSING, hex(newest.key())));
  }

  @Test
  void aLiveIndexEntryThatIsMissingWrongOrStrayIsNamed() {
    List<KeyValue> live = keys('i');
    byte[] lost = live.get(0).key();
    byte[] wrong = live.get(1).key();
    byte[] stray = LiveIndex.key(dataFile.id(), 1, FactKeys.integerKey(2)); // file 2 ended: not live
    db.write(new WriteBatch().delete(lost).put(wrong, live.get(2).value()).put(stray, live.get(2).value()));

    List<CatalogVerifier.Problem> problems = verify().problems();
    assertThat(problems).extracting(CatalogVerifier.Problem::kind, CatalogVerifier.Problem::key)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(CatalogVerifier.LIVE_INDEX_MISSING, hex(lost)),
            org.assertj.core.groups.Tuple.tuple(CatalogVerifier.LIVE_INDEX_DIFFERS, hex(wrong)),
            org.assertj.core.groups.Tuple.tuple(CatalogVerifier.LIVE_INDEX_ORPHAN, hex(stray)));
  }
}
