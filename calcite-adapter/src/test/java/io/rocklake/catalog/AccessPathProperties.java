package io.rocklake.catalog;

import static io.rocklake.catalog.CatalogFixture.DATA_FILE;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.kv.KeyValue;
import io.rocklake.kv.lsm.Keys;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Every access path answers exactly what a full scan answers: for random histories of data files
 * (added, ended, moved between tables, deleted, some changes left pending in an open transaction),
 * the live rows of every table (live index), all rows of every table (table index) and key ranges
 * equal those found by filtering every visible row, and the last row read backwards is the last row
 * scanned, at the latest commit and at every earlier one;
 * rebuilding the live index from the facts changes nothing, and building the table index from the
 * facts writes exactly what the commits wrote.
 */
class AccessPathProperties {
  enum Op { ADD, END, MOVE, TOUCH, DELETE, COMMIT }

  record Step(Op op, int a, int b) {}

  @Provide
  Arbitrary<List<Step>> histories() {
    return Combinators.combine(Arbitraries.of(Op.values()), Arbitraries.integers().between(0, 9),
        Arbitraries.integers().between(0, 3)).as(Step::new).list().ofMinSize(1).ofMaxSize(80);
  }

  @Property(tries = 200)
  void theIndexAgreesWithAFullScan(@ForAll("histories") List<Step> steps) {
    Catalog catalog = CatalogFixture.newCatalog();
    CatalogTransaction tx = catalog.begin();
    long nextId = 0;
    long snapshot = 1;
    for (Step s : steps) {
      List<CatalogRow> rows = tx.scan(DATA_FILE);
      CatalogRow pick = rows.isEmpty() ? null : rows.get(s.a() % rows.size());
      switch (s.op()) {
        case ADD:
          tx.insert(DATA_FILE, CatalogFixture.dataFile(nextId++, s.b(), snapshot));
          break;
        case END: case MOVE: case TOUCH:
          if (pick != null) {
            Object[] v = pick.values();
            if (s.op() == Op.END) {
              v[3] = snapshot;
            } else if (s.op() == Op.MOVE) {
              v[1] = (long) s.b();
            } else {
              v[5] = "rewritten-" + s.a() + ".parquet"; // stays live: the index must carry the new values
            }
            tx.update(DATA_FILE, pick, v);
          }
          break;
        case DELETE:
          if (pick != null) {
            tx.delete(DATA_FILE, pick);
          }
          break;
        case COMMIT:
          tx.commit();
          snapshot++;
          tx = catalog.begin();
          break;
        default:
          break;
      }
      everyPathAgreesWithAFullScan(tx, "open transaction");
    }
    tx.commit();
    for (long c = 0; c <= catalog.latestCommit(); c++) {
      everyPathAgreesWithAFullScan(catalog.beginAt(c), "commit " + c);
    }
    List<String> index = dump(catalog, LiveIndex.INDEX);
    catalog.rebuildLiveIndex();
    assertThat(dump(catalog, LiveIndex.INDEX)).isEqualTo(index);

    List<String> tableIndex = dump(catalog, TableIndex.PREFIX);
    io.rocklake.kv.WriteBatch erase = new io.rocklake.kv.WriteBatch();
    tableIndex.forEach(k -> erase.delete(java.util.HexFormat.of().parseHex(k)));
    catalog.writeDerived(erase.delete(TableIndex.BUILT));
    assertThat(dump(catalog, TableIndex.PREFIX)).isEmpty();
    TableIndex.build(catalog, 7);
    assertThat(dump(catalog, TableIndex.PREFIX)).isEqualTo(tableIndex);
  }

  private static void everyPathAgreesWithAFullScan(CatalogTransaction tx, String when) {
    List<CatalogRow> all = tx.scan(DATA_FILE);
    assertThat(tx.lastRow(DATA_FILE).map(r -> ids(List.of(r)))).as("%s, the last row", when)
        .isEqualTo(all.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(ids(List.of(all.get(all.size() - 1)))));
    for (long table = 0; table <= 3; table++) {
      Long t = table;
      ScanBounds live = ScanBounds.all(DATA_FILE);
      live.compare(1, ScanBounds.Comparison.EQUAL, t);
      live.isNull(3);
      assertThat(tx.accessPath(DATA_FILE, live)).isIn(AccessPath.LIVE_INDEX, AccessPath.TABLE_INDEX);
      assertThat(ids(tx.scan(DATA_FILE, live))).as("%s, live rows of table %d", when, table)
          .isEqualTo(ids(all.stream().filter(r -> r.get(3) == null && t.equals(r.get(1))).toList()));
      ScanBounds ofTable = ScanBounds.all(DATA_FILE);
      ofTable.compare(1, ScanBounds.Comparison.EQUAL, String.valueOf(table)); // as DuckDB writes it: '2'
      assertThat(tx.accessPath(DATA_FILE, ofTable)).isEqualTo(AccessPath.TABLE_INDEX);
      assertThat(ids(tx.scan(DATA_FILE, ofTable))).as("%s, rows of table %d", when, table)
          .isEqualTo(ids(all.stream().filter(r -> t.equals(r.get(1))).toList()));
      ScanBounds keys = ScanBounds.all(DATA_FILE);
      keys.compare(0, ScanBounds.Comparison.GREATER, table);
      keys.compare(0, ScanBounds.Comparison.LESS_OR_EQUAL, table * 3);
      assertThat(tx.accessPath(DATA_FILE, keys)).isEqualTo(AccessPath.KEY_RANGE);
      assertThat(ids(tx.scan(DATA_FILE, keys))).as("%s, keys in (%d, %d]", when, table, table * 3)
          .isEqualTo(ids(all.stream().filter(r -> (Long) r.get(0) > t && (Long) r.get(0) <= 3 * t).toList()));
    }
  }

  /** Whole rows (row id and every value), so a stale copy in the index would show. */
  private static Set<String> ids(List<CatalogRow> rows) {
    return rows.stream().map(r -> r.rowId() + java.util.Arrays.deepToString(r.values()))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static List<String> dump(Catalog catalog, byte index) {
    byte[] prefix = {index};
    Iterator<KeyValue> it = catalog.reader().scan(prefix, Keys.prefixEnd(prefix));
    List<String> out = new ArrayList<>();
    while (it.hasNext()) {
      out.add(java.util.HexFormat.of().formatHex(it.next().key()));
    }
    return out;
  }
}
