package io.rocklake.catalog;

import static io.rocklake.catalog.CatalogFixture.DATA_FILE;
import static io.rocklake.catalog.CatalogFixture.dataFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.kv.Db;
import io.rocklake.kv.KeyValue;
import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.kv.store.MeteredObjectStore;
import io.rocklake.kv.store.OpKind;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class RetentionTest {
  private final MeteredObjectStore store = new MeteredObjectStore(new InMemoryObjectStore());
  private final Db db = CatalogFixture.openDb(store);
  private final Catalog catalog = Catalog.open(db);
  private final Retention retention = new Retention(catalog);

  /** Ten commits: a file is added, its end_snapshot set, then it is deleted; another file stays. */
  private List<Long> history() {
    List<Long> commits = new ArrayList<>();
    CatalogTransaction t = catalog.begin();
    t.insert(DATA_FILE, dataFile(1, 1, 1));
    t.insert(DATA_FILE, dataFile(2, 1, 1));
    commits.add(t.commit());
    for (long s = 2; s <= 8; s++) {
      CatalogTransaction u = catalog.begin();
      CatalogRow f = u.getByKey(DATA_FILE, new Object[] {1L}).orElseThrow();
      Object[] v = f.values();
      v[3] = s;
      u.update(DATA_FILE, f, v);
      commits.add(u.commit());
    }
    CatalogTransaction d = catalog.begin();
    d.delete(DATA_FILE, d.getByKey(DATA_FILE, new Object[] {1L}).orElseThrow());
    commits.add(d.commit());
    return commits;
  }

  @Test
  void gcRaisesTheFloorAndDeletesNothing() {
    List<Long> commits = history();
    long factsBefore = countFacts();
    long deletesBefore = store.metrics().requests(OpKind.DELETE);
    retention.gc(commits.get(5), "ops", "keep a week");
    assertThat(store.metrics().requests(OpKind.DELETE)).isEqualTo(deletesBefore);
    assertThat(countFacts()).as("gc only adds its retention row").isEqualTo(factsBefore + 2);
    assertThatThrownBy(() -> catalog.beginAt(commits.get(4))).isInstanceOfSatisfying(CatalogException.class, e -> {
      assertThat(e.sqlState()).isEqualTo("72000");
      assertThat(e.getMessage()).contains("visibility floor").contains(String.valueOf(commits.get(5)));
    });
    assertThat(catalog.beginAt(commits.get(5)).scan(DATA_FILE)).hasSize(2);
    CatalogRow audit = catalog.begin().scan(RockLakeRelations.RETENTION).get(0);
    assertThat(audit.get(1)).isEqualTo(commits.get(5));
    assertThat(audit.get(2)).isEqualTo("ops");
    assertThatThrownBy(() -> retention.gc(commits.get(1), "ops", "lower")).hasMessageContaining("only be raised");
  }

  @Test
  void exciseRemovesExactlyWhatItReportsAfterAuditingAndChangesNoReadableCommit() {
    List<Long> commits = history();
    long floor = commits.get(5);
    retention.gc(floor, "ops", "");
    List<List<String>> readableBefore = new ArrayList<>();
    for (long c = floor; c <= catalog.latestCommit(); c++) {
      readableBefore.add(render(catalog.beginAt(c).scan(DATA_FILE)));
    }
    long before = countFacts();
    Retention.ExcisionReport report = retention.excise("ops", "compliance");
    // 5 superseded versions of file 1 (commits 1..5 before the floor version at 6)
    assertThat(report.factsRemoved()).isEqualTo(5);
    assertThat(countFacts()).isEqualTo(before + 2 - report.factsRemoved()); // + audit row + its commit row
    CatalogRow audit = catalog.begin().getByKey(RockLakeRelations.EXCISION, new Object[] {report.excisionId()})
        .orElseThrow();
    assertThat(audit.get(2)).isEqualTo(5L);
    assertThat(audit.get(4)).isEqualTo("compliance");
    for (long c = floor; c <= commits.get(commits.size() - 1); c++) {
      assertThat(render(catalog.beginAt(c).scan(DATA_FILE))).as("commit %d", c)
          .isEqualTo(readableBefore.get((int) (c - floor)));
    }
  }

  @Test
  void previewTellsPerRelationWhatExciseThenRemovesAndWritesNothing() {
    List<Long> commits = history();
    long floor = commits.get(5);
    retention.gc(floor, "ops", "");
    long writes = store.metrics().writeRequests();
    Retention.ExcisionPlan plan = retention.preview();
    assertThat(store.metrics().writeRequests()).as("a preview writes nothing").isEqualTo(writes);
    assertThat(plan.floor()).isEqualTo(floor);
    // file 1's versions of commits 1..5 (the one of commit 6 is visible at the floor), and their table index copies
    assertThat(plan.relations()).containsExactly(
        new Retention.RelationExcision(DATA_FILE.id(), 5, 5, commits.get(0), commits.get(4)));
    assertThat(retention.excise("ops", "").factsRemoved()).isEqualTo(plan.facts());
    assertThat(retention.preview().relations()).as("nothing is left to excise").isEmpty();
  }

  @Test
  void exciseAtTheTopRemovesDeletedRowsEntirely() {
    List<Long> commits = history();
    retention.gc(commits.get(commits.size() - 1), "ops", "");
    Retention.ExcisionReport report = retention.excise("ops", "");
    // all 9 versions of file 1 (8 values + the deletion) go; file 2 keeps its single version
    assertThat(report.factsRemoved()).isEqualTo(9);
    assertThat(catalog.begin().scan(DATA_FILE)).extracting(r -> r.get(0)).containsExactly(2L);
  }

  @Test
  void exciseRemovesTheTableIndexCopiesOfWhatItRemovesAndLeavesWhatABuildFromTheFactsWouldWrite() {
    List<Long> commits = history();
    CatalogTransaction move = catalog.begin(); // file 2 moves to table 2: a deletion under table 1
    CatalogRow f = move.getByKey(DATA_FILE, new Object[] {2L}).orElseThrow();
    Object[] v = f.values();
    v[1] = 2L;
    move.update(DATA_FILE, f, v);
    commits.add(move.commit());
    CatalogTransaction add = catalog.begin();
    add.insert(DATA_FILE, dataFile(3, 1, 9));
    commits.add(add.commit());
    long floor = commits.get(commits.size() - 1);
    retention.gc(floor, "ops", "");
    retention.excise("ops", "");

    for (long c = floor; c <= catalog.latestCommit(); c++) {
      CatalogTransaction at = catalog.beginAt(c);
      List<CatalogRow> all = at.scan(DATA_FILE);
      for (long table = 1; table <= 2; table++) {
        Long t = table;
        ScanBounds ofTable = ScanBounds.all(DATA_FILE);
        ofTable.compare(1, ScanBounds.Comparison.EQUAL, t);
        assertThat(render(at.scan(DATA_FILE, ofTable))).as("commit %d, table %d", c, table)
            .isEqualTo(render(all.stream().filter(r -> t.equals(r.get(1))).toList()));
      }
    }
    List<String> excised = tableIndexKeys();
    io.rocklake.kv.WriteBatch erase = new io.rocklake.kv.WriteBatch();
    excised.forEach(k -> erase.delete(java.util.HexFormat.of().parseHex(k)));
    catalog.writeDerived(erase);
    TableIndex.build(catalog, 3);
    assertThat(tableIndexKeys()).isEqualTo(excised);
  }

  private List<String> tableIndexKeys() {
    byte[] prefix = {TableIndex.PREFIX};
    Iterator<KeyValue> it = db.scan(prefix, io.rocklake.kv.lsm.Keys.prefixEnd(prefix));
    List<String> out = new ArrayList<>();
    while (it.hasNext()) {
      out.add(java.util.HexFormat.of().formatHex(it.next().key()));
    }
    return out;
  }

  private long countFacts() {
    byte[] prefix = {FactKeys.FACT};
    Iterator<KeyValue> it = db.scan(prefix, io.rocklake.kv.lsm.Keys.prefixEnd(prefix));
    long n = 0;
    while (it.hasNext()) {
      it.next();
      n++;
    }
    return n;
  }

  private static List<String> render(List<CatalogRow> rows) {
    Function<CatalogRow, String> f = r -> java.util.Arrays.deepToString(r.values());
    return rows.stream().map(f).toList();
  }
}
