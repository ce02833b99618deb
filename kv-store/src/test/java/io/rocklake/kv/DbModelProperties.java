package io.rocklake.kv;

import static io.rocklake.kv.TestData.b;
import static io.rocklake.kv.TestData.dump;
import static io.rocklake.kv.TestData.toMap;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.kv.store.InMemoryObjectStore;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * The database against a {@code TreeMap} model: random sequences of batches, gets, scans, flushes,
 * compactions, snapshots and reopenings must always read exactly like the model.
 */
class DbModelProperties {

  sealed interface Action permits Write, Get, Scan, Flush, Compact, Reopen, TakeSnapshot, Collect {}

  record Write(Map<String, String> batch) implements Action {}

  record Get(String key) implements Action {}

  record Scan(String from, String to) implements Action {}

  record Flush() implements Action {}

  record Compact() implements Action {}

  record Reopen() implements Action {}

  record TakeSnapshot() implements Action {}

  record Collect() implements Action {}

  @Property(tries = 200)
  void readsLikeATreeMap(@ForAll("actions") List<Action> actions) {
    InMemoryObjectStore store = new InMemoryObjectStore();
    DbOptions options = TestData.deterministic().withMemtableFlushBytes(400).withL0CompactionTrigger(3);
    TreeMap<String, String> model = new TreeMap<>();
    Db db = Db.open(store, options);
    Snapshot snapshot = null;
    TreeMap<String, String> atSnapshot = null;
    try {
      for (Action action : actions) {
        if (action instanceof Write w) {
          db.write(TestData.toBatch(w.batch()));
          TestData.apply(model, w.batch());
        } else if (action instanceof Get g) {
          assertThat(db.get(b(g.key())).map(TestData::s)).isEqualTo(Optional.ofNullable(model.get(g.key())));
        } else if (action instanceof Scan sc) {
          String from = sc.from().compareTo(sc.to()) <= 0 ? sc.from() : sc.to();
          String to = sc.from().compareTo(sc.to()) <= 0 ? sc.to() : sc.from();
          assertThat(toMap(db.scan(b(from), b(to)))).isEqualTo(model.subMap(from, to));
        } else if (action instanceof Flush) {
          db.flush();
        } else if (action instanceof Compact) {
          db.compact();
        } else if (action instanceof Reopen) {
          if (snapshot != null) {
            snapshot.close();
            snapshot = null;
          }
          db.close();
          db = Db.open(store, options);
        } else if (action instanceof Collect) {
          new GarbageCollector(store, java.time.Clock.systemUTC(), java.time.Duration.ZERO).collect();
        } else if (action instanceof TakeSnapshot) {
          if (snapshot != null) {
            snapshot.close();
          }
          snapshot = db.snapshot();
          atSnapshot = new TreeMap<>(model);
        }
        if (snapshot != null) {
          assertThat(toMap(db.scan(null, null, snapshot.seq()))).isEqualTo(atSnapshot);
        }
      }
      assertThat(dump(db)).isEqualTo(model);
    } finally {
      db.close();
    }
    try (Db reopened = Db.open(store, options)) {
      assertThat(dump(reopened)).isEqualTo(model);
    }
  }

  @Provide
  Arbitrary<List<Action>> actions() {
    Arbitrary<String> keys = Arbitraries.integers().between(0, 15).map(i -> "k" + (char) ('a' + i));
    Arbitrary<String> values = Arbitraries.strings().alpha().ofMinLength(0).ofMaxLength(12).injectNull(0.25);
    Arbitrary<Map<String, String>> batches =
        Combinators.combine(keys, values).as(Tuple::of).list().ofMinSize(1).ofMaxSize(5)
            .map(pairs -> {
              Map<String, String> m = new LinkedHashMap<>();
              pairs.forEach(p -> m.put(p.get1(), p.get2()));
              return m;
            });
    Arbitrary<Action> action =
        Arbitraries.frequencyOf(
            Tuple.of(10, batches.map(Write::new)),
            Tuple.of(4, keys.map(Get::new)),
            Tuple.of(2, Combinators.combine(keys, keys).as(Scan::new)),
            Tuple.of(2, Arbitraries.just(new Flush())),
            Tuple.of(1, Arbitraries.just(new Compact())),
            Tuple.of(1, Arbitraries.just(new Reopen())),
            Tuple.of(1, Arbitraries.just(new TakeSnapshot())),
            Tuple.of(1, Arbitraries.just(new Collect())));
    return action.list().ofMinSize(1).ofMaxSize(60);
  }
}
