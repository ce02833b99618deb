package io.rocklake.catalog;

import static io.rocklake.catalog.CatalogFixture.SNAPSHOT;
import static io.rocklake.catalog.CatalogFixture.TABLE;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Random interleavings of up to three concurrent transactions over a relation with a primary key
 * (ducklake_snapshot) and one without (ducklake_table), checked step by step against a reference
 * model: reads see the view plus own writes, a duplicate key fails (23505) exactly when the model
 * says so, a commit succeeds exactly when none of its written keys changed since its view (first
 * committer wins), committed history is the commit-order application of the winners' write sets,
 * losers leave nothing behind, and every commit reads back exactly as the model recorded it.
 */
class CatalogModelProperties {
  static final AtomicLong TRANSACTIONS = new AtomicLong();

  enum Op { BEGIN, INSERT_SNAPSHOT, INSERT_TABLE, UPDATE_TABLE, DELETE_TABLE, COMMIT, ROLLBACK }

  record Step(Op op, int slot, int arg) {}

  @Provide
  Arbitrary<List<Step>> schedules() {
    Arbitrary<Step> step = Combinators.combine(
        Arbitraries.of(Op.values()), Arbitraries.integers().between(0, 2), Arbitraries.integers().between(0, 6))
        .as(Step::new);
    return step.list().ofMinSize(5).ofMaxSize(60);
  }

  /** The model's committed state: snapshot rows by id, table rows by row id. */
  record State(TreeMap<Long, Long> snapshots, TreeMap<Long, Long> tables) {
    State copy() {
      return new State(new TreeMap<>(snapshots), new TreeMap<>(tables));
    }
  }

  /** One model transaction: its view, its write set, and the keys it wrote. */
  static final class ModelTx {
    final long readCommit;
    final State view;
    final Map<Long, Long> snapshotWrites = new HashMap<>(); // value null = never (no snapshot updates here)
    final Map<Long, Long> tableWrites = new HashMap<>();     // null value = deleted
    final Set<Long> tableDeletes = new HashSet<>();
    final Set<Long> insertedSnapshots = new HashSet<>();
    final Set<Long> insertedTables = new HashSet<>();
    CatalogTransaction real;

    ModelTx(long readCommit, State view) {
      this.readCommit = readCommit;
      this.view = view;
    }
  }

