package io.rocklake.conformance.clients;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.clients.ReplayedCatalogs.Pair;
import io.rocklake.conformance.replay.Endpoint;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * pgjdbc streams a result through a portal when autocommit is off and a fetch size is set: it binds
 * a named portal and sends Execute with a row limit, again and again, while the server answers each
 * full batch with PortalSuspended. Both servers are reached through a {@link MessageCountingProxy},
 * so the test sees on the wire that RockLake suspended the portal (more than one Execute for it) —
 * exactly as PostgreSQL did for the same query, down to how each Execute ended — and that the
 * streamed rows equal PostgreSQL's.
 */
@ExtendWith(ReplayedCatalogs.Resolver.class)
class PortalStreamingTest {
  private static final int FETCH_SIZE = 10;

  /** What one side did: the rows, and the Execute / PortalSuspended traffic of the portal. */
  private record Streamed(ClientRows rows, List<String> executes, long suspended, List<String> completions) {}

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      // planned by Calcite (ORDER BY)
      "SELECT * FROM ducklake_column ORDER BY table_id, column_id, begin_snapshot",
      // a plain scan, answered without Calcite
      "SELECT column_id, begin_snapshot, end_snapshot, table_id, column_name, column_type FROM ducklake_column",
      // exactly three batches: the third Execute stops at the limit, a fourth finds no row left
      "SELECT column_id, table_id, column_name FROM ducklake_column ORDER BY table_id, column_id, begin_snapshot"
          + " LIMIT 30"})
  void aFetchSizeStreamsThroughASuspendedPortalAsInPostgres(String sql, ReplayedCatalogs catalogs) throws Exception {
    Pair p = catalogs.pair(IntrospectionQueries.DDL);
    Streamed pg = stream(p.postgres(), p.database(), sql);
    Streamed rl = stream(p.rocklake(), p.database(), sql);

    assertThat(pg.rows().rows()).hasSizeGreaterThanOrEqualTo(30);
    assertThat(pg.rows().difference(rl.rows(), sql.contains("ORDER BY"))).isNull();
    assertThat(rl.completions()).as("how each Execute ended").contains("suspended");

    // pgjdbc used a named portal (BEGIN and COMMIT run in the unnamed one) and sent more than one
    // Execute for it: RockLake suspended it.
    List<String> named = rl.executes().stream().filter(name -> !name.isEmpty()).toList();
    assertThat(named).as("Execute messages by portal: %s", rl.executes()).isNotEmpty();
    assertThat(named).as("one named portal: %s", rl.executes()).containsOnly(named.get(0));
    long executes = named.size();
    assertThat(executes).as("Execute messages by portal: %s", rl.executes()).isGreaterThan(1);
    // Every Execute but the last stopped at the fetch size: PortalSuspended, never a complete result.
    assertThat(rl.suspended()).isEqualTo(executes - 1);
    // ... exactly as PostgreSQL did.
    assertThat(rl.executes()).isEqualTo(pg.executes());
    assertThat(rl.suspended()).isEqualTo(pg.suspended());
    // Each Execute ended as in PostgreSQL: suspended, or complete with the tag counting its own rows.
    assertThat(rl.completions()).isEqualTo(pg.completions());
  }

  @Test
  void withAutocommitOnTheWholeResultComesInOneExecute(ReplayedCatalogs catalogs) throws Exception {
    Pair p = catalogs.pair(IntrospectionQueries.DDL);
    try (MessageCountingProxy proxy = new MessageCountingProxy(p.rocklake().host(), p.rocklake().port());
         Connection c = ReplayedCatalogs.connect(new Endpoint("127.0.0.1", proxy.port()), p.database(), noEncryption());
         PreparedStatement ps = c.prepareStatement("SELECT * FROM ducklake_column")) {
      ps.setFetchSize(FETCH_SIZE); // ignored by pgjdbc outside a transaction
      try (ResultSet rs = ps.executeQuery()) {
        assertThat(ClientRows.read(rs).rows()).hasSizeGreaterThan(25);
      }
      assertThat(proxy.portalSuspendedCount()).isZero();
    }
  }

  private static Streamed stream(Endpoint server, String database, String sql) throws Exception {
    try (MessageCountingProxy proxy = new MessageCountingProxy(server.host(), server.port())) {
      ClientRows rows;
      try (Connection c = ReplayedCatalogs.connect(new Endpoint("127.0.0.1", proxy.port()), database, noEncryption())) {
        c.setAutoCommit(false);
        try (PreparedStatement ps = c.prepareStatement(sql)) {
          ps.setFetchSize(FETCH_SIZE);
          try (ResultSet rs = ps.executeQuery()) {
            rows = ClientRows.read(rs);
          }
        }
        c.commit();
      }
      return new Streamed(rows, proxy.executedPortals(), proxy.portalSuspendedCount(), proxy.completions());
    }
  }

  private static Properties noEncryption() {
    Properties p = new Properties();
    p.setProperty("gssEncMode", "disable");
    return p;
  }
}
