package io.rocklake.catalog;

import static io.rocklake.catalog.CatalogFixture.DATA_FILE;
import static io.rocklake.catalog.CatalogFixture.dataFile;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.kv.Db;
import io.rocklake.kv.DbReader;
import io.rocklake.kv.KeyValue;
import io.rocklake.kv.WriteBatch;
import io.rocklake.kv.lsm.Keys;
import io.rocklake.kv.store.InMemoryObjectStore;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A catalog written before the table index existed (its facts, no {@code 't'} keys, no marker) is
 * read correctly by a reader at once, by filtering whole scans, and gets its index from the first
 * writer that opens it: the same entries the commits would have written, and reads through it.
 */
class TableIndexUpgradeTest {
  @Test
  void aCatalogWrittenBeforeTheTableIndexIsReadCorrectlyAtOnceAndIndexedByItsNextWriter() {
    InMemoryObjectStore store = new InMemoryObjectStore();
    List<String> written;
    long withEnded;
    try (Db db = CatalogFixture.openDb(store)) {
      Catalog catalog = Catalog.open(db);
      CatalogTransaction add = catalog.begin();
      for (long id = 1; id <= 6; id++) {
        add.insert(DATA_FILE, dataFile(id, id % 2, 1));
      }
      add.commit();
      CatalogTransaction end = catalog.begin();
      CatalogRow first = end.getByKey(DATA_FILE, new Object[] {1L}).orElseThrow();
      Object[] v = first.values();
      v[3] = 2L;
      end.update(DATA_FILE, first, v);
      withEnded = end.commit();
      written = tableIndexKeys(db);
      assertThat(written).isNotEmpty();
      WriteBatch erase = new WriteBatch(); // as a catalog of the previous format holds it
      written.forEach(k -> erase.delete(java.util.HexFormat.of().parseHex(k)));
      db.write(erase.delete(TableIndex.BUILT));
      assertThat(tableIndexKeys(db)).isEmpty();
    }

    Catalog onReader = Catalog.openReadOnly(DbReader.open(store));
    assertThat(filesOfTable(onReader.begin(), 1)).as("a reader before any writer").containsExactly(1L, 3L, 5L);
    assertThat(filesOfTable(onReader.beginAt(withEnded - 1), 1)).as("time travel").containsExactly(1L, 3L, 5L);

    try (Db db = CatalogFixture.openDb(store)) {
      Catalog catalog = Catalog.open(db);
      assertThat(tableIndexKeys(db)).as("built on open").isEqualTo(written);
      ScanBounds ofTable = ScanBounds.all(DATA_FILE);
      ofTable.compare(1, ScanBounds.Comparison.EQUAL, 1L);
      assertThat(catalog.begin().accessPath(DATA_FILE, ofTable)).isEqualTo(AccessPath.TABLE_INDEX);
      assertThat(filesOfTable(catalog.begin(), 1)).containsExactly(1L, 3L, 5L);
      assertThat(filesOfTable(catalog.begin(), 0)).containsExactly(2L, 4L, 6L);
    }
  }

  private static List<Long> filesOfTable(CatalogTransaction tx, long table) {
    ScanBounds ofTable = ScanBounds.all(DATA_FILE);
    ofTable.compare(1, ScanBounds.Comparison.EQUAL, table);
    return tx.scan(DATA_FILE, ofTable).stream().map(r -> (Long) r.get(0)).toList();
  }

  private static List<String> tableIndexKeys(io.rocklake.kv.KvReader reader) {
    byte[] prefix = {TableIndex.PREFIX};
    Iterator<KeyValue> it = reader.scan(prefix, Keys.prefixEnd(prefix));
    List<String> out = new ArrayList<>();
    while (it.hasNext()) {
      out.add(java.util.HexFormat.of().formatHex(it.next().key()));
    }
    return out;
  }
}
