package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.catalog.Catalog;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.store.InMemoryObjectStore;
import java.util.List;
import java.util.function.Consumer;
import org.apache.calcite.sql.SqlNode;

/** An engine over a fresh in-memory catalog, and one session on it, for the specs of this package. */
final class EngineFixture implements AutoCloseable {
  final Catalog catalog;
  final SqlEngine engine;
  final EngineSession session;
  private EngineSession calciteOnly;

  EngineFixture() {
    this.catalog = Catalog.open(Db.open(new InMemoryObjectStore(), DbOptions.defaults().withBackgroundCompaction(false)));
    this.engine = new SqlEngine(catalog);
    this.session = engine.openSession("tester", "engine-tests");
  }

  /** Runs every statement of a text in order; the outcome of the last. */
  Outcome run(String sql) {
    return run(session, sql);
  }

  static Outcome run(EngineSession session, String sql) {
    List<SqlNode> statements = session.parse(sql);
    Outcome last = null;
    for (SqlNode s : statements) {
      last = session.execute(s, List.of());
    }
    return last;
  }

  /** The command tag of a statement without rows. */
  String tag(String sql) {
    Outcome o = run(sql);
    assertThat(o).as(sql).isInstanceOf(Outcome.Command.class);
    return ((Outcome.Command) o).tag();
  }

  /** The rows of a query. */
  List<Object[]> rows(String sql) {
    Outcome o = run(sql);
    assertThat(o).as(sql).isInstanceOf(Outcome.Rows.class);
    return ((Outcome.Rows) o).rows();
  }

  /** The single value of a one-row, one-column query. */
  Object value(String sql) {
    List<Object[]> rows = rows(sql);
    assertThat(rows).as(sql).hasSize(1);
    assertThat(rows.get(0)).as(sql).hasSize(1);
    return rows.get(0)[0];
  }

  /** Asserts the text fails with this SQLSTATE, and lets the caller look at the error. */
  EngineException fails(String sql, String sqlState) {
    EngineException[] caught = new EngineException[1];
    assertThatThrownBy(() -> run(sql)).as(sql).isInstanceOfSatisfying(EngineException.class, e -> {
      assertThat(e.sqlState()).as("SQLSTATE of %s: %s", sql, e.getMessage()).isEqualTo(sqlState);
      caught[0] = e;
    });
    return caught[0];
  }

  void fails(String sql, String sqlState, Consumer<EngineException> check) {
    check.accept(fails(sql, sqlState));
  }

  /** A session of a second engine over the same catalog that sends every query through Calcite. */
  EngineSession calciteOnlySession() {
    if (calciteOnly == null) {
      calciteOnly = new SqlEngine(catalog, ShapePolicy.permissive(), false).openSession("tester", "engine-tests");
    }
    return calciteOnly;
  }

  @Override public void close() {
    if (calciteOnly != null) {
      calciteOnly.close();
    }
    session.close();
  }
}