  @Property(tries = 1000)
  void concurrentTransactionsBehaveLikeTheModel(@ForAll("schedules") List<Step> steps) {
    Catalog catalog = CatalogFixture.newCatalog();
    List<State> history = new ArrayList<>();
    history.add(new State(new TreeMap<>(), new TreeMap<>()));
    // which commit last wrote each key
    Map<String, Long> lastWrite = new HashMap<>();
    ModelTx[] slots = new ModelTx[3];
    for (Step s : steps) {
      ModelTx tx = slots[s.slot()];
      if (s.op() == Op.BEGIN || tx == null) {
        if (tx == null) {
          long c = catalog.latestCommit();
          tx = new ModelTx(c, history.get((int) c).copy());
          tx.real = catalog.begin();
          slots[s.slot()] = tx;
          TRANSACTIONS.incrementAndGet();
        }
        if (s.op() == Op.BEGIN) {
          continue;
        }
      }
      switch (s.op()) {
        case INSERT_SNAPSHOT: {
          long id = s.arg();
          boolean duplicate = tx.view.snapshots().containsKey(id);
          try {
            tx.real.insert(SNAPSHOT, CatalogFixture.snapshot(id));
            assertThat(duplicate).as("insert of snapshot %d should have failed", id).isFalse();
            tx.view.snapshots().put(id, id + 1);
            tx.insertedSnapshots.add(id);
          } catch (CatalogException e) {
            assertThat(e.sqlState()).isEqualTo("23505");
            assertThat(duplicate).as("insert of snapshot %d should have worked", id).isTrue();
          }
          break;
        }
        case INSERT_TABLE: {
          CatalogRow row = tx.real.insert(TABLE, CatalogFixture.table(s.arg(), "t" + s.arg(), tx.readCommit));
          tx.view.tables().put(row.rowId(), null);
          tx.tableWrites.put(row.rowId(), null);
          tx.insertedTables.add(row.rowId());
          break;
        }
        case UPDATE_TABLE: case DELETE_TABLE: {
          List<CatalogRow> rows = tx.real.scan(TABLE);
          if (rows.isEmpty()) {
            break;
          }
          CatalogRow row = rows.get(s.arg() % rows.size());
          if (s.op() == Op.UPDATE_TABLE) {
            Object[] v = row.values();
            v[3] = (long) (100 + s.arg());
            tx.real.update(TABLE, row, v);
            tx.view.tables().put(row.rowId(), (long) (100 + s.arg()));
            tx.tableWrites.put(row.rowId(), (long) (100 + s.arg()));
          } else {
            tx.real.delete(TABLE, row);
            tx.view.tables().remove(row.rowId());
            tx.tableWrites.remove(row.rowId());
            // deleting a row this transaction inserted leaves nothing to write
            if (!tx.insertedTables.remove(row.rowId())) {
              tx.tableDeletes.add(row.rowId());
            }
          }
          break;
        }
        case ROLLBACK:
          tx.real.rollback();
          slots[s.slot()] = null;
          break;
        case COMMIT: {
          String conflict = null;
          for (long id : tx.insertedSnapshots) {
            if (lastWrite.getOrDefault("s" + id, -1L) > tx.readCommit) {
              conflict = "23505";
            }
          }
          Set<Long> touched = new HashSet<>(tx.tableWrites.keySet());
          touched.addAll(tx.tableDeletes);
          for (long rowId : touched) {
            if (conflict == null && lastWrite.getOrDefault("t" + rowId, -1L) > tx.readCommit) {
              conflict = "40001";
            }
          }
          boolean writes = !tx.insertedSnapshots.isEmpty() || !touched.isEmpty();
          try {
            long c = tx.real.commit();
            assertThat(conflict).as("commit should have failed").isNull();
            if (writes) {
              assertThat(c).isEqualTo(history.size());
              State next = history.get(history.size() - 1).copy();
              for (long id : tx.insertedSnapshots) {
                next.snapshots().put(id, id + 1);
                lastWrite.put("s" + id, c);
              }
              for (long rowId : touched) {
                lastWrite.put("t" + rowId, c);
                if (tx.tableDeletes.contains(rowId) && !tx.tableWrites.containsKey(rowId)) {
                  next.tables().remove(rowId);
                } else {
                  next.tables().put(rowId, tx.tableWrites.get(rowId));
                }
              }
              history.add(next);
            }
          } catch (CatalogException e) {
            assertThat(conflict).as("commit failed with %s: %s", e.sqlState(), e.getMessage()).isNotNull();
            assertThat(e.sqlState()).isEqualTo(conflict);
          }
          slots[s.slot()] = null;
          break;
        }
        default:
          break;
      }
      if (slots[s.slot()] != null) {
        assertThat(read(slots[s.slot()].real)).as("reads see the view plus own writes").isEqualTo(slots[s.slot()].view);
      }
    }
    assertThat(catalog.latestCommit()).isEqualTo(history.size() - 1);
    for (int c = 0; c < history.size(); c++) {
      assertThat(read(catalog.beginAt(c))).as("state at commit %d", c).isEqualTo(history.get(c));
    }
  }

  private static State read(CatalogTransaction tx) {
    TreeMap<Long, Long> snapshots = new TreeMap<>();
    for (CatalogRow r : tx.scan(SNAPSHOT)) {
      snapshots.put((Long) r.get(0), (Long) r.get(3));
    }
    TreeMap<Long, Long> tables = new TreeMap<>();
    for (CatalogRow r : tx.scan(TABLE)) {
      tables.put(r.rowId(), (Long) r.get(3));
    }
    return new State(snapshots, tables);
  }

  @AfterContainer
  static void report() {
    System.out.println("catalog model: " + TRANSACTIONS.get() + " randomized transactions checked");
  }
}
