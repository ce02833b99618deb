package io.rocklake.avatica;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.kv.Db;
import io.rocklake.server.CatalogLocation;
import io.rocklake.server.RockLakeServer;
import io.rocklake.server.ServerConfig;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Properties;

/** A catalog folder holding DuckLake's tables and rows of {@code ducklake_snapshot}, and servers on it with Avatica on. */
final class AvaticaFixture {
  /** The snapshot time of row {@code id}: microseconds that milliseconds would lose. */
  static Instant snapshotTime(long id) {
    return Instant.parse("2026-11-29T14:56:12.123456Z").plusSeconds(id).plusNanos((id % 1000) * 1000);
  }

  private AvaticaFixture() {}

  /** DuckLake's 28 tables and {@code snapshots} rows of {@code ducklake_snapshot} (ids 0..n-1), in one commit. */
  static CatalogLocation catalog(Path dir, int snapshots) {
    CatalogLocation location = CatalogLocation.parse(dir.resolve("catalog").toString());
    Db db = Db.open(location.open());
    try {
      Catalog catalog = Catalog.open(db);
      CatalogTransaction tx = catalog.begin();
      DuckLakeRelations.createTables(tx);
      RelationDef snapshot = DuckLakeRelations.ALL.get(1);
      for (long s = 0; s < snapshots; s++) {
        tx.insert(snapshot, new Object[] {s, snapshotTime(s), s % 7, s + 1, 0L});
      }
      tx.commit();
    } finally {
      db.close();
    }
    return location;
  }

  /** Loopback, trust, Avatica on a free port with these options' frame size and idle times. */
  static ServerConfig config(CatalogLocation location, AvaticaOptions avatica) {
    return ServerConfig.local(location, 0).withAvatica(avatica);
  }

  static AvaticaOptions avatica() {
    return AvaticaOptions.defaults(new InetSocketAddress("127.0.0.1", 0), ServerConfig.DEFAULT_MAX_SESSIONS);
  }

  static Connection avatica(RockLakeServer server) throws SQLException {
    return avatica(server, new Properties());
  }

  static Connection avatica(RockLakeServer server, Properties properties) throws SQLException {
    return DriverManager.getConnection(server.avatica().jdbcUrl(server.config().authentication().method()), properties);
  }

  /** pgjdbc to the same server's PostgreSQL endpoint. */
  static Connection pgjdbc(RockLakeServer server) throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port() + "/rocklake?user=duck");
  }
}
