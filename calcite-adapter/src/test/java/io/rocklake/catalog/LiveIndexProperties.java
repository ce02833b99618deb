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
 * The live index answers exactly what a full scan answers: for random histories of data files
 * (added, ended, moved between tables, deleted, some changes left pending in an open transaction),
 * the live rows of every table through the index equal those found by scanning every fact, at the
 * latest commit and at every earlier one; and rebuilding the index from the facts changes nothing.
 */
class LiveIndexProperties {
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
      for (long table = 0; table <= 3; table++) {
        assertThat(ids(tx.liveRowsOfTable(DATA_FILE, table))).as("open transaction, table %d", table)
            .isEqualTo(scanned(tx, table));
      }
    }
    tx.commit();
    for (long c = 0; c <= catalog.latestCommit(); c++) {
      CatalogTransaction past = catalog.beginAt(c);
      for (long table = 0; table <= 3; table++) {
        assertThat(ids(past.liveRowsOfTable(DATA_FILE, table))).as("commit %d table %d", c, table)
            .isEqualTo(scanned(past, table));
      }
    }
    List<String> index = dumpIndex(catalog);
    catalog.rebuildLiveIndex();
    assertThat(dumpIndex(catalog)).isEqualTo(index);
  }

  private static Set<String> scanned(CatalogTransaction tx, long table) {
    return ids(tx.scan(DATA_FILE).stream().filter(r -> r.get(3) == null && Long.valueOf(table).equals(r.get(1)))
        .toList());
  }

  /** Whole rows (row id and every value), so a stale copy in the index would show. */
  private static Set<String> ids(List<CatalogRow> rows) {
    return rows.stream().map(r -> r.rowId() + java.util.Arrays.deepToString(r.values()))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static List<String> dumpIndex(Catalog catalog) {
    byte[] prefix = {LiveIndex.INDEX};
    Iterator<KeyValue> it = catalog.reader().scan(prefix, Keys.prefixEnd(prefix));
    List<String> out = new ArrayList<>();
    while (it.hasNext()) {
      out.add(java.util.HexFormat.of().formatHex(it.next().key()));
    }
    return out;
  }
}
