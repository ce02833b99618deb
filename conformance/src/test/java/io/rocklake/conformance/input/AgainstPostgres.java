package io.rocklake.conformance.input;

import io.rocklake.catalog.Catalog;
import io.rocklake.conformance.pg.ThrowawayPostgres;
import io.rocklake.facade.CatalogQueryEngine;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.store.InMemoryObjectStore;
import io.rocklake.pgwire.server.PgWireServer;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * The two servers a test of this package sends the same bytes to, started once per test class: a
 * throwaway PostgreSQL 15 (the oracle) and RockLake on an empty in-memory catalog.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AgainstPostgres {
  ThrowawayPostgres postgres;
  PgWireServer rocklake;

  @BeforeAll
  void startBoth() throws Exception {
    postgres = ThrowawayPostgres.start(ThrowawayPostgres.Durability.RELAXED);
    Catalog catalog = Catalog.open(Db.open(new InMemoryObjectStore(), DbOptions.defaults().withBackgroundCompaction(false)));
    rocklake = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), new CatalogQueryEngine(catalog));
  }

  @AfterAll
  void stopBoth() {
    if (rocklake != null) {
      rocklake.close();
    }
    if (postgres != null) {
      postgres.close();
    }
  }
}
