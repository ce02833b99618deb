package io.rocklake.conformance.clients;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.clients.IntrospectionQueries.Query;
import io.rocklake.conformance.clients.ReplayedCatalogs.Pair;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * pgjdbc, in its default extended-protocol mode, asks PostgreSQL and RockLake the same introspection
 * queries ({@link IntrospectionQueries}) over the catalog each built from the same DuckDB scenario,
 * and must get the same answer: column labels, JDBC types and values ({@link ClientRows}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(ReplayedCatalogs.Resolver.class)
class PgJdbcIntrospectionTest {
  private final List<Connection> connections = new ArrayList<>();
  private final java.util.Map<String, Connection[]> byScenario = new java.util.HashMap<>();

  @BeforeAll
  void connect(ReplayedCatalogs catalogs) throws SQLException {
    for (Pair p : catalogs.pairs()) {
      Connection pg = ReplayedCatalogs.connect(p.postgres(), p.database());
      Connection rl = ReplayedCatalogs.connect(p.rocklake(), p.database());
      connections.add(pg);
      connections.add(rl);
      byScenario.put(p.scenario(), new Connection[] {pg, rl});
    }
  }

  @AfterAll
  void disconnect() throws SQLException {
    for (Connection c : connections) {
      c.close();
    }
  }

  Stream<Arguments> queries() {
    return ReplayedCatalogs.SCENARIOS.stream().flatMap(s -> IntrospectionQueries.ALL.stream()
        .filter(q -> q.scenario() == null || q.scenario().equals(s))
        .map(q -> Arguments.of(s, q)));
  }

  @Test
  void thereAreEnoughQueries() {
    assertThat(IntrospectionQueries.ALL).hasSizeGreaterThanOrEqualTo(20);
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("queries")
  void rockLakeAnswersAsPostgresDoes(String scenario, Query q) throws SQLException {
    Connection[] c = byScenario.get(scenario);
    ClientRows expected = run(c[0], q);
    ClientRows actual = run(c[1], q);
    assertThat(expected.rows()).as("PostgreSQL's answer to %s", q).isNotNull();
    String difference = expected.difference(actual, q.ordered());
    assertThat(difference).as("%s after %s:\n%s", q, scenario, q.sql()).isNull();
  }

  static ClientRows run(Connection c, Query q) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(q.sql())) {
      for (int i = 0; i < q.params().size(); i++) {
        ps.setObject(i + 1, q.params().get(i));
      }
      try (ResultSet rs = ps.executeQuery()) {
        return ClientRows.read(rs);
      }
    }
  }
}
