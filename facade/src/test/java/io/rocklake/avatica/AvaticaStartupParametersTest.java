package io.rocklake.avatica;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.Catalog;
import io.rocklake.engine.EngineSession;
import io.rocklake.facade.CatalogQueryEngine;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.pgwire.server.QueryEngine;
import io.rocklake.pgwire.server.auth.AuthMethod;
import io.rocklake.pgwire.server.auth.Authentication;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** An Avatica connection opens its engine session with the startup parameters a PostgreSQL client would send. */
class AvaticaStartupParametersTest {

  @Test
  void databaseAndApplicationNamePassThroughAndAreLeftOutWhenNotGiven() throws Exception {
    CatalogQueryEngine real = new CatalogQueryEngine(Catalog.open(Db.open(new InMemoryObjectStore(),
        DbOptions.defaults().withBackgroundCompaction(false))));
    List<Map<String, String>> opened = new CopyOnWriteArrayList<>();
    QueryEngine recording = new QueryEngine() {
      @Override public EngineSession open(Map<String, String> startupParameters) {
        opened.add(Map.copyOf(startupParameters));
        return real.open(startupParameters);
      }
    };
    try (AvaticaEndpoint endpoint = AvaticaEndpoint.start(AvaticaOptions.defaults(
        new InetSocketAddress("127.0.0.1", 0), 10), recording, Authentication.trust(), null)) {
      String url = endpoint.jdbcUrl(AuthMethod.TRUST);
      Properties lake = new Properties();
      lake.setProperty("database", "lake");
      lake.setProperty("application_name", "dashboards");
      lake.setProperty("user", "analyst");
      for (Properties p : List.of(lake, new Properties())) {
        try (Connection c = DriverManager.getConnection(url, p); Statement s = c.createStatement();
            ResultSet rs = s.executeQuery("SELECT 1")) {
          assertThat(rs.next()).isTrue();
        }
      }
    }
    assertThat(opened).containsExactly(Map.of("user", "analyst", "database", "lake", "application_name", "dashboards"),
        Map.of("user", "rocklake"));
  }
}
